/** Kerning as classes: `values[l][r]` applies between every glyph of `left[l]` and every glyph of `right[r]`. */
export interface KerningClasses {
  left: number[][];
  right: number[][];
  values: number[][];
}

/** Largest difference (font units) between two kerning rows or columns that may share a class. */
export const KERNING_CLASS_TOLERANCE = 15;

function cluster(vectors: number[][], tolerance: number): number[] {
  const representatives: number[][] = [];
  return vectors.map((vector) => {
    for (let c = 0; c < representatives.length; c++) {
      const rep = representatives[c]!;
      let close = true;
      for (let k = 0; k < vector.length; k++) {
        if (Math.abs(rep[k]! - vector[k]!) > tolerance) {
          close = false;
          break;
        }
      }
      if (close) return c;
    }
    representatives.push(vector);
    return representatives.length - 1;
  });
}

/** Averages the vectors of each class (rounded to 5 units). */
function mergeBy(vectors: number[][], classOf: number[], count: number): number[][] {
  const width = vectors[0]?.length ?? 0;
  const sums = Array.from({ length: count }, () => new Float64Array(width));
  const sizes = new Array<number>(count).fill(0);
  vectors.forEach((vector, index) => {
    const c = classOf[index]!;
    sizes[c]!++;
    for (let k = 0; k < width; k++) sums[c]![k]! += vector[k]!;
  });
  return sums.map((sum, c) => Array.from(sum, (total) => Math.round(total / sizes[c]! / 5) * 5));
}

/**
 * Groups glyph groups whose kerning rows (and then columns) differ by at most KERNING_CLASS_TOLERANCE into classes,
 * so a class-based PairPos stays small: handwriting gives every letter slightly different values, and a few units
 * of difference are invisible. Groups that kern with nothing are left out. `groups[i]` are the glyphs of candidate i;
 * `values` maps "i|j" to the pair value.
 */
export function kerningClasses(groups: number[][], values: Map<string, number>): KerningClasses {
  const leftIds = new Set<number>();
  const rightIds = new Set<number>();
  for (const key of values.keys()) {
    const [i, j] = key.split("|").map(Number) as [number, number];
    leftIds.add(i);
    rightIds.add(j);
  }
  const lefts = [...leftIds].sort((a, b) => a - b);
  const rights = [...rightIds].sort((a, b) => a - b);
  const rows = lefts.map((i) => rights.map((j) => values.get(`${i}|${j}`) ?? 0));
  const rowClass = cluster(rows, KERNING_CLASS_TOLERANCE);
  const rowCount = Math.max(0, ...rowClass.map((c) => c + 1));
  const mergedRows = mergeBy(rows, rowClass, rowCount);
  const columns = rights.map((_, r) => mergedRows.map((row) => row[r]!));
  const columnClass = cluster(columns, KERNING_CLASS_TOLERANCE);
  const columnCount = Math.max(0, ...columnClass.map((c) => c + 1));
  const mergedColumns = mergeBy(columns, columnClass, columnCount);
  const result: KerningClasses = {
    left: Array.from({ length: rowCount }, () => []),
    right: Array.from({ length: columnCount }, () => []),
    values: Array.from({ length: rowCount }, (_, row) => mergedColumns.map((column) => column[row]!)),
  };
  lefts.forEach((i, index) => {
    result.left[rowClass[index]!]!.push(...groups[i]!);
  });
  rights.forEach((j, index) => {
    result.right[columnClass[index]!]!.push(...groups[j]!);
  });
  return result;
}
