/** Spec §9: at most four route preloads run at once. */
export const MAX_PARALLEL_PRELOADS = 4;

export interface PreloadQueue {
  /** Runs `task` once per key, when a slot is free; a failed preload may be tried again later. */
  preload(key: string, task: () => Promise<unknown>): Promise<void>;
  /** How many preloads are running now (for tests and the debug page). */
  running(): number;
}

/** A de-duplicating queue that runs at most `limit` preloads in parallel. */
export function createPreloadQueue(limit: number = MAX_PARALLEL_PRELOADS): PreloadQueue {
  const known = new Map<string, Promise<void>>();
  const waiting: (() => void)[] = [];
  let active = 0;

  const acquire = () =>
    new Promise<void>((resolve) => {
      if (active < limit) {
        active += 1;
        resolve();
      } else {
        waiting.push(() => {
          active += 1;
          resolve();
        });
      }
    });
  const release = () => {
    active -= 1;
    waiting.shift()?.();
  };

  return {
    preload(key, task) {
      const existing = known.get(key);
      if (existing) return existing;
      const run = (async () => {
        await acquire();
        try {
          await task();
        } catch {
          // A preload is only a head start: the navigation itself loads again and reports any failure.
          known.delete(key);
        } finally {
          release();
        }
      })();
      known.set(key, run);
      return run;
    },
    running: () => active,
  };
}
