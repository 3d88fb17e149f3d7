/** Connected components of a binary mask, with the statistics the reader filters them by. */
export type Components = {
  /** Component number per pixel (0 = background, components start at 1). */
  labels: Int32Array;
  count: number;
  /** Per component (index = label): pixel count, bounding box and coordinate sums for centroids. */
  area: Int32Array;
  minX: Int32Array;
  maxX: Int32Array;
  minY: Int32Array;
  maxY: Int32Array;
  sumX: Float64Array;
  sumY: Float64Array;
};

/**
 * The union-find forest of the labelling under way (parent label per provisional label), kept between calls and
 * grown when a mask needs more: labelling runs to the end synchronously and keeps nothing of it.
 */
let parent = new Int32Array(256);

/** Labels the 8-connected components of the non-zero pixels of a mask (two passes with union-find). */
export function labelComponents(mask: Uint8Array, width: number, height: number): Components {
  const labels = new Int32Array(width * height);
  const next = provisionalLabels(mask, width, height, labels);
  // Resolve to consecutive numbers and gather statistics.
  const remap = new Int32Array(next);
  let count = 0;
  for (let l = 1; l < next; l++) {
    const r = root(parent, l);
    remap[l] = r === l ? ++count : remap[r]!;
  }
  const area = new Int32Array(count + 1);
  const minX = new Int32Array(count + 1).fill(width);
  const maxX = new Int32Array(count + 1).fill(-1);
  const minY = new Int32Array(count + 1).fill(height);
  const maxY = new Int32Array(count + 1).fill(-1);
  const sumX = new Float64Array(count + 1);
  const sumY = new Float64Array(count + 1);
  const components = { labels, count, area, minX, maxX, minY, maxY, sumX, sumY };
  gatherStatistics(components, remap, width);
  return components;
}

// Each pass over the pixels is one flat loop (x and y kept alongside) in a function of its own with nothing after
// the loop: V8 compiles a hot loop on its own while it runs, and code compiled so, for a nested loop or with more
// after it, was thrown away mask after mask in a fresh process (measured: hundreds of deoptimisations a read).

/** First pass: a provisional label per ink pixel, equivalences in `parent`; returns the next unused label. */
function provisionalLabels(mask: Uint8Array, width: number, height: number, labels: Int32Array): number {
  let next = 1;
  const n = width * height;
  for (let i = 0, x = 0, y = 0; i < n; i++, x++) {
    if (x === width) {
      x = 0;
      y++;
    }
    if (!mask[i]) continue;
    // Neighbours already visited: left, and the three above.
    let label = x > 0 ? labels[i - 1]! : 0;
    if (y > 0) {
      const up = i - width;
      if (x > 0 && labels[up - 1]) label = label ? join(parent, label, labels[up - 1]!) : labels[up - 1]!;
      if (labels[up]) label = label ? join(parent, label, labels[up]!) : labels[up]!;
      if (x < width - 1 && labels[up + 1]) label = label ? join(parent, label, labels[up + 1]!) : labels[up + 1]!;
    }
    if (!label) {
      if (next >= parent.length) {
        const grown = new Int32Array(parent.length * 2);
        grown.set(parent);
        parent = grown;
      }
      parent[next] = next;
      label = next++;
    }
    labels[i] = label;
  }
  return next;
}

/** Second pass: final labels through `remap`, and each component's area, bounds and coordinate sums. */
function gatherStatistics(
  { labels, area, minX, maxX, minY, maxY, sumX, sumY }: Components,
  remap: Int32Array,
  width: number,
): void {
  const n = labels.length;
  for (let i = 0, x = 0, y = 0; i < n; i++, x++) {
    if (x === width) {
      x = 0;
      y++;
    }
    const raw = labels[i]!;
    if (!raw) continue;
    const l = remap[raw]!;
    labels[i] = l;
    area[l]!++;
    if (x < minX[l]!) minX[l] = x;
    if (x > maxX[l]!) maxX[l] = x;
    if (y < minY[l]!) minY[l] = y;
    if (y > maxY[l]!) maxY[l] = y;
    sumX[l]! += x;
    sumY[l]! += y;
  }
}

/**
 * The root of a label in the union-find forest `parent`, compressing the path to it. Functions of the module
 * rather than closures made per call: calls to a new closure each time were compiled for the previous one and
 * thrown away call after call.
 */
function root(parent: Int32Array, a: number): number {
  let r = a;
  while (parent[r] !== r) r = parent[r]!;
  while (parent[a] !== r) {
    const up = parent[a]!;
    parent[a] = r;
    a = up;
  }
  return r;
}

/** Joins the trees of labels a and b under the smaller root; returns that root. */
function join(parent: Int32Array, a: number, b: number): number {
  if (a === b) return a;
  const ra = root(parent, a);
  const rb = root(parent, b);
  if (ra < rb) {
    parent[rb] = ra;
    return ra;
  }
  parent[ra] = rb;
  return rb;
}
