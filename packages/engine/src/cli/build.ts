// `handfont build`: glyphs.json (from `handfont read`) or a FontProject JSON -> OTF / TTF / WOFF2 files.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { compileFonts, FONT_FORMATS, type FontFormat } from "../font/compile.ts";
import { FontError } from "../font/errors.ts";
import { fontProjectFromScan, isScanGlyphs } from "../font/from-scan.ts";
import { migrateFontProject } from "../font/migrate.ts";
import { postScriptName } from "../font/names.ts";
import { nodeWoff2Encoder } from "../font/node/woff2-node.ts";
import type { FontLicence, FontProject } from "../font/project.ts";

export const buildUsage = `handfont build --glyphs glyphs.json --name "My Hand" [--format otf,ttf,woff2] [--out dir/]
    [--style Regular] [--designer "Name"] [--licence ofl|all-rights-reserved] [--font-version 1.000]
    [--no-randomize] [--no-ligatures] [--no-kerning] [--no-composites] [--woff2-quality 0-11]
  Reads the glyphs.json of "handfont read" or a FontProject JSON; --name is required for glyphs.json and
  overrides the project's family otherwise. Writes <PostScriptName>.<format> into --out (default ".").`;

function licenceFrom(text: string | undefined): FontLicence | undefined {
  if (text === undefined) return undefined;
  if (/^ofl/i.test(text)) return { kind: "OFL-1.1" };
  if (/^(arr|all-rights-reserved)$/i.test(text)) return { kind: "all-rights-reserved" };
  return { kind: "custom", text };
}

/** Runs `handfont build` with its arguments; returns the process exit code. */
export async function run(
  args: string[],
  print: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<number> {
  let parsed: ReturnType<typeof parseBuildArgs>;
  try {
    parsed = parseBuildArgs(args);
  } catch (error) {
    // Unknown options and missing values: the message names them.
    print(`${(error as Error).message}\n\n${buildUsage}`);
    return 2;
  }
  const { values } = parsed;
  if (values.help || !values.glyphs) {
    print(buildUsage);
    return values.help ? 0 : 2;
  }
  const quality = Number(values["woff2-quality"]);
  if (!Number.isInteger(quality) || quality < 0 || quality > 11) {
    print("--woff2-quality must be an integer 0–11");
    return 2;
  }
  const formats = values.format.split(",").map((format) => format.trim()) as FontFormat[];
  const unknown = formats.filter((format) => !FONT_FORMATS.includes(format));
  if (unknown.length > 0) {
    print(`unknown format: ${unknown.join(", ")} (use ${FONT_FORMATS.join(", ")})`);
    return 2;
  }
  try {
    const json: unknown = JSON.parse(await readFile(values.glyphs, "utf8"));
    const licence = licenceFrom(values.licence);
    let project: FontProject;
    if (isScanGlyphs(json)) {
      if (!values.name) {
        print("--name is required when building from glyphs.json");
        return 2;
      }
      project = fontProjectFromScan(json, {
        family: values.name,
        style: values.style,
        designer: values.designer,
        version: values["font-version"],
        licence,
      });
    } else {
      project = migrateFontProject(json);
      project = {
        ...project,
        family: values.name ?? project.family,
        style: values.style ?? project.style,
        designer: values.designer ?? project.designer,
        version: values["font-version"] ?? project.version,
        licence: licence ?? project.licence,
      };
    }
    project.settings = {
      ...project.settings,
      randomize: project.settings.randomize && !values["no-randomize"],
      ligatures: project.settings.ligatures && !values["no-ligatures"],
      kerning: values["no-kerning"] ? "off" : project.settings.kerning,
      compositeAccents: project.settings.compositeAccents && !values["no-composites"],
    };
    const started = performance.now();
    const { fonts, diagnostics } = await compileFonts(project, formats, {
      woff2Encoder: nodeWoff2Encoder(quality),
    });
    await mkdir(values.out, { recursive: true });
    const base = postScriptName(project.family, project.style);
    for (const format of formats) {
      const path = join(values.out, `${base}.${format}`);
      await writeFile(path, fonts[format]!);
      print(`${path}  ${fonts[format]!.length} bytes`);
    }
    print(`built in ${Math.round(performance.now() - started)} ms`);
    for (const diagnostic of diagnostics) print(`${diagnostic.severity}: ${diagnostic.code}: ${diagnostic.message}`);
    return 0;
  } catch (error) {
    if (error instanceof FontError) {
      print(`error: ${error.code}: ${error.message}`);
      for (const issue of error.issues.slice(0, 20)) print(`  ${issue.path}: ${issue.message}`);
      return 1;
    }
    if (error instanceof SyntaxError || (error as NodeJS.ErrnoException).code === "ENOENT") {
      print(`error: ${(error as Error).message}`);
      return 1;
    }
    throw error;
  }
}

function parseBuildArgs(args: string[]) {
  return parseArgs({
    args,
    options: {
      glyphs: { type: "string" },
      name: { type: "string" },
      style: { type: "string" },
      designer: { type: "string" },
      licence: { type: "string" },
      "font-version": { type: "string" },
      format: { type: "string", default: "otf,ttf,woff2" },
      out: { type: "string", default: "." },
      "no-randomize": { type: "boolean", default: false },
      "no-ligatures": { type: "boolean", default: false },
      "no-kerning": { type: "boolean", default: false },
      "no-composites": { type: "boolean", default: false },
      "woff2-quality": { type: "string", default: "6" },
      help: { type: "boolean", default: false },
    },
  });
}
