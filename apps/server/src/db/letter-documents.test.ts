import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import {
  compileFontSync,
  DEFAULT_FONT_SETTINGS,
  drawnPath,
  flattenOutline,
  type GlyphDocument,
  outlineOf,
  outlineToSvgPath,
  parseSvgPath,
  transformOutline,
} from "@handfont/engine/fonts";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectOfBuild } from "../workers/build-project.ts";
import type { Db } from "./database.ts";
import { upgradeLetterDocuments } from "./letter-documents.ts";
import * as schema from "./schema/index.ts";

const migrations = fileURLToPath(new URL("../../drizzle", import.meta.url));
/** The last migration before letters became documents: the schema this test fills with data. */
const BEFORE = "0003_premium_ledger";

/** Letters as the code before documents stored them (services/letters.ts, services/scans.ts of that time). */
const OWNER = "7d3c1d3e-7a55-4c3c-9a35-3c8e8b8e8b01";
type OldRow = {
  chars: string;
  variant: number;
  path: string;
  advance: number | null;
  lsb: number | null;
  rsb: number | null;
  scale: number;
  baseline_shift: number;
  source: "scan" | "drawn" | "imported";
  template_page: number | null;
  set: boolean;
};
// Outlines as the scan reader traces them: absolute M, C, L, Z, integer units, outer contours counter-clockwise.
const SCANNED: Record<string, string> = {
  a: "M212 -6C281 -6 318 40 331 92L338 92L344 0L412 0L404 156C401 226 398 300 360 346C327 386 276 404 214 404C146 404 92 370 66 318L120 290C140 326 170 348 212 348C282 348 314 300 320 236L318 236C296 274 258 296 204 296C120 296 46 250 46 144C46 50 122 -6 212 -6ZM220 50C160 50 116 86 116 144C116 206 162 240 218 240C280 240 322 200 322 142C322 84 280 50 220 50Z",
  l: "M80 0L150 0L156 720L86 720Z",
  g: "M210 -250C300 -250 370 -190 376 -80L390 400L322 400L318 344C294 382 254 404 206 404C116 404 50 330 50 200C50 80 116 6 204 6C250 6 290 26 314 60L312 -60C310 -150 266 -190 208 -190C160 -190 122 -166 104 -124L48 -150C74 -214 134 -250 210 -250ZM212 64C154 64 120 116 120 200C120 288 158 344 214 344C274 344 316 290 316 202C316 116 272 64 212 64Z",
};
const oldRows: OldRow[] = [
  // Read from a scan page into a letter set (potrace outlines: M, C, L, Z with integer coordinates).
  ...["a", "l", "g"].map(
    (chars): OldRow => ({
      chars,
      variant: 1,
      path: SCANNED[chars]!,
      advance: null,
      lsb: null,
      rsb: null,
      scale: 1,
      baseline_shift: 0,
      source: "scan",
      template_page: 2,
      set: true,
    }),
  ),
  // Copied into a font and adjusted on the Letters page.
  {
    chars: "a",
    variant: 1,
    path: SCANNED.a!,
    advance: null,
    lsb: null,
    rsb: null,
    scale: 1.15,
    baseline_shift: -12.5,
    source: "scan",
    template_page: 2,
    set: false,
  },
  // Added through /addSingleLetters (normalised: absolute commands, Q kept, 1/100 unit).
  {
    chars: "o",
    variant: 2,
    path: "M100 0Q200 0 200 100.5Q200 200 100 200Q0 200 0 100Q0 0 100 0Z",
    advance: 320,
    lsb: 20.25,
    rsb: null,
    scale: 1,
    baseline_shift: 0,
    source: "drawn",
    template_page: null,
    set: false,
  },
  // Imported from an SVG file, with an explicit closing line.
  {
    chars: "I",
    variant: 1,
    path: "M10 0L60 0L60 700L10 700L10 0Z",
    advance: null,
    lsb: null,
    rsb: 35,
    scale: 0.9,
    baseline_shift: 4,
    source: "imported",
    template_page: null,
    set: false,
  },
];

let client: PGlite;
let folder: string;

/** The migrations folder as it was at `tag`: its SQL files and a journal that ends there. */
function migrationsUpTo(tag: string): string {
  const journal = JSON.parse(readFileSync(join(migrations, "meta/_journal.json"), "utf8"));
  const end = journal.entries.findIndex((entry: { tag: string }) => entry.tag === tag);
  const dir = mkdtempSync(join(tmpdir(), "handfont-old-schema-"));
  cpSync(migrations, dir, { recursive: true });
  writeFileSync(
    join(dir, "meta/_journal.json"),
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, end + 1) }),
  );
  return dir;
}

