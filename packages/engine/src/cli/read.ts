import { readFile, writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { isEngineError, type ScanWarning } from "../errors.ts";
import { createBoxHelpers } from "../node/box-helpers.ts";
import { decodeImageFile } from "../node/decode-image.ts";
import type { GlyphBox } from "../scan/place-in-em.ts";
import type { BoxHelper } from "../scan/read-boxes.ts";
import type { Layout } from "../template/layout-types.ts";
import { type CommandIo, EXIT_USAGE, SHORT_RUN_FILES, UsageError } from "./command.ts";

export const usage = `Usage: handfont read --layout <layout.json> --out <glyphs.json> <scan> [<scan> …]

Reads photos or scans of filled template pages (JPEG, PNG, WebP, TIFF, …; any page order, any rotation) and
writes every box's glyph outline in font units. Exit code 0 when every file was read, 1 when some could not
be (each with its error in "pages"), 2 on bad usage.

Options:
  --layout <file>   the layout JSON written by \`handfont template\`
  --out <file>      where to write the glyphs JSON
  --max-pixels <n>  refuse larger images (default 50000000)`;

/** One glyph of the output file. */
export type ReadGlyph = {
  chars: string;
  variant: number;
  page: number;
  empty: boolean;
  path: string;
  bbox: GlyphBox | null;
  warnings: ScanWarning[];
};

/** One input file of the output file: the page it held, or why it could not be read. */
export type ReadPage = {
  file: string;
  templateId: string | null;
  page: number | null;
  warnings: ScanWarning[];
  error?: { code: string; message: string };
};

/** The output file of `handfont read`. */
export type ReadOutput = { unitsPerEm: 1000; glyphs: ReadGlyph[]; pages: ReadPage[] };

/** `handfont read`: reads scans of a template's pages into a glyphs JSON. */
export async function run(args: string[], io: CommandIo): Promise<number> {
  let options: { layout: string; out: string; files: string[]; maxPixels: number | undefined };
  try {
    options = parse(args);
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${usage}`);
    return EXIT_USAGE;
  }
  // Threads that read each page's boxes alongside this one, started first: they load the engine meanwhile. A short
  // run is over before they pay back (measured: two pages read in the same time, with a third more CPU; eight pages
  // 14 % sooner in the same CPU).
  const threads = createBoxHelpers(options.files.length > SHORT_RUN_FILES ? undefined : 0);
  try {
    return await readAll(options, io, threads.helpers);
  } finally {
    await threads.close();
  }
}

async function readAll(
  options: { layout: string; out: string; files: string[]; maxPixels: number | undefined },
  io: CommandIo,
  helpers: readonly BoxHelper[],
): Promise<number> {
  let layout: Layout;
  try {
    layout = JSON.parse(await readFile(options.layout, "utf8")) as Layout;
    if (!layout.id || !Array.isArray(layout.cells) || !Array.isArray(layout.pages)) throw new Error("not a layout");
  } catch (error) {
    io.err(`Cannot use ${options.layout} as a layout: ${(error as Error).message}`);
    return EXIT_USAGE;
  }
  const decodeOptions = options.maxPixels ? { maxPixels: options.maxPixels } : {};
  const decode = (file: string) => {
    const pending = readFile(file).then((bytes) => decodeImageFile(bytes, decodeOptions));
    // Awaited in turn below; until then a failure must not count as unhandled.
    pending.catch(() => {});
    return pending;
  };
  // Decoding runs on libuv's threads: the next file is decoded while this one is read, and the first while the
  // reader's modules load and its wasm starts (they are imported only now for that: its start is 15 ms sooner).
  let decoding = decode(options.files[0]!);
  const [{ readScan }, { initEngineForNode }] = await Promise.all([
    import("../scan/read-scan.ts"),
    import("../node/init-engine-node.ts"),
  ]);
  await initEngineForNode();
  const output: ReadOutput = { unitsPerEm: 1000, glyphs: [], pages: [] };
  const lookup = (id: string, page: number) =>
    id === layout.id && layout.pages.some((p) => p.page === page) ? layout : undefined;
  for (const [index, file] of options.files.entries()) {
    const current = decoding;
    if (index + 1 < options.files.length) decoding = decode(options.files[index + 1]!);
    try {
      const image = await current;
      // The output holds outlines only, so the boxes' pictures (for the editors) are not made.
      const result = await readScan(image, lookup, { maxPixels: options.maxPixels, pictures: false, helpers });
      output.pages.push({ file, templateId: result.templateId, page: result.page, warnings: result.warnings });
      for (const { chars, variant, empty, path, bbox, warnings } of result.cells) {
        output.glyphs.push({ chars, variant, page: result.page, empty, path, bbox, warnings });
      }
      const written = result.cells.filter((c) => !c.empty).length;
      io.out(
        `${file}: page ${result.page} of template ${result.templateId}, ${written} of ${result.cells.length} boxes written.`,
      );
    } catch (error) {
      const reason = isEngineError(error)
        ? { code: error.code, message: error.message }
        : { code: "IMAGE_UNREADABLE", message: `Cannot read the file: ${(error as Error).message}` };
      output.pages.push({ file, templateId: null, page: null, warnings: [], error: reason });
      io.err(`${file}: ${reason.code}: ${reason.message}`);
    }
  }
  await writeFile(options.out, `${JSON.stringify(output, null, 2)}\n`);
  return output.pages.some((p) => p.error) ? 1 : 0;
}

function parse(args: string[]) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { layout: { type: "string" }, out: { type: "string" }, "max-pixels": { type: "string" } },
  });
  if (!values.layout || !values.out) throw new UsageError("Both --layout and --out are required.");
  if (positionals.length === 0) throw new UsageError("Name at least one scan or photo to read.");
  const maxPixels = values["max-pixels"] === undefined ? undefined : Number(values["max-pixels"]);
  if (maxPixels !== undefined && !(maxPixels > 0)) throw new UsageError("--max-pixels must be a positive number.");
  return { layout: values.layout, out: values.out, files: positionals, maxPixels };
}
