import { afterEach, describe, expect, it, vi } from "vitest";
import { startPaymentReconciler } from "./payments.ts";
import type { Payments } from "./services/payments/index.ts";

afterEach(() => {
  vi.useRealTimers();
});

/** A check that takes `takesMs` and counts its runs and how many ran at once. */
function countingPayments(takesMs: number) {
  const counts = { runs: 0, running: 0, mostAtOnce: 0 };
  const reconcile = async () => {
    counts.runs += 1;
    counts.running += 1;
    counts.mostAtOnce = Math.max(counts.mostAtOnce, counts.running);
    await new Promise((resolve) => setTimeout(resolve, takesMs));
    counts.running -= 1;
    return { checked: 0, granted: 0, failed: 0, expired: 0, errors: 0 };
  };
  return { counts, payments: { reconcile } as unknown as Payments };
}
const log = { error: vi.fn() };

describe("the periodic check of pending payments", () => {
  it("runs at start and then every interval, never two runs at once, and stops", async () => {
    vi.useFakeTimers();
    const { counts, payments } = countingPayments(1_500);
    const reconciler = startPaymentReconciler({ payments, intervalMs: 1_000, log });
    expect(counts.runs).toBe(1); // at start, before the first interval
    // t = 1 s: the first run is still going, so the tick does not start another.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(counts.runs).toBe(1);
    // t = 1.5 s the first run ends; t = 2 s the next tick starts the second.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(counts.runs).toBe(2);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(counts.runs).toBe(3);
    expect(counts.mostAtOnce).toBe(1);
    const stopped = reconciler.stop();
    await vi.advanceTimersByTimeAsync(1_500);
    await stopped;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(counts.runs).toBe(3);
  });

  it("does not run by itself when the interval is 0", async () => {
    vi.useFakeTimers();
    const { counts, payments } = countingPayments(0);
    const reconciler = startPaymentReconciler({ payments, intervalMs: 0, log });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(counts.runs).toBe(0);
    const run = reconciler.runNow();
    await vi.advanceTimersByTimeAsync(0);
    await run;
    expect(counts.runs).toBe(1);
  });

  it("logs a failed run and keeps going", async () => {
    vi.useFakeTimers();
    let calls = 0;
    const payments = {
      reconcile: async () => {
        calls += 1;
        throw new Error("database gone");
      },
    } as unknown as Payments;
    const failures = { error: vi.fn() };
    const reconciler = startPaymentReconciler({ payments, intervalMs: 1_000, log: failures });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toBe(2);
    expect(failures.error).toHaveBeenCalledTimes(2);
    await reconciler.stop();
  });
});
