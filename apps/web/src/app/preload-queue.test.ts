import { describe, expect, it } from "vitest";
import { createPreloadQueue } from "./preload-queue.ts";

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("route preloading (spec §9: at most 4 at once)", () => {
  it("runs four preloads at a time and starts the next as one ends", async () => {
    const queue = createPreloadQueue();
    const tasks = Array.from({ length: 6 }, () => deferred());
    const started: number[] = [];
    tasks.forEach((task, index) => {
      void queue.preload(`page-${index}`, () => {
        started.push(index);
        return task.promise;
      });
    });
    await flush();
    expect(started).toEqual([0, 1, 2, 3]);
    expect(queue.running()).toBe(4);
    tasks[1]?.resolve();
    await flush();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(queue.running()).toBe(4);
  });

  it("preloads each key once, but tries again after a failure", async () => {
    const queue = createPreloadQueue();
    let calls = 0;
    const failing = () => {
      calls += 1;
      return Promise.reject(new Error("offline"));
    };
    await Promise.all([queue.preload("home", failing), queue.preload("home", failing)]);
    expect(calls).toBe(1);
    await queue.preload("home", failing);
    expect(calls).toBe(2);
    expect(queue.running()).toBe(0);
  });
});
