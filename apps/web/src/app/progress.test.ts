import { describe, expect, it } from "vitest";
import { createProgressController, estimateProgress, type ProgressClock, type ProgressView } from "./progress.ts";

/** A manual clock: time moves only when the test says so. */
function manualClock() {
  let now = 0;
  let nextId = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  const clock: ProgressClock = {
    now: () => now,
    setTimeout: (callback, ms) => {
      const id = nextId++;
      timers.set(id, { at: now + ms, callback });
      return id;
    },
    clearTimeout: (handle) => {
      timers.delete(handle as number);
    },
  };
  function advance(ms: number) {
    const end = now + ms;
    for (;;) {
      const due = [...timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      timers.delete(due[0]);
      now = due[1].at;
      due[1].callback();
    }
    now = end;
  }
  return { clock, advance };
}

function setup() {
  const { clock, advance } = manualClock();
  const views: ProgressView[] = [];
  const controller = createProgressController((view) => views.push(view), clock);
  const last = () => views.at(-1) ?? { visible: false, progress: 0 };
  return { controller, advance, views, last };
}

describe("progress bar timings (spec §9)", () => {
  it("never shows for a load shorter than the 200 ms throttle", () => {
    const { controller, advance, views } = setup();
    controller.start();
    advance(199);
    controller.finish();
    advance(5000);
    expect(views).toEqual([]);
  });

  it("shows after 200 ms and climbs towards 100 % without reaching it", () => {
    const { controller, advance, last } = setup();
    controller.start();
    advance(200);
    expect(last().visible).toBe(true);
    advance(2000);
    expect(last().progress).toBeGreaterThan(69);
    expect(last().progress).toBeLessThan(71);
    advance(60_000);
    expect(last().progress).toBeLessThan(100);
  });

  it("completes to 100 %, hides 500 ms later and resets 400 ms after that", () => {
    const { controller, advance, last } = setup();
    controller.start();
    advance(500);
    controller.finish();
    expect(last()).toEqual({ visible: true, progress: 100 });
    advance(499);
    expect(last().visible).toBe(true);
    advance(1);
    expect(last()).toEqual({ visible: false, progress: 100 });
    advance(399);
    expect(last().progress).toBe(100);
    advance(1);
    expect(last()).toEqual({ visible: false, progress: 0 });
  });

  it("estimates 50 % at half the duration", () => {
    expect(estimateProgress(1000, 2000)).toBeCloseTo(50, 5);
  });
});
