import { FontError } from "../errors.ts";
import { ByteWriter } from "./binary.ts";

/** An OpenType layout table under construction: its own bytes plus offsets to child tables. */
export class OtTable {
  readonly out = new ByteWriter(16);
  readonly links: {
    readonly at: number;
    readonly wide: boolean;
    readonly child: OtTable;
    readonly group: object | undefined;
  }[] = [];
  private cachedKey: string | null = null;

  /** A 16-bit offset; with a `group`, the child is laid out in that group's block after the current one. */
  offset16(child: OtTable, group?: object): this {
    this.links.push({ at: this.out.length, wide: false, child, group });
    this.out.u16(0);
    return this;
  }

  /** A 32-bit offset; the child is laid out in the block of `group` (its own block without one). */
  offset32(child: OtTable, group?: object): this {
    this.links.push({ at: this.out.length, wide: true, child, group: group ?? child });
    this.out.u32(0);
    return this;
  }

  /**
   * Identity by content for tables without children (coverage, class definitions, value arrays), so identical ones
   * are stored once; a table with children is only ever the same as itself.
   */
  key(): string | OtTable {
    if (this.links.length > 0) return this;
    if (this.cachedKey === null) {
      const bytes = this.out.toBytes();
      let text = "";
      for (let i = 0; i < bytes.length; i += 8192) text += String.fromCharCode(...bytes.subarray(i, i + 8192));
      this.cachedKey = text;
    }
    return this.cachedKey;
  }
}

/**
 * Serialises a table graph in blocks. Within a block tables are laid out breadth-first and identical ones are stored
 * once; a link with a group sends its child to that group's block, laid out after the current blocks. Lookups and
 * the subtables behind Extension lookups get their own blocks so that their 16-bit offsets stay short.
 * Every offset is measured from its parent; throws FONT_TABLE_OVERFLOW when a 16-bit offset cannot reach its child.
 */
export function packTable(root: OtTable): Uint8Array {
  const order: OtTable[] = [];
  type Link = OtTable["links"][number];
  // Where each link points once identical tables are merged; the graph itself is left untouched so it can be packed
  // again (with Extension lookups) after an overflow.
  const target = new Map<Link, OtTable>();
  type Entry = { table: OtTable; place: (table: OtTable) => void };
  const blocks: Entry[][] = [[{ table: root, place: () => {} }]];
  const blockOf = new Map<object, Entry[]>();
  for (let b = 0; b < blocks.length; b++) {
    const byKey = new Map<string | OtTable, OtTable>();
    const canonical = (table: OtTable): OtTable => {
      const existing = byKey.get(table.key());
      if (existing) return existing;
      byKey.set(table.key(), table);
      order.push(table);
      return table;
    };
    const start = order.length;
    for (const entry of blocks[b]!) entry.place(canonical(entry.table));
    for (let i = start; i < order.length; i++) {
      for (const link of order[i]!.links) {
        if (link.group === undefined) {
          target.set(link, canonical(link.child));
          continue;
        }
        let block = blockOf.get(link.group);
        if (!block) {
          block = [];
          blockOf.set(link.group, block);
          blocks.push(block);
        }
        block.push({ table: link.child, place: (table) => target.set(link, table) });
      }
    }
  }
  const positions = new Map<OtTable, number>();
  let position = 0;
  for (const table of order) {
    if (positions.has(table)) continue;
    positions.set(table, position);
    position += table.out.length;
  }
  const result = new ByteWriter();
  const written = new Set<OtTable>();
  for (const table of order) {
    if (written.has(table)) continue;
    written.add(table);
    const start = result.length;
    result.bytes(table.out.toBytes());
    for (const link of table.links) {
      const child = positions.get(target.get(link)!);
      if (child === undefined) throw new FontError("FONT_TABLE_OVERFLOW", "layout child was not laid out");
      const offset = child - positions.get(table)!;
      if (offset < 0 || (!link.wide && offset > 0xffff)) {
        throw new FontError("FONT_TABLE_OVERFLOW", `layout offset ${offset} does not fit in 16 bits`);
      }
      if (link.wide) result.setU32(start + link.at, offset);
      else result.setU16(start + link.at, offset);
    }
  }
  return result.toBytes();
}

