import { type BuiltPlan, buildPlan, type PlanOptions } from "./build-plan.ts";
import type { FontDiagnostic } from "./diagnostics.ts";
import { FontError } from "./errors.ts";
import { asciiName } from "./names.ts";
import type { GlyphCache } from "./prepare.ts";
import type { FontProject } from "./project.ts";
import { encodeCharstring, writeCff } from "./sfnt/cff.ts";
import { writeCmap } from "./sfnt/cmap.ts";
import { simpleTrueTypeContours, writeTrueTypeTables } from "./sfnt/glyf.ts";
import { writeGpos } from "./sfnt/gpos.ts";
import { writeGsub } from "./sfnt/gsub.ts";
import { writeName } from "./sfnt/name.ts";
import { writeOs2 } from "./sfnt/os2.ts";
import { assembleSfnt } from "./sfnt/sfnt.ts";
import { writeHead, writeHhea, writeHmtx, writeMaxpCff, writePostHeader } from "./sfnt/tables-common.ts";
import { assertFontProject } from "./validate.ts";
import { type Woff2Encoder, wasmWoff2Encoder } from "./woff2.ts";

export type FontFormat = "otf" | "ttf" | "woff2";
export const FONT_FORMATS: readonly FontFormat[] = ["otf", "ttf", "woff2"];

export interface CompileOptions extends PlanOptions {
  /**
   * Turns the TTF into WOFF2. Defaults to the wasm encoder, which runs in Node and browsers alike; Node callers pass
   * nodeWoff2Encoder() for speed.
   */
  woff2Encoder?: Woff2Encoder;
}

export interface CompiledFonts {
  fonts: Partial<Record<FontFormat, Uint8Array>>;
  diagnostics: FontDiagnostic[];
}

/** A layout table from the cache when its input has not changed since the last compile. */
function cachedLayout(cache: GlyphCache | undefined, tag: string, signature: string, write: () => Uint8Array | null) {
  const key = `${tag}|${signature}`;
  if (cache?.layout.has(key)) return cache.layout.get(key)!;
  const bytes = write();
  if (cache) {
    for (const old of [...cache.layout.keys()]) if (old.startsWith(`${tag}|`)) cache.layout.delete(old);
    cache.layout.set(key, bytes);
  }
  return bytes;
}

function sharedTables(built: BuiltPlan, cache?: GlyphCache): Map<string, Uint8Array> {
  const { plan } = built;
  const tables = new Map<string, Uint8Array>();
  const codeToGlyph = new Map<number, number>();
  plan.glyphs.forEach((glyph, id) => {
    for (const code of glyph.unicodes) codeToGlyph.set(code, id);
  });
  tables.set("cmap", writeCmap(codeToGlyph));
  tables.set("hhea", writeHhea(plan));
  tables.set("hmtx", writeHmtx(plan));
  tables.set("name", writeName(plan.names));
  tables.set("OS/2", writeOs2(plan, built.maxContext));
  const gsubInput = JSON.stringify([plan.ligatures, plan.cycles, plan.glyphs.length]);
  const gsub = cachedLayout(cache, "GSUB", gsubInput, () => writeGsub(plan.ligatures, plan.cycles, plan.glyphs.length));
  if (gsub) tables.set("GSUB", gsub);
  const gpos = cachedLayout(cache, "GPOS", JSON.stringify(plan.kerning), () => writeGpos(plan.kerning));
  if (gpos) tables.set("GPOS", gpos);
  return tables;
}

