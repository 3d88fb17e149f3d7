import type { PlannedLigature } from "../plan.ts";
import { coverage, type LayoutFeature, type LayoutLookup, OtTable, writeLayoutTable } from "./layout-pack.ts";

/** How far back (in glyphs) calt looks for the previous occurrence of the same letter. */
export const CYCLE_WINDOW = 3;
/** Cycled units per chained-context lookup, so each lookup stays well inside 16-bit offsets. */
const UNITS_PER_LOOKUP = 80;

function ligatureLookup(ligatures: PlannedLigature[]): LayoutLookup {
  const byFirst = new Map<number, PlannedLigature[]>();
  for (const ligature of ligatures) {
    const first = ligature.components[0]!;
    byFirst.set(first, [...(byFirst.get(first) ?? []), ligature]);
  }
  const firsts = [...byFirst.keys()].sort((a, b) => a - b);
  const table = new OtTable();
  table.out.u16(1);
  table.offset16(coverage(firsts));
  table.out.u16(firsts.length);
  for (const first of firsts) {
    // Longer sequences first, so "ffi" wins over "ff".
    const set = byFirst.get(first)!.sort((a, b) => b.components.length - a.components.length);
    const setTable = new OtTable();
    setTable.out.u16(set.length);
    for (const ligature of set) {
      const entry = new OtTable();
      entry.out.u16(ligature.glyph).u16(ligature.components.length);
      for (const component of ligature.components.slice(1)) entry.out.u16(component);
      setTable.offset16(entry);
    }
    table.offset16(setTable);
  }
  return { type: 4, flag: 0, subtables: [table] };
}

function singleSubstitution(map: [number, number][]): OtTable {
  const sorted = [...map].sort((a, b) => a[0] - b[0]);
  const table = new OtTable();
  table.out.u16(2);
  table.offset16(coverage(sorted.map(([from]) => from)));
  table.out.u16(sorted.length);
  for (const [, to] of sorted) table.out.u16(to);
  return table;
}

function chainRule(backtrack: OtTable[], input: OtTable, lookupIndex: number): OtTable {
  const table = new OtTable();
  table.out.u16(3).u16(backtrack.length);
  for (const cov of backtrack) table.offset16(cov);
  table.out.u16(1);
  table.offset16(input);
  table.out.u16(0).u16(1).u16(0).u16(lookupIndex);
  return table;
}

/**
 * GSUB with `liga` (ligature substitution) and `calt` cycling: each letter with n forms takes the form after the
 * one used by the same letter's previous occurrence within CYCLE_WINDOW glyphs, whatever stands between, so
 * "aaaa" and the a's of "banana" alternate and each letter cycles by its own count. Deterministic; no `rand`.
 */
export function writeGsub(ligatures: PlannedLigature[], cycles: number[][], glyphCount: number): Uint8Array | null {
  const lookups: LayoutLookup[] = [];
  const features: LayoutFeature[] = [];
  if (ligatures.length > 0) {
    features.push({ tag: "liga", lookups: [lookups.length] });
    lookups.push(ligatureLookup(ligatures));
  }
  if (cycles.length > 0) {
    const maxForms = Math.max(...cycles.map((forms) => forms.length));
    // Lookup "to form j" for j = 0 (identity: the cycle wraps to the default form) … maxForms-1.
    const toForm: number[] = [];
    for (let j = 0; j < maxForms; j++) {
      toForm.push(lookups.length);
      const map = cycles.filter((forms) => forms.length > j).map((forms): [number, number] => [forms[0]!, forms[j]!]);
      lookups.push({ type: 1, flag: 0, subtables: [singleSubstitution(map)] });
    }
    const caltLookups: number[] = [];
    for (let start = 0; start < cycles.length; start += UNITS_PER_LOOKUP) {
      // One coverage object per glyph and one "any glyph" coverage, shared by every rule of the lookup.
      const any = new OtTable();
      any.out
        .u16(2)
        .u16(1)
        .u16(0)
        .u16(glyphCount - 1)
        .u16(0);
      const subtables: OtTable[] = [];
      for (const forms of cycles.slice(start, start + UNITS_PER_LOOKUP)) {
        const formCoverage = forms.map((form) => coverage([form]));
        // Nearest previous occurrence first: the first matching subtable wins.
        for (let distance = 1; distance <= CYCLE_WINDOW; distance++) {
          forms.forEach((_, phase) => {
            const backtrack = [...Array.from({ length: distance - 1 }, () => any), formCoverage[phase]!];
            subtables.push(chainRule(backtrack, formCoverage[0]!, toForm[(phase + 1) % forms.length]!));
          });
        }
      }
      caltLookups.push(lookups.length);
      lookups.push({ type: 6, flag: 0, subtables });
    }
    features.push({ tag: "calt", lookups: caltLookups });
  }
  if (lookups.length === 0) return null;
  // Lookup order is application order: liga first, so sequences become ligatures before they are cycled.
  for (const feature of features) feature.lookups.sort((a, b) => a - b);
  return writeLayoutTable(features, lookups, 7);
}
