/** A seeded pseudo-random source (mulberry32), so every synthetic page can be reproduced from its seed. */
export type Random = {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in [min, max). */
  range(min: number, max: number): number;
  /** Roughly normal, mean 0, standard deviation 1 (sum of uniforms). */
  normal(): number;
  pick<T>(items: readonly T[]): T;
};

/** Creates a seeded random source. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0 || 1;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (min, max) => min + (max - min) * next(),
    normal: () => {
      let sum = 0;
      for (let i = 0; i < 6; i++) sum += next();
      return (sum - 3) * Math.SQRT2;
    },
    pick: (items) => items[Math.floor(next() * items.length)]!,
  };
}
