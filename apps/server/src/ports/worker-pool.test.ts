import { afterAll, describe, expect, it } from "vitest";
import { createWorkerPool, WorkerTaskError } from "./worker-pool.ts";

const pool = createWorkerPool({
  script: new URL("../test-support/test-worker.ts", import.meta.url),
  size: 2,
  maxQueue: 2,
  taskTimeoutMs: 5000,
});
afterAll(() => pool.close());

describe("worker pool", () => {
  it("keeps the event loop responsive while workers are busy", async () => {
    const lags: number[] = [];
    let running = true;
    const probe = (async () => {
      while (running) {
        const start = performance.now();
        await new Promise((resolve) => setTimeout(resolve, 10));
        lags.push(performance.now() - start - 10);
      }
    })();
    const progress: number[] = [];
    const results = await Promise.all([
      pool.run<{ steps: number }>("spin", { ms: 1000 }, { onProgress: (fraction) => progress.push(fraction) }),
      pool.run<{ steps: number }>("spin", { ms: 1000 }),
    ]);
    running = false;
    await probe;
    expect(results.every((result) => result.steps > 0)).toBe(true);
    // Work on the main thread would stall the timer for the whole second; a shared 2-core machine adds some lag.
    const sorted = [...lags].sort((a, b) => a - b);
    expect(lags.length).toBeGreaterThan(20);
    expect(sorted[Math.floor(sorted.length / 2)]).toBeLessThan(50);
    expect(sorted.at(-1)).toBeLessThan(500);
    expect(progress.length).toBeGreaterThan(0);
  });

  it("answers a worker's question from the main thread", async () => {
    const value = await pool.run("ask", { question: "layout?" }, { onRequest: (q) => `answer to ${String(q)}` });
    expect(value).toBe("answer to layout?");
  });

  it("passes a task's error code through and moves bytes without copying", async () => {
    const error = await pool.run("fail", {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkerTaskError);
    expect(error).toMatchObject({ code: "PAGE_DAMAGED", details: { found: 2 } });
    const bytes = new Uint8Array([1, 2, 3]).buffer;
    const doubled = await pool.run<ArrayBuffer>("double", { bytes }, { transfer: [bytes] });
    expect([...new Uint8Array(doubled)]).toEqual([2, 4, 6]);
    expect(bytes.byteLength).toBe(0);
  });

  it("refuses work beyond its queue with SERVER_BUSY instead of piling up", async () => {
    const running = [pool.run("spin", { ms: 300 }), pool.run("spin", { ms: 300 })];
    const waiting = [pool.run("spin", { ms: 10 }), pool.run("spin", { ms: 10 })];
    await expect(pool.run("spin", { ms: 10 })).rejects.toMatchObject({ code: "SERVER_BUSY" });
    await Promise.all([...running, ...waiting]);
  });

  it("replaces a crashed worker and keeps serving", async () => {
    await expect(pool.run("crash", {})).rejects.toMatchObject({ code: "WORKER_CRASHED" });
    await expect(pool.run<{ steps: number }>("spin", { ms: 5 })).resolves.toMatchObject({});
  });

  it("stops a task that runs too long", async () => {
    const quick = createWorkerPool({
      script: new URL("../test-support/test-worker.ts", import.meta.url),
      size: 1,
      maxQueue: 1,
      taskTimeoutMs: 1500,
    });
    await expect(quick.run("spin", { ms: 6000 })).rejects.toMatchObject({ code: "TASK_TIMEOUT" });
    await expect(quick.run("ask", { question: "x" }, { onRequest: () => 1 })).resolves.toBe(1);
    await quick.close();
  });
});
