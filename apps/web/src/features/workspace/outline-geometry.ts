/** Guide lines of the templates in font units (y up from the baseline), as the engine prints them. */
export const GUIDES = { capHeight: 700, xHeight: 480, baseline: 0, descender: -250 } as const;

/** The horizontal extent of an outline stored as absolute path data (M, L, C, Q, Z with number pairs). */
export function outlineXRange(path: string): { min: number; max: number } | null {
  const numbers = path.match(/-?\d*\.?\d+(?:e[-+]?\d+)?/gi)?.map(Number) ?? [];
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (let i = 0; i + 1 < numbers.length; i += 2) {
    min = Math.min(min, numbers[i]!);
    max = Math.max(max, numbers[i]!);
  }
  return Number.isFinite(min) ? { min, max } : null;
}
