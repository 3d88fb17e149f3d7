// `handfont specimen`: a PNG of text set in a font file.
import { readFile, writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { renderSpecimenPng } from "../font/specimen.ts";

export const specimenUsage = `handfont specimen font.otf --text "The quick brown fox" --out specimen.png [--size 72]
  Sets the text (\\n starts a new line) with HarfBuzz, so ligatures, variants and kerning show as in a browser.`;

/** Runs `handfont specimen` with its arguments; returns the process exit code. */
export async function run(
  args: string[],
  print: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      text: { type: "string", default: "The quick brown fox jumps over the lazy dog" },
      out: { type: "string", default: "specimen.png" },
      size: { type: "string", default: "72" },
      help: { type: "boolean", default: false },
    },
  });
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
  try {
    const font = new Uint8Array(await readFile(fontPath));
    const png = await renderSpecimenPng(font, values.text.replaceAll("\\n", "\n"), { size });
    await writeFile(values.out, png);
    print(`${values.out}  ${png.length} bytes`);
    return 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") {
      print(`error: ${(error as Error).message}`);
      return 1;
    }
    throw error;
  }
}
