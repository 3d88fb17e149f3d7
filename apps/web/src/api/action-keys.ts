/** After a create call is answered, a repeat this soon still counts as the same user action (a double click). */
export const SETTLE_MS = 1_000;

/**
 * Idempotency keys for create calls, one per user action: the same call (path and body) made again while the first is
 * under way, or within a second of its answer, carries the same key, so the server makes one object of it and answers
 * the repeat with the first answer (server: http/idempotency.ts). A later call is a new action with a new key, so a
 * build after an edit is a new build.
 */
export function createActionKeys(now: () => number = Date.now, newKey: () => string = () => crypto.randomUUID()) {
  const recent = new Map<string, { key: string; running: number; settledAt: number }>();
  return async function oneAction<T>(path: string, body: unknown, send: (key: string) => Promise<T>): Promise<T> {
    const time = now();
    for (const [call, entry] of recent) {
      if (entry.running === 0 && time - entry.settledAt > SETTLE_MS) recent.delete(call);
    }
    const call = `${path} ${JSON.stringify(body)}`;
    const entry = recent.get(call) ?? { key: newKey(), running: 0, settledAt: 0 };
    recent.set(call, entry);
    entry.running += 1;
    try {
      return await send(entry.key);
    } finally {
      entry.running -= 1;
      entry.settledAt = now();
    }
  };
}

export const oneAction = createActionKeys();
