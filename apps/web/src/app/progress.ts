/** Spec §9 loading indicator: shown only for loads longer than the throttle, 3 px high. */
export const PROGRESS_TIMINGS = {
  throttleMs: 200,
  /** Time in which the estimate climbs to about 70 %; it approaches 100 % but never reaches it while loading. */
  durationMs: 2000,
  hideDelayMs: 500,
  resetDelayMs: 400,
  heightPx: 3,
  tickMs: 100,
} as const;

export interface ProgressView {
  visible: boolean;
  /** 0–100. */
  progress: number;
}

export interface ProgressClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const browserClock: ProgressClock = {
  now: () => performance.now(),
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
};

/** An ease-out estimate of progress after `elapsed` ms: 50 % at half the duration, ~70 % at the full duration. */
export function estimateProgress(elapsed: number, duration: number): number {
  return (2 / Math.PI) * 100 * Math.atan((elapsed / duration) * 2);
}

export interface ProgressController {
  start(): void;
  finish(): void;
  dispose(): void;
}

/**
 * The progress bar's state machine: idle → pending (throttle) → running → finishing (100 %, hide delay) →
 * hidden (reset delay) → idle. A load that ends during the throttle never shows the bar.
 */
export function createProgressController(
  onChange: (view: ProgressView) => void,
  clock: ProgressClock = browserClock,
  timings: typeof PROGRESS_TIMINGS = PROGRESS_TIMINGS,
): ProgressController {
  let phase: "idle" | "pending" | "running" | "finishing" = "idle";
  let view: ProgressView = { visible: false, progress: 0 };
  let startedAt = 0;
  let timer: unknown;

  const emit = (next: ProgressView) => {
    view = next;
    onChange(view);
  };
  const schedule = (callback: () => void, ms: number) => {
    clock.clearTimeout(timer);
    timer = clock.setTimeout(callback, ms);
  };
  const tick = () => {
    emit({ visible: true, progress: estimateProgress(clock.now() - startedAt, timings.durationMs) });
    schedule(tick, timings.tickMs);
  };

  return {
    start() {
      if (phase === "pending" || phase === "running") return;
      if (phase === "finishing") {
        // A new load right after the last one: keep the bar on screen and climb again from the start.
        phase = "running";
        startedAt = clock.now();
        tick();
        return;
      }
      phase = "pending";
      schedule(() => {
        phase = "running";
        startedAt = clock.now();
        tick();
      }, timings.throttleMs);
    },
    finish() {
      if (phase === "pending") {
        phase = "idle";
        clock.clearTimeout(timer);
        return;
      }
      if (phase !== "running") return;
      phase = "finishing";
      emit({ visible: true, progress: 100 });
      schedule(() => {
        emit({ visible: false, progress: 100 });
        schedule(() => {
          phase = "idle";
          emit({ visible: false, progress: 0 });
        }, timings.resetDelayMs);
      }, timings.hideDelayMs);
    },
    dispose() {
      clock.clearTimeout(timer);
      phase = "idle";
    },
  };
}
