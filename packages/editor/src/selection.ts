/** A point of the document's contours: contour index and point index, as one string key (`"2:5"`). */
export type PointKey = string;

export const pointKey = (contour: number, point: number): PointKey => `${contour}:${point}`;

export function parsePointKey(key: PointKey): { contour: number; point: number } {
  const [contour, point] = key.split(":").map(Number);
  return { contour: contour!, point: point! };
}

/** The selected points of the outline editor. */
export type Selection = ReadonlySet<PointKey>;

export const EMPTY_SELECTION: Selection = new Set();

/** Selected point indices grouped by contour. */
export function selectionByContour(selection: Selection): Map<number, Set<number>> {
  const groups = new Map<number, Set<number>>();
  for (const key of selection) {
    const { contour, point } = parsePointKey(key);
    const group = groups.get(contour) ?? new Set<number>();
    groups.set(contour, group);
    group.add(point);
  }
  return groups;
}

/** The contours that have a selected point, in ascending order. */
export const selectedContours = (selection: Selection): number[] =>
  [...selectionByContour(selection).keys()].sort((a, b) => a - b);

/** Every point of the given contours. */
export function selectContours(
  contours: readonly { points: readonly unknown[] }[],
  indices: Iterable<number>,
): Selection {
  const keys = new Set<PointKey>();
  for (const c of indices) {
    const count = contours[c]?.points.length ?? 0;
    for (let p = 0; p < count; p++) keys.add(pointKey(c, p));
  }
  return keys;
}
