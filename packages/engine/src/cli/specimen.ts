// `handfont specimen`: a PNG of text set in a font file.
import { readFile, writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { FontError } from "../font/errors.ts";
import { renderSpecimenPng } from "../font/specimen.ts";
import { chooseSpecimenText, coveredText, fontUnicodes } from "../font/specimen-text.ts";

export const specimenUsage = `handfont specimen font.(otf|ttf|woff2|woff) [--text "The quick brown fox"] --out specimen.png [--size 72]
  Sets the text (\\n starts a new line) with HarfBuzz, so ligatures, variants and kerning show as in a browser.
  Without --text it shows a sample in the font's own script (a Cyrillic font gets a Cyrillic sentence) and prints it,
  leaving out words with a letter the font lacks; characters of --text the font lacks are left out and listed.`;

/** Runs `handfont specimen` with its arguments; returns the process exit code. */
export async function run(
  args: string[],
  print: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<number> {
  let parsed: ReturnType<typeof parseSpecimenArgs>;
  try {
    parsed = parseSpecimenArgs(args);
  } catch (error) {
    // Unknown options and missing values: the message names them.
    print(`${(error as Error).message}\n\n${specimenUsage}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const fontPath = positionals[0];
  if (values.help || !fontPath) {
    print(specimenUsage);
    return values.help ? 0 : 2;
  }
  const size = Number(values.size);
  if (!(size >= 4 && size <= 1000)) {
    print("--size must be 4–1000 pixels");
    return 2;
  }
  let png: Uint8Array;
  try {
    const font = new Uint8Array(await readFile(fontPath));
    const unicodes = await fontUnicodes(font);
    const asked = values.text?.replaceAll("\\n", "\n");
    const text = asked === undefined ? chooseSpecimenText(unicodes) : coveredText(asked, unicodes);
    const missing = [...new Set(asked ?? "")].filter((ch) => /\S/u.test(ch) && !unicodes.has(ch.codePointAt(0)!));
    if (missing.length > 0) print(`left out, not in the font: ${missing.join(" ")}`);
    if (!text) {
      print(`error: ${fontPath} has none of the characters of the text`);
      return 1;
    }
    if (asked === undefined) print(`sample: ${text.replaceAll("\n", " / ")}`);
    png = await renderSpecimenPng(font, text, { size });
  } catch (error) {
    if (error instanceof FontError) {
      print(`error: ${error.code}: ${fontPath}: ${error.message}`);
      return 1;
    }
    if (isFileError(error)) {
      print(`error: cannot read ${fontPath}: ${(error as Error).message}`);
      return 1;
    }
    throw error;
  }
  try {
    await writeFile(values.out, png);
  } catch (error) {
    if (!isFileError(error)) throw error;
    print(`error: cannot write ${values.out}: ${(error as Error).message}`);
    return 1;
  }
  print(`${values.out}  ${png.length} bytes`);
  return 0;
}

/** A file that is missing, a folder, or not ours to read or write. */
function isFileError(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === "ENOENT" || code === "EISDIR" || code === "EACCES" || code === "ENOTDIR" || code === "EPERM";
}

function parseSpecimenArgs(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    options: {
      text: { type: "string" },
      out: { type: "string", default: "specimen.png" },
      size: { type: "string", default: "72" },
      help: { type: "boolean", default: false },
    },
  });
}