/** A Coverage table (format 1 list or format 2 ranges, whichever is smaller) of sorted unique glyph ids. */
export function coverage(glyphs: Iterable<number>): OtTable {
  const sorted = [...new Set(glyphs)].sort((a, b) => a - b);
  const ranges: [number, number][] = [];
  for (const glyph of sorted) {
    const last = ranges.at(-1);
    if (last && glyph === last[1] + 1) last[1] = glyph;
    else ranges.push([glyph, glyph]);
  }
  const table = new OtTable();
  if (ranges.length * 3 < sorted.length) {
    table.out.u16(2).u16(ranges.length);
    let index = 0;
    for (const [start, end] of ranges) {
      table.out.u16(start).u16(end).u16(index);
      index += end - start + 1;
    }
  } else {
    table.out.u16(1).u16(sorted.length);
    for (const glyph of sorted) table.out.u16(glyph);
  }
  return table;
}

/** A ClassDef table (format 2 ranges) from glyph → class (class 0 is implicit). */
export function classDef(classes: Map<number, number>): OtTable {
  const sorted = [...classes.entries()].filter(([, c]) => c !== 0).sort((a, b) => a[0] - b[0]);
  const ranges: [number, number, number][] = [];
  for (const [glyph, cls] of sorted) {
    const last = ranges.at(-1);
    if (last && glyph === last[1] + 1 && cls === last[2]) last[1] = glyph;
    else ranges.push([glyph, glyph, cls]);
  }
  const table = new OtTable();
  table.out.u16(2).u16(ranges.length);
  for (const [start, end, cls] of ranges) table.out.u16(start).u16(end).u16(cls);
  return table;
}

export interface LayoutLookup {
  type: number;
  flag: number;
  subtables: OtTable[];
}

export interface LayoutFeature {
  tag: string;
  lookups: number[];
}

/**
 * A GSUB or GPOS table: scripts DFLT, cyrl and latn with every feature on their default language system, features
 * sorted by tag, and the lookups; when the lookups do not fit in 16-bit offsets they are wrapped in Extension lookups.
 */
export function writeLayoutTable(
  features: LayoutFeature[],
  lookups: LayoutLookup[],
  extensionType: number,
): Uint8Array {
  const sortedFeatures = [...features].sort((a, b) => (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
  const build = (extension: boolean) => {
    const root = new OtTable();
    root.out.u16(1).u16(0);
    const scriptList = new OtTable();
    const scripts = ["DFLT", "cyrl", "latn"];
    scriptList.out.u16(scripts.length);
    for (const tag of scripts) {
      const script = new OtTable();
      const langSys = new OtTable();
      langSys.out.u16(0).u16(0xffff).u16(sortedFeatures.length);
      for (let index = 0; index < sortedFeatures.length; index++) langSys.out.u16(index);
      script.offset16(langSys).out.u16(0);
      scriptList.out.tag(tag);
      scriptList.offset16(script);
    }
    const featureList = new OtTable();
    featureList.out.u16(sortedFeatures.length);
    for (const feature of sortedFeatures) {
      const table = new OtTable();
      table.out.u16(0).u16(feature.lookups.length);
      for (const index of feature.lookups) table.out.u16(index);
      featureList.out.tag(feature.tag);
      featureList.offset16(table);
    }
    const lookupList = new OtTable();
    lookupList.out.u16(lookups.length);
    for (const lookup of lookups) {
      const table = new OtTable();
      table.out
        .u16(extension ? extensionType : lookup.type)
        .u16(lookup.flag)
        .u16(lookup.subtables.length);
      for (const subtable of lookup.subtables) {
        if (!extension) table.offset16(subtable);
        else {
          const wrapper = new OtTable();
          wrapper.out.u16(1).u16(lookup.type);
          // Small subtables of one lookup share a block (and their coverage tables); big ones get their own.
          wrapper.offset32(subtable, subtable.out.length > 4096 ? subtable : lookup);
          table.offset16(wrapper);
        }
      }
      lookupList.offset16(table, extension ? undefined : table);
    }
    root.offset16(scriptList).offset16(featureList).offset16(lookupList);
    return packTable(root);
  };
  try {
    return build(false);
  } catch (error) {
    if (error instanceof FontError && error.code === "FONT_TABLE_OVERFLOW") return build(true);
    throw error;
  }
}
