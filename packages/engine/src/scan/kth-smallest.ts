/**
 * The value a sort would put at index `k` (Hoare's selection, reordering `values`): where only one order statistic is
 * wanted (refineBoxes takes the quartile of over a thousand profiles a page), sorting all of them costs several times
 * as much.
 */
export function kthSmallest(values: Float32Array, k: number): number {
  let lo = 0;
  let hi = values.length - 1;
  while (lo < hi) {
    const pivot = values[(lo + hi) >> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (values[i]! < pivot) i++;
      while (values[j]! > pivot) j--;
      if (i <= j) {
        const swap = values[i]!;
        values[i] = values[j]!;
        values[j] = swap;
        i++;
        j--;
      }
    }
    // Now everything in lo…j is at most the pivot, everything in i…hi at least it, and anything between equals it.
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else break;
  }
  return values[k]!;
}
