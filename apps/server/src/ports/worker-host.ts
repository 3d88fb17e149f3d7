import { parentPort } from "node:worker_threads";

/** What a task handler may do besides returning its result. */
export type TaskContext = {
  progress(fraction: number): void;
  /** Asks the main thread a question and waits for its answer. */
  ask(question: unknown): Promise<unknown>;
};

export type TaskResult = { value: unknown; transfer?: ArrayBuffer[] };
export type TaskHandler = (payload: never, context: TaskContext) => Promise<TaskResult>;

/** Serves tasks posted by a WorkerPool in this worker thread, answering each with its result or a coded error. */
export function serveTasks(handlers: Record<string, TaskHandler>): void {
  const port = parentPort;
  if (!port) throw new Error("serveTasks must run in a worker thread");
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextRequest = 1;
  port.on("message", async (message: { type: string; id: number; [key: string]: unknown }) => {
    if (message.type === "response") {
      const waiting = pending.get(message.requestId as number);
      pending.delete(message.requestId as number);
      if (message.error) waiting?.reject(new Error(String(message.error)));
      else waiting?.resolve(message.value);
      return;
    }
    if (message.type !== "task") return;
    const { id } = message;
    const context: TaskContext = {
      progress: (fraction) => port.postMessage({ type: "progress", id, fraction }),
      ask: (question) =>
        new Promise((resolve, reject) => {
          const requestId = nextRequest++;
          pending.set(requestId, { resolve, reject });
          port.postMessage({ type: "request", id, requestId, question });
        }),
    };
    try {
      const handler = handlers[message.task as string];
      if (!handler) throw Object.assign(new Error(`Unknown task ${String(message.task)}`), { code: "UNKNOWN_TASK" });
      const result = await handler(message.payload as never, context);
      port.postMessage({ type: "result", id, value: result.value }, result.transfer ?? []);
    } catch (error) {
      const coded = error as { code?: unknown; message?: unknown; details?: unknown };
      port.postMessage({
        type: "error",
        id,
        code: typeof coded.code === "string" ? coded.code : "TASK_FAILED",
        message: typeof coded.message === "string" ? coded.message : String(error),
        details: typeof coded.details === "object" && coded.details !== null ? coded.details : undefined,
      });
    }
  });
}
