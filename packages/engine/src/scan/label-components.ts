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
  let parent = new Int32Array(256);
  let next = 1;
  const root = (a: number) => {
    let r = a;
    while (parent[r] !== r) r = parent[r]!;
    while (parent[a] !== r) {
      const up = parent[a]!;
      parent[a] = r;
      a = up;
    }
    return r;
  };
  const join = (a: number, b: number) => {
    if (a === b) return a;
    const ra = root(a);
    const rb = root(b);
    if (ra < rb) {
      parent[rb] = ra;
      return ra;
    }
    parent[ra] = rb;
    return rb;
  };
  // One flat loop over the pixels (x and y kept alongside), in both passes: V8 compiles a hot inner loop of nested
  // ones on its own and throws that code away each time the loop ends, row after row, on a fresh thread's first
  // large mask (measured: hundreds of deoptimisations in one cold read).
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
      if (x > 0 && labels[up - 1]) label = label ? join(label, labels[up - 1]!) : labels[up - 1]!;
      if (labels[up]) label = label ? join(label, labels[up]!) : labels[up]!;
      if (x < width - 1 && labels[up + 1]) label = label ? join(label, labels[up + 1]!) : labels[up + 1]!;
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
  // Resolve to consecutive numbers and gather statistics.
  const remap = new Int32Array(next);
  let count = 0;
  for (let l = 1; l < next; l++) {
    const r = root(l);
    remap[l] = r === l ? ++count : remap[r]!;
  }
  const area = new Int32Array(count + 1);
  const minX = new Int32Array(count + 1).fill(width);
  const maxX = new Int32Array(count + 1).fill(-1);
  const minY = new Int32Array(count + 1).fill(height);
  const maxY = new Int32Array(count + 1).fill(-1);
  const sumX = new Float64Array(count + 1);
  const sumY = new Float64Array(count + 1);
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
  return { labels, count, area, minX, maxX, minY, maxY, sumX, sumY };
}
