/** Kerning as classes: `values[l][r]` applies between every glyph of `left[l]` and every glyph of `right[r]`. */
export interface KerningClasses {
  left: number[][];
  right: number[][];
  values: number[][];
}

/** Largest difference (font units) between two kerning rows or columns that may share a class. */
export const KERNING_CLASS_TOLERANCE = 15;

function cluster(vectors: number[][], tolerance: number): number[] {
  // Kerning vectors are mostly zeros: compare two vectors on their nonzero entries only.
  const nonzero = vectors.map((vector) => {
    const indices: number[] = [];
    for (let k = 0; k < vector.length; k++) if (vector[k] !== 0) indices.push(k);
    return indices;
  });
  const representatives: number[] = [];
  return vectors.map((vector, index) => {
    for (let c = 0; c < representatives.length; c++) {
      const other = representatives[c]!;
      const rep = vectors[other]!;
      let close = true;
      for (const k of nonzero[index]!) {
        if (Math.abs(rep[k]! - vector[k]!) > tolerance) {
          close = false;
          break;
        }
      }
      if (close) {
        for (const k of nonzero[other]!) {
          if (Math.abs(rep[k]! - vector[k]!) > tolerance) {
            close = false;
            break;
          }
        }
      }
      if (close) return c;
    }
    representatives.push(index);
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
 * `pairs` are [i, j, value].
 */
export function kerningClasses(groups: number[][], pairs: [number, number, number][]): KerningClasses {
  const lefts = [...new Set(pairs.map(([i]) => i))].sort((a, b) => a - b);
  const rights = [...new Set(pairs.map(([, j]) => j))].sort((a, b) => a - b);
  const rowOf = new Map(lefts.map((i, row) => [i, row]));
  const columnOf = new Map(rights.map((j, column) => [j, column]));
  const rows = lefts.map(() => new Array<number>(rights.length).fill(0));
  for (const [i, j, value] of pairs) rows[rowOf.get(i)!]![columnOf.get(j)!] = value;
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