function buildOtf(built: BuiltPlan, options: CompileOptions): Uint8Array {
  const { plan } = built;
  const cache = options.cache;
  const charstrings = plan.glyphs.map((glyph, index) => {
    const source = built.sources[index];
    const key = `${glyph.dx}|${glyph.advance}`;
    const cached = source && cache?.charstrings.get(source)?.get(key);
    if (cached) return cached;
    const bytes = encodeCharstring(glyph.outline, glyph.advance, glyph.dx);
    if (source && cache) {
      const perSource = cache.charstrings.get(source) ?? new Map<string, Uint8Array>();
      perSource.set(key, bytes);
      cache.charstrings.set(source, perSource);
    }
    return bytes;
  });
  const tables = sharedTables(built, options.cache);
  const family = asciiName(plan.names.family) || plan.names.postScriptName;
  tables.set("CFF ", writeCff(plan, charstrings, family, asciiName(plan.names.fullName) || family));
  tables.set("head", writeHead(plan, false));
  tables.set("maxp", writeMaxpCff(plan));
  tables.set("post", writePostHeader(3, 0).toBytes());
  return assembleSfnt("OTTO", tables);
}

function buildTtf(built: BuiltPlan): Uint8Array {
  const contours = built.plan.glyphs.map((glyph) => simpleTrueTypeContours(glyph.outline, glyph.dx));
  // TrueType boxes include off-curve points, and hmtx left side bearings must equal glyf xMin.
  const glyphs = built.plan.glyphs.map((glyph, index) => {
    let xMin = Number.POSITIVE_INFINITY;
    let yMin = Number.POSITIVE_INFINITY;
    let xMax = Number.NEGATIVE_INFINITY;
    let yMax = Number.NEGATIVE_INFINITY;
    for (const contour of contours[index]!) {
      for (const p of contour) {
        if (p.x < xMin) xMin = p.x;
        if (p.x > xMax) xMax = p.x;
        if (p.y < yMin) yMin = p.y;
        if (p.y > yMax) yMax = p.y;
      }
    }
    return xMin > xMax ? glyph : { ...glyph, bbox: { xMin, yMin, xMax, yMax } };
  });
  const plan = { ...built.plan, glyphs };
  const trueType = writeTrueTypeTables(plan, contours);
  const tables = sharedTables({ ...built, plan });
  tables.set("glyf", trueType.glyf);
  tables.set("loca", trueType.loca);
  tables.set("maxp", trueType.maxp);
  tables.set("post", trueType.post);
  tables.set("head", writeHead(plan, trueType.longLoca));
  return assembleSfnt("TrueType", tables);
}

/** Compiles a project to OTF and/or TTF synchronously (no WOFF2); the live preview's path. */
export function compileFontSync(
  project: FontProject,
  formats: readonly ("otf" | "ttf")[],
  options: CompileOptions = {},
): CompiledFonts {
  const built = buildPlan(assertFontProject(project), options);
  const fonts: CompiledFonts["fonts"] = {};
  if (formats.includes("otf")) fonts.otf = buildOtf(built, options);
  if (formats.includes("ttf")) fonts.ttf = buildTtf(built);
  return { fonts, diagnostics: built.diagnostics };
}

/** Compiles a project into every requested format from one shared plan (WOFF2 wraps the TTF). */
export async function compileFonts(
  project: FontProject,
  formats: readonly FontFormat[],
  options: CompileOptions = {},
): Promise<CompiledFonts> {
  for (const format of formats) {
    if (!FONT_FORMATS.includes(format))
      throw new FontError("FONT_FORMAT_UNSUPPORTED", `unknown font format "${format}"`);
  }
  const built = buildPlan(assertFontProject(project), options);
  const fonts: CompiledFonts["fonts"] = {};
  if (formats.includes("otf")) fonts.otf = buildOtf(built, options);
  const ttf = formats.includes("ttf") || formats.includes("woff2") ? buildTtf(built) : null;
  if (ttf && formats.includes("ttf")) fonts.ttf = ttf;
  if (ttf && formats.includes("woff2")) fonts.woff2 = await (options.woff2Encoder ?? wasmWoff2Encoder)(ttf);
  return { fonts, diagnostics: built.diagnostics };
}

/** Compiles a project into one format: `{ bytes, diagnostics }`. */
export async function compileFont(
  project: FontProject,
  options: CompileOptions & { format: FontFormat },
): Promise<{ bytes: Uint8Array; diagnostics: FontDiagnostic[] }> {
  const { fonts, diagnostics } = await compileFonts(project, [options.format], options);
  return { bytes: fonts[options.format]!, diagnostics };
}
