// Debian font tools for tests: the OpenType Sanitizer (ots-sanitize), fontTools and FontForge. Each helper says
// whether its tool is installed, so tests can skip with a clear message where it is not (.ci/run installs them).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readSfntTables } from "../font/sfnt/sfnt.ts";

const works = (command: string, args: string[]) => spawnSync(command, args, { encoding: "utf8" }).status === 0;

export const hasOts = works("sh", ["-c", "command -v ots-sanitize"]);
export const hasFontForge = works("sh", ["-c", "command -v fontforge"]);
/** A python3 that can import fontTools (Debian's, when another python3 comes first on PATH). */
export const fontToolsPython = ["python3", "/usr/bin/python3"].find((python) =>
  works(python, ["-c", "import fontTools"]),
);

const directory = mkdtempSync(join(tmpdir(), "handfont-fonts-"));

/** Writes font bytes to a temporary file and returns its path. */
export function writeTemp(name: string, bytes: Uint8Array): string {
  const path = join(directory, name);
  writeFileSync(path, bytes);
  return path;
}

/** Runs OTS and returns its verdict plus the table tags before and after (OTS drops tables silently). */
export function sanitize(
  name: string,
  bytes: Uint8Array,
  sfntTables: string[],
): { ok: boolean; output: string; kept: string[]; given: string[] } {
  const input = writeTemp(name, bytes);
  const out = `${input}.sanitized`;
  const result = spawnSync("ots-sanitize", [input, out], { encoding: "utf8" });
  const kept = result.status === 0 ? [...readSfntTables(new Uint8Array(readFileSync(out))).keys()].sort() : [];
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}`, kept, given: [...sfntTables].sort() };
}

/** Decompiles every table with fontTools; returns the table tags it read, or throws with Python's error. */
export function readWithFontTools(path: string): { tables: string[]; glyphs: number; features: string[] } {
  const script = [
    "import json, sys",
    "from fontTools.ttLib import TTFont",
    "font = TTFont(sys.argv[1])",
    "tags = sorted(font.keys())",
    "for tag in tags: font[tag]",
    "gsub = [r.FeatureTag for r in font['GSUB'].table.FeatureList.FeatureRecord] if 'GSUB' in font else []",
    "gpos = [r.FeatureTag for r in font['GPOS'].table.FeatureList.FeatureRecord] if 'GPOS' in font else []",
    "print(json.dumps({'tables': tags, 'glyphs': len(font.getGlyphOrder()), 'features': gsub + gpos}))",
  ].join("\n");
  const result = spawnSync(fontToolsPython!, ["-c", script, path], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout);
}

/**
 * FontForge's validation of every glyph: the names of glyphs it flags as drawn in the wrong direction (0x8) or
 * self-intersecting (0x4), and the count of other findings (for information).
 */
export function validateWithFontForge(path: string): {
  wrongDirection: string[];
  selfIntersecting: string[];
  openContours: string[];
} {
  const script = writeTemp(
    "validate.py",
    new TextEncoder().encode(
      [
        "import fontforge, json, sys",
        "font = fontforge.open(sys.argv[1])",
        "out = {'wrongDirection': [], 'selfIntersecting': [], 'openContours': []}",
        "for glyph in font.glyphs():",
        "    state = glyph.validate(True)",
        "    if state & 0x2: out['openContours'].append(glyph.glyphname)",
        "    if state & 0x4: out['selfIntersecting'].append(glyph.glyphname)",
        "    if state & 0x8: out['wrongDirection'].append(glyph.glyphname)",
        "print(json.dumps(out))",
      ].join("\n"),
    ),
  );
  const result = spawnSync("fontforge", ["-quiet", "-lang=py", "-script", script, path], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout.trim().split("\n").at(-1)!);
}