beforeAll(async () => {
  client = await PGlite.create("memory://");
  const db = drizzle({ client, schema });
  folder = migrationsUpTo(BEFORE);
  await migrate(db, { migrationsFolder: folder });
  await client.query(
    `insert into letter_sets (id, owner_id, template_id) values ('11111111-1111-4111-8111-111111111111', $1, 'TPL1')`,
    [OWNER],
  );
  await client.query(
    `insert into fonts (id, owner_id, name, settings) values ('22222222-2222-4222-8222-222222222222', $1, 'Old', '{}')`,
    [OWNER],
  );
  for (const row of oldRows) {
    await client.query(
      `insert into glyphs (owner_id, letter_set_id, font_id, chars, variant, path, advance, lsb, rsb, scale, baseline_shift, source, template_page)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [
        OWNER,
        row.set ? "11111111-1111-4111-8111-111111111111" : null,
        row.set ? null : "22222222-2222-4222-8222-222222222222",
        row.chars,
        row.variant,
        row.path,
        row.advance,
        row.lsb,
        row.rsb,
        row.scale,
        row.baseline_shift,
        row.source,
        row.template_page,
      ],
    );
  }
  // Today's migrations, then the upgrade the server runs when it opens the database.
  await migrate(db, { migrationsFolder: migrations });
  const report = await upgradeLetterDocuments(db as unknown as Db);
  expect(report).toEqual({ upgraded: oldRows.length, unreadable: [] });
});

afterAll(async () => {
  await client.close();
  rmSync(folder, { recursive: true, force: true });
});

/** Points along an outline every fraction of a unit, to compare outlines whatever their commands. */
const trace = (outline: ReturnType<typeof parseSvgPath>) => flattenOutline(outline, 0.01).flat();

describe("letters stored before documents", () => {
  it("become current documents with the same outline, metrics, adjustments and origin", async () => {
    const { rows } = await client.query<{
      chars: string;
      variant: number;
      document: GlyphDocument;
      path: string;
      revision: number;
      letter_set_id: string | null;
      source: string;
      template_page: number | null;
    }>("select chars, variant, document, path, revision, letter_set_id, source, template_page from glyphs");
    expect(rows).toHaveLength(oldRows.length);
    for (const old of oldRows) {
      const row = rows.find(
        (r) => r.chars === old.chars && r.variant === old.variant && (r.letter_set_id !== null) === old.set,
      )!;
      const doc = row.document;
      expect(doc.schemaVersion).toBe(1);
      expect(row.revision).toBe(1);
      expect(doc.metrics).toEqual({ advance: old.advance, leftSideBearing: old.lsb, rightSideBearing: old.rsb });
      expect(doc.adjustments).toEqual({ scale: old.scale, baselineShift: old.baseline_shift });
      expect([row.source, row.template_page]).toEqual([old.source, old.template_page]);
      if (old.source === "scan")
        expect(doc.source).toEqual({ kind: "scan", templateId: old.set ? "TPL1" : null, page: 2, image: null });
      // The outline a font gets: the old path with the old scale and shift, point for point.
      const expected = trace(
        transformOutline(parseSvgPath(old.path), old.scale, 0, 0, old.scale, 0, old.baseline_shift),
      );
      const actual = trace(outlineOf(doc));
      expect(actual.length).toBe(expected.length);
      actual.forEach((p, i) => {
        expect(p.x).toBeCloseTo(expected[i]!.x, 1);
        expect(p.y).toBeCloseTo(expected[i]!.y, 1);
      });
      // The outline cache is the document's own.
      expect(row.path).toBe(drawnPath(doc));
    }
  });

  it("compile into the same font as the build before documents made of them", async () => {
    const { rows } = await client.query<{ chars: string; variant: number; document: GlyphDocument; path: string }>(
      "select chars, variant, document, path from glyphs where font_id is not null order by chars, variant",
    );
    const settings = { kerning: "auto" as const };
    const now = compileFontSync(
      projectOfBuild({
        family: "Old",
        style: "Regular",
        designer: "",
        settings: settings as never,
        timestamp: 0,
        letters: rows.map((row) => ({
          chars: row.chars,
          variant: row.variant,
          document: row.document,
          drawnPath: row.path,
        })),
      }),
      ["otf"],
      { timestamp: 0 },
    ).fonts.otf!;
    // The build before documents: each stored path with its scale and shift applied, metrics beside it.
    const before = compileFontSync(
      {
        schemaVersion: 1,
        family: "Old",
        style: "Regular",
        designer: "",
        version: "1.000",
        licence: { kind: "all-rights-reserved" },
        weight: 400,
        settings: { ...DEFAULT_FONT_SETTINGS, ...settings },
        glyphs: oldRows
          .filter((row) => !row.set)
          .sort((a, b) => (a.chars < b.chars ? -1 : a.chars > b.chars ? 1 : a.variant - b.variant))
          .map((row) => ({
            chars: row.chars,
            variant: row.variant,
            path: row.path,
            ...(row.advance !== null ? { advance: row.advance } : {}),
            ...(row.lsb !== null ? { leftSideBearing: row.lsb } : {}),
            ...(row.rsb !== null ? { rightSideBearing: row.rsb } : {}),
            ...(row.scale !== 1 || row.baseline_shift !== 0 ? { path: transformed(row) } : {}),
          })),
      },
      ["otf"],
      { timestamp: 0 },
    ).fonts.otf!;
    expect(Buffer.from(now).equals(Buffer.from(before))).toBe(true);
  });
});

/** What the build before documents compiled for an adjusted letter: its path scaled, shifted, to 1/100 unit. */
function transformed(row: OldRow): string {
  return outlineToSvgPath(transformOutline(parseSvgPath(row.path), row.scale, 0, 0, row.scale, 0, row.baseline_shift));
}
