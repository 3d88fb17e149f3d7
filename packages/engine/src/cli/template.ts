import { writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { isEngineError } from "../errors.ts";
import { CHARACTER_SETS, type CharacterSetId, isCharacterSetId } from "../template/character-sets.ts";
import { layoutTemplate } from "../template/layout-template.ts";
import type { CellSizeName, PaperName } from "../template/layout-types.ts";
import { renderTemplatePdf } from "../template/render-template-pdf.ts";
import { type CommandIo, EXIT_USAGE, UsageError } from "./command.ts";

export const usage = `Usage: handfont template [options]

Lays out a template and writes it as a printable PDF and its layout JSON (keep the JSON: reading needs it).

Options:
  --sets <ids>          character sets, comma-separated (default latin,marks,digits,punctuation):
                        ${CHARACTER_SETS.map((set) => set.id).join(", ")}
  --chars <text>        further characters to include
  --ligatures <seqs>    letter sequences written as one glyph, comma-separated (e.g. ff,fi,th)
  --variants <n>        copies of each character for randomized fonts, 1-15 (default 1)
  --paper <a4|letter>   paper size (default a4)
  --cell <s|m|l>        box size: 15, 20 or 25 mm (default m)
  --no-guides           leave out the guide lines
  --name <text>         title printed on each page (default "Handfont template")
  --instruction <text>  one-line instruction printed under the title
  --id <id>             template id (default: a new random id)
  --out <file.pdf>      where to write the PDF (required)
  --layout <file.json>  where to write the layout (required)`;

const DEFAULT_INSTRUCTION =
  "Write one character in each box with a dark pen. Keep the QR code and the four corner squares clean.";
// Printed only on templates with accent mark boxes.
const MARK_NOTE =
  "A box with a dotted circle takes only an accent, written where it sits on that circle: the font adds it to your letters.";

/** `handfont template`: writes a template PDF and its layout JSON. */
export async function run(args: string[], io: CommandIo): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(args);
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${usage}`);
    return EXIT_USAGE;
  }
  try {
    const layout = layoutTemplate(parsed.options);
    const pdf = await renderTemplatePdf(layout, { ...parsed.texts, date: new Date() });
    await writeFile(parsed.out, pdf);
    await writeFile(parsed.layout, `${JSON.stringify(layout, null, 2)}\n`);
    io.out(
      `Wrote ${parsed.out} (${layout.pages.length} page${layout.pages.length === 1 ? "" : "s"}, ${layout.cells.length} boxes) and ${parsed.layout} (template ${layout.id}).`,
    );
    return 0;
  } catch (error) {
    if (isEngineError(error) && error.code === "INVALID_TEMPLATE_OPTIONS") {
      io.err(`${error.message}\n\n${usage}`);
      return EXIT_USAGE;
    }
    throw error;
  }
}

function parse(args: string[]) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      sets: { type: "string" },
      chars: { type: "string" },
      ligatures: { type: "string" },
      variants: { type: "string" },
      paper: { type: "string" },
      cell: { type: "string" },
      "no-guides": { type: "boolean" },
      name: { type: "string" },
      instruction: { type: "string" },
      id: { type: "string" },
      out: { type: "string" },
      layout: { type: "string" },
    },
  });
  if (positionals.length > 0) throw new UsageError(`Unexpected argument "${positionals[0]}".`);
  if (!values.out || !values.layout) throw new UsageError("Both --out and --layout are required.");
  const list = (text: string | undefined) =>
    (text ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
  const sets = values.sets === undefined ? undefined : list(values.sets);
  for (const set of sets ?? []) if (!isCharacterSetId(set)) throw new UsageError(`Unknown character set "${set}".`);
  const variants = values.variants === undefined ? undefined : Number(values.variants);
  if (values.paper !== undefined && values.paper !== "a4" && values.paper !== "letter") {
    throw new UsageError(`Unknown paper "${values.paper}": use a4 or letter.`);
  }
  if (values.cell !== undefined && !["s", "m", "l"].includes(values.cell)) {
    throw new UsageError(`Unknown cell size "${values.cell}": use s, m or l.`);
  }
  return {
    options: {
      ...(sets ? { sets: sets as CharacterSetId[] } : {}),
      ...(values.chars ? { chars: values.chars } : {}),
      ligatures: list(values.ligatures),
      ...(variants !== undefined ? { variants } : {}),
      ...(values.paper ? { paper: values.paper as PaperName } : {}),
      ...(values.cell ? { cellSize: values.cell as CellSizeName } : {}),
      guides: !values["no-guides"],
      ...(values.id ? { id: values.id } : {}),
    },
    texts: {
      name: values.name ?? "Handfont template",
      instruction: values.instruction ?? DEFAULT_INSTRUCTION,
      markNote: MARK_NOTE,
    },
    out: values.out,
    layout: values.layout,
  };
}
