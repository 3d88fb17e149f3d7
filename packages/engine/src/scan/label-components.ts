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

/** Labels the 8-connected components of the non-zero pixels of a mask (two passes with union-find). */
export function labelComponents(mask: Uint8Array, width: number, height: number): Components {
  const labels = new Int32Array(width * height);
  const next = provisionalLabels(mask, width, height, labels);
  const parent = forest;
  // Resolve to consecutive numbers and gather statistics.
  const remap = new Int32Array(next);
  let count = 0;
  for (let l = 1; l < next; l++) {
    const r = root(parent, l);
    remap[l] = r === l ? ++count : remap[r]!;
  }
  const parts: Components = {
    labels,
    count,
    area: new Int32Array(count + 1),
    minX: new Int32Array(count + 1).fill(width),
    maxX: new Int32Array(count + 1).fill(-1),
    minY: new Int32Array(count + 1).fill(height),
    maxY: new Int32Array(count + 1).fill(-1),
    sumX: new Float64Array(count + 1),
    sumY: new Float64Array(count + 1),
  };
  gather(parts, remap, width, height);
  return parts;
}

// Each pass over the pixels is a function of its own, one flat loop (x and y kept alongside) with nothing after it
// but a number returned: V8 compiles a hot loop on its own while it runs, and code with more after the loop (an object
// returned), or an inner loop of nested ones, was thrown away each time the loop ended (row after row, call after
// call) on a fresh thread's first large masks (measured: hundreds of deoptimisations in one cold read).

/**
 * The union-find forest of the last provisionalLabels, entries 1 to its count: which labels are one. Kept between calls
 * (labelling is synchronous, one mask at a time), so the first pass returns only a number.
 */
let forest = new Int32Array(256);

/** The first pass: a provisional label per ink pixel, joined in `forest`; returns one more than the last label. */
function provisionalLabels(mask: Uint8Array, width: number, height: number, labels: Int32Array): number {
  let parent = forest;
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
      if (next >= parent.length) parent = forest = grown(parent);
      parent[next] = next;
      label = next++;
    }
    labels[i] = label;
  }
  return next;
}

/** The second pass: final labels (through `remap`) and each component's statistics. */
function gather(parts: Components, remap: Int32Array, width: number, height: number) {
  const { labels, area, minX, maxX, minY, maxY, sumX, sumY } = parts;
  const n = width * height;
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

/** A union-find forest with room for twice as many labels. */
function grown(parent: Int32Array): Int32Array<ArrayBuffer> {
  const out = new Int32Array(parent.length * 2);
  out.set(parent);
  return out;
}

/**
 * The root of label `a` in the union-find forest `parent`, every label on the way pointed at it. Module functions, not
 * closures: a closure made afresh in each call is a new call target to V8, whose optimised code for the caller was
 * thrown away call after call on a fresh thread ("wrong call target").
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

/** Joins the trees of labels `a` and `b` under the smaller root; returns it. */
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
