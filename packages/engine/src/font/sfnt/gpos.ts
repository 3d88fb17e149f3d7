import type { KerningClasses } from "../kerning-classes.ts";
import type { PlannedKerningPair } from "../plan.ts";
import { classDef, coverage, type LayoutLookup, OtTable, writeLayoutTable } from "./layout-pack.ts";

/** Largest class-matrix size (bytes) per PairPos subtable, so its offsets stay within 16 bits. */
const MAX_MATRIX_BYTES = 48_000;
/** Glyph pairs per PairPos format 1 subtable. */
const MAX_PAIRS_PER_SUBTABLE = 4000;

function glyphPairSubtables(pairs: PlannedKerningPair[]): OtTable[] {
  const byFirst = new Map<number, Map<number, number>>();
  for (const pair of pairs) {
    for (const first of pair.left) {
      const seconds = byFirst.get(first) ?? new Map<number, number>();
      for (const second of pair.right) seconds.set(second, pair.value);
      byFirst.set(first, seconds);
    }
  }
  const firsts = [...byFirst.keys()].sort((a, b) => a - b);
  const subtables: OtTable[] = [];
  let start = 0;
  while (start < firsts.length) {
    let count = 0;
    let end = start;
    while (
      end < firsts.length &&
      (end === start || count + byFirst.get(firsts[end]!)!.size <= MAX_PAIRS_PER_SUBTABLE)
    ) {
      count += byFirst.get(firsts[end]!)!.size;
      end++;
    }
    const chunk = firsts.slice(start, end);
    const table = new OtTable();
    table.out.u16(1);
    table.offset16(coverage(chunk));
    table.out.u16(0x0004).u16(0).u16(chunk.length);
    for (const first of chunk) {
      const set = new OtTable();
      const seconds = [...byFirst.get(first)!.entries()].sort((a, b) => a[0] - b[0]);
      set.out.u16(seconds.length);
      for (const [second, value] of seconds) set.out.u16(second).i16(value);
      table.offset16(set);
    }
    subtables.push(table);
    start = end;
  }
  return subtables;
}

function classSubtables(classes: KerningClasses): OtTable[] {
  const rightMap = new Map<number, number>();
  classes.right.forEach((glyphs, index) => {
    for (const glyph of glyphs) rightMap.set(glyph, index + 1);
  });
  const class2Count = classes.right.length + 1;
  const perSubtable = Math.max(1, Math.floor(MAX_MATRIX_BYTES / (class2Count * 2)) - 1);
  const subtables: OtTable[] = [];
  for (let start = 0; start < classes.left.length; start += perSubtable) {
    const chunk = classes.left.slice(start, start + perSubtable);
    const leftMap = new Map<number, number>();
    chunk.forEach((glyphs, index) => {
      for (const glyph of glyphs) leftMap.set(glyph, index + 1);
    });
    const table = new OtTable();
    table.out.u16(2);
    table.offset16(coverage(leftMap.keys()));
    table.out.u16(0x0004).u16(0);
    table.offset16(classDef(leftMap));
    table.offset16(classDef(rightMap));
    table.out.u16(chunk.length + 1).u16(class2Count);
    for (let c2 = 0; c2 < class2Count; c2++) table.out.i16(0); // class 0: first glyphs outside this chunk
    for (let row = start; row < start + chunk.length; row++) {
      table.out.i16(0);
      for (const value of classes.values[row]!) table.out.i16(value);
    }
    subtables.push(table);
  }
  return subtables;
}

/**
 * GPOS with a `kern` feature (XAdvance of the first glyph): manual pairs as glyph pairs (PairPos format 1) first, so
 * they win, then automatic kerning by classes (PairPos format 2), split into subtables to bound their size.
 */
export function writeGpos(kerning: { classes: KerningClasses; pairs: PlannedKerningPair[] }): Uint8Array | null {
  const pairs = kerning.pairs.filter((pair) => pair.left.length > 0 && pair.right.length > 0);
  const subtables = [
    ...glyphPairSubtables(pairs),
    ...(kerning.classes.left.length > 0 ? classSubtables(kerning.classes) : []),
  ];
  if (subtables.length === 0) return null;
  const lookup: LayoutLookup = { type: 2, flag: 0, subtables };
  return writeLayoutTable([{ tag: "kern", lookups: [0] }], [lookup], 9);
}
