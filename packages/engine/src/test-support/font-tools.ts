// Debian font tools for tests: the OpenType Sanitizer (ots-sanitize), fontTools and FontForge. Each helper says
// whether its tool is installed, so tests can skip with a clear message where it is not (.ci/run installs them).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readSfntTables } from "../font/sfnt/sfnt.ts";

const works = (command: string, args: string[]) => spawnSync(command, args, { encoding: "utf8" }).status === 0;

export const hasOts = works("sh", ["-c", "command -v ots-sanitize"]);
export const hasFontForge = works("sh", ["-c", "command -v fontforge"]);
export const hasChromium = works("sh", ["-c", "command -v chromium"]);
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
 * FontForge's validation of every glyph: the names of glyphs it flags with an open contour (0x2), as self-intersecting
 * (0x4), drawn in the wrong direction (0x8) or missing points at extrema (0x20), and how many glyphs it checked.
 */
export function validateWithFontForge(path: string): {
  wrongDirection: string[];
  selfIntersecting: string[];
  openContours: string[];
  missingExtrema: string[];
  glyphs: number;
} {
  const script = writeTemp(
    "validate.py",
    new TextEncoder().encode(
      [
        "import fontforge, json, sys",
        "font = fontforge.open(sys.argv[1])",
        "out = {'wrongDirection': [], 'selfIntersecting': [], 'openContours': [], 'missingExtrema': [], 'glyphs': 0}",
        "for glyph in font.glyphs():",
        "    state = glyph.validate(True)",
        "    out['glyphs'] += 1",
        "    if state & 0x2: out['openContours'].append(glyph.glyphname)",
        "    if state & 0x4: out['selfIntersecting'].append(glyph.glyphname)",
        "    if state & 0x8: out['wrongDirection'].append(glyph.glyphname)",
        "    if state & 0x20: out['missingExtrema'].append(glyph.glyphname)",
        "print(json.dumps(out))",
      ].join("\n"),
    ),
  );
  const result = spawnSync("fontforge", ["-quiet", "-lang=py", "-script", script, path], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout.trim().split("\n").at(-1)!);
}

/**
 * Loads fonts in headless Chromium (which runs OTS itself) with FontFace, then measures spans set in them with and
 * without a feature; returns per font its load status and the widths { on, off } per probe.
 */
export async function loadInChromium(
  fonts: Record<string, Uint8Array>,
  probes: { text: string; feature: string }[],
): Promise<Record<string, { status: string; widths: { text: string; feature: string; on: number; off: number }[] }>> {
  const encode = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");
  const script = `
    const fonts = ${JSON.stringify(Object.fromEntries(Object.entries(fonts).map(([k, v]) => [k, encode(v)])))};
    const probes = ${JSON.stringify(probes)};
    (async () => {
      const out = {};
      for (const [name, data] of Object.entries(fonts)) {
        const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
        const face = new FontFace("F" + name, bytes.buffer);
        try { await face.load(); document.fonts.add(face); } catch (error) { out[name] = { status: "error " + error.message, widths: [] }; continue; }
        const widths = probes.map(({ text, feature }) => {
          const span = (settings) => {
            const s = document.createElement("span");
            s.style.cssText = "font: 100px F" + name + "; white-space: pre; font-feature-settings: " + settings;
            s.textContent = text;
            document.body.append(s);
            const width = s.getBoundingClientRect().width;
            s.remove();
            return width;
          };
          return { text, feature, on: span("normal"), off: span('"' + feature + '" 0') };
        });
        out[name] = { status: face.status, widths };
      }
      globalThis.report(out);
    })();`;
  return (await runPage(`<script>${script}</script>`, null)) as Awaited<ReturnType<typeof loadInChromium>>;
}

/**
 * Serves a page on a loopback port (plus the files of `outdir`) and opens it in headless Chromium. The page answers
 * by calling `globalThis.report(value)`, which posts the value back; its load event waits for that (an image the
 * server answers only then), so Chromium returns as soon as the page is done, however busy the machine is.
 */
async function runPage(body: string, outdir: string | null): Promise<unknown> {
  const page = `<!doctype html><body><img src="/wait" alt=""><script>
    globalThis.report = (value) => fetch("/result", { method: "POST", body: JSON.stringify(value) });
    addEventListener("error", (event) => globalThis.report({ error: String(event.message) }));
    addEventListener("unhandledrejection", (event) => globalThis.report({ error: String(event.reason) }));
    </script>${body}</body>`;
  let result: unknown = null;
  let release: () => void = () => {};
  const reported = new Promise<void>((resolve) => {
    release = resolve;
  });
  const server = createServer((request, response) => {
    const path = (request.url ?? "/").split("?")[0]!;
    if (path === "/result" && request.method === "POST") {
      let text = "";
      request.on("data", (chunk: Buffer) => {
        text += chunk.toString();
      });
      request.on("end", () => {
        result = JSON.parse(text);
        response.writeHead(204).end();
        release();
      });
      return;
    }
    if (path === "/wait") {
      const timer = setTimeout(release, 100_000);
      void reported.then(() => {
        clearTimeout(timer);
        response.writeHead(204).end();
      });
      return;
    }
    if (path === "/" || path === "/page.html") {
      response.writeHead(200, { "content-type": "text/html" }).end(page);
      return;
    }
    const file = outdir === null ? "" : join(outdir, path.replace(/^\/+/, ""));
    if (outdir === null || !file.startsWith(outdir) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "content-type": "text/javascript" }).end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
        "chromium",
        ["--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", `http://127.0.0.1:${port}/page.html`],
        {
          stdio: "ignore",
        },
      );
      const timer = setTimeout(() => child.kill(), 120_000);
      child.on("error", reject);
      child.on("close", () => {
        clearTimeout(timer);
        resolve();
      });
    });
    if (result === null) throw new Error("Chromium gave no result");
    return result;
  } finally {
    server.close();
  }
}

/**
 * Bundles `entry` for the browser with esbuild (harfbuzzjs's Node-only branch left out) and runs it in headless
 * Chromium with `globalThis.INPUT` set to `input`; the entry answers with `globalThis.report(value)`.
 */
export async function runInChromium(entry: string, input: unknown): Promise<unknown> {
  const { build } = await import("esbuild");
  const outdir = join(directory, `bundle-${Date.now()}`);
  await build({
    entryPoints: [entry],
    bundle: true,
    format: "esm",
    splitting: true,
    platform: "browser",
    external: ["module"],
    outdir,
    logLevel: "silent",
  });
  const name = entry.split("/").at(-1)!.replace(/\.ts$/, ".js");
  return runPage(
    `<script>globalThis.INPUT = ${JSON.stringify(input)};</script><script type="module" src="${name}"></script>`,
    outdir,
  );
}
