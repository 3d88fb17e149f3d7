/** The time as services see it; tests pass a clock they can move to cross an expiry. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until moved, for tests of expiries and rate-limit windows. */
export function manualClock(start: Date = new Date()): Clock & { advance(ms: number): void } {
  let time = start.getTime();
  return {
    now: () => new Date(time),
    advance(ms: number) {
      time += ms;
    },
  };
}
