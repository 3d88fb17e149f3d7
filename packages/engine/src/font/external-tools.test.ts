import { describe, expect, it } from "vitest";
import { benchProject } from "../test-support/bench-project.ts";
import { caveatProject } from "../test-support/caveat.ts";
import {
  fontToolsPython,
  hasChromium,
  hasFontForge,
  hasOts,
  loadInChromium,
  readWithFontTools,
  runInChromium,
  sanitize,
  validateWithFontForge,
  writeTemp,
} from "../test-support/font-tools.ts";
import { compileFonts } from "./compile.ts";
import { nodeWoff2Encoder } from "./node/woff2-node.ts";
import { readSfntTables } from "./sfnt/sfnt.ts";

// A font with everything: variants (calt), ligatures (liga), kerning (GPOS), composites, overlapping strokes.
const project = caveatProject({ variants: 3, ligatures: ["ff", "th"] });
project.glyphs.push({
  chars: "+",
  variant: 1,
  path: "M100 200L500 200L500 260L100 260ZM270 30L330 30L330 430L270 430Z",
});
const { fonts } = await compileFonts(project, ["otf", "ttf", "woff2"], {
  timestamp: 0,
  woff2Encoder: nodeWoff2Encoder(),
});
const tablesOf = (bytes: Uint8Array) => [...readSfntTables(bytes).keys()];

describe.skipIf(!hasOts)("OpenType Sanitizer (ots-sanitize; skips when Debian opentype-sanitizer is absent)", () => {
  it.each(["otf", "ttf"] as const)("passes the %s with no table dropped", (format) => {
    const result = sanitize(`font.${format}`, fonts[format]!, tablesOf(fonts[format]!));
    expect(result.ok, result.output).toBe(true);
    expect(result.kept).toEqual(result.given);
    expect(result.kept).toEqual(expect.arrayContaining(["GSUB", "GPOS", "cmap", "name", "OS/2", "post", "hmtx"]));
  });

  it("passes the WOFF2 with the TTF's tables", () => {
    const result = sanitize("font.woff2", fonts.woff2!, tablesOf(fonts.ttf!));
    expect(result.ok, result.output).toBe(true);
    expect(result.kept).toEqual(result.given);
  });

  it("passes the 900-glyph benchmark font in every format (its GSUB needs Extension lookups)", async () => {
    const bench = await compileFonts(benchProject(), ["otf", "ttf", "woff2"], {
      timestamp: 0,
      woff2Encoder: nodeWoff2Encoder(),
    });
    for (const [format, expected] of [
      ["otf", bench.fonts.otf!],
      ["ttf", bench.fonts.ttf!],
      ["woff2", bench.fonts.ttf!],
    ] as const) {
      const result = sanitize(`bench.${format}`, bench.fonts[format]!, tablesOf(expected));
      expect(result.ok, result.output).toBe(true);
      expect(result.kept).toEqual(result.given);
    }
  });
});

describe.skipIf(!fontToolsPython)("fontTools (skips when Debian python3-fonttools is absent)", () => {
  it.each(["otf", "ttf", "woff2"] as const)("decompiles every table of the %s", (format) => {
    const read = readWithFontTools(writeTemp(`tools.${format}`, fonts[format]!));
    expect(read.tables).toEqual(
      expect.arrayContaining(["GSUB", "GPOS", "cmap", "head", "hhea", "maxp", "name", "post"]),
    );
    expect(read.features).toEqual(expect.arrayContaining(["liga", "calt", "kern"]));
  });
});

describe.skipIf(!hasFontForge)("FontForge validation (skips when Debian fontforge is absent)", () => {
  it.each(["otf", "ttf"] as const)("finds no wrong-direction or self-intersecting contour in the %s", (format) => {
    const result = validateWithFontForge(writeTemp(`ff.${format}`, fonts[format]!));
    expect(result.wrongDirection).toEqual([]);
    expect(result.selfIntersecting).toEqual([]);
    expect(result.openContours).toEqual([]);
  });
});

describe.skipIf(!hasChromium)("Chromium (skips when Debian chromium is absent)", () => {
  it("compiles an OTF and a WOFF2 in the browser, with no Node-only dependency, and loads them", async () => {
    const entry = new URL("../test-support/browser-preview.ts", import.meta.url).pathname;
    const result = (await runInChromium(entry, caveatProject({ chars: [..."abc"], variants: 2 }))) as Record<
      string,
      unknown
    >;
    expect(result.status).toBe("loaded");
    expect(result.bytes).toBeGreaterThan(1000);
    expect(result.width).toBeGreaterThan(100);
    expect(result.woff2Status).toBe("loaded");
    expect(result.drawnBytes).toBeGreaterThan(500);
  });

  it("loads the OTF, TTF and WOFF2 and applies liga, calt and kern", async () => {
    const probes = [
      { text: "office", feature: "liga" },
      { text: "aaaa aaaa", feature: "calt" },
      { text: "To", feature: "kern" },
    ];
    const loaded = await loadInChromium({ otf: fonts.otf!, ttf: fonts.ttf!, woff2: fonts.woff2! }, probes);
    for (const format of ["otf", "ttf", "woff2"]) {
      expect(loaded[format]!.status, format).toBe("loaded");
      for (const width of loaded[format]!.widths)
        expect(width.on, `${format} ${width.feature}`).not.toBeCloseTo(width.off, 1);
    }
  });
});
