// The `handfont` command line: `npx handfont <command> …` (started by bin/handfont.js). Each command is a module
// exporting `usage` and `run(args, io)`, loaded only when named; add a command by adding a line to the table below.
import { enableCompileCache } from "node:module";
import { setFlagsFromString } from "node:v8";
import { type Command, type CommandIo, SHORT_RUN_FILES } from "./command.ts";

const commands: Record<string, { summary: string; load: () => Promise<Command> }> = {
  template: { summary: "lay out a printable template (PDF + layout JSON)", load: () => import("./template.ts") },
  read: {
    summary: "read photos or scans of filled template pages into glyph outlines",
    load: () => import("./read.ts"),
  },
  build: {
    summary: "compile glyphs.json or a FontProject into OTF, TTF and WOFF2",
    load: async () => {
      const { buildUsage, run } = await import("./build.ts");
      return { usage: buildUsage, run: (args, io) => run(args, io.out) };
    },
  },
  specimen: {
    summary: "render text set in a font file to a PNG",
    load: async () => {
      const { specimenUsage, run } = await import("./specimen.ts");
      return { usage: specimenUsage, run: (args, io) => run(args, io.out) };
    },
  },
};

const io: CommandIo = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
};

function help(): string {
  const width = Math.max(...Object.keys(commands).map((name) => name.length));
  const lines = Object.entries(commands).map(([name, { summary }]) => `  ${name.padEnd(width)}  ${summary}`);
  return [
    "Usage: handfont <command> [options]",
    "",
    "Commands:",
    ...lines,
    "",
    "Run `handfont <command> --help` for a command's options.",
  ].join("\n");
}

/** Options of `handfont read` that take a value (the other arguments are the files to read). */
const READ_VALUE_OPTIONS = new Set(["--layout", "--out", "--max-pixels"]);

/**
 * Whether a run is over too soon for V8's optimising compiler to pay: in a fresh process TurboFan spends about
 * 300 ms of CPU compiling the reader's loops on a background thread (on two cores shared with the main thread),
 * and its faster code earns that back only from about the fourth 300 dpi page on. Measured on the benchmark's
 * pages: without it `build` takes 14 % less CPU, `template` 15 % less and `read` of two pages 11 % less, four
 * pages the same; the outputs are byte for byte the same. `specimen` (mostly HarfBuzz's wasm) is quicker with it.
 * Long-lived users of the engine (the server's workers) keep TurboFan.
 */
export function isShortRun(argv: readonly string[]): boolean {
  const [name, ...rest] = argv;
  if (name === "build" || name === "template") return true;
  if (name !== "read") return false;
  const files = rest.filter((arg, i) => !arg.startsWith("-") && !READ_VALUE_OPTIONS.has(rest[i - 1] ?? ""));
  return files.length <= SHORT_RUN_FILES;
}

/** Dispatches `handfont <command> …`; resolves to the exit code. */
export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "--help" || name === "-h" || name === "help") {
    io.out(help());
    return name ? 0 : 2;
  }
  const entry = commands[name];
  if (!entry) {
    io.err(`Unknown command "${name}".\n\n${help()}`);
    return 2;
  }
  const command = await entry.load();
  if (rest.includes("--help") || rest.includes("-h")) {
    io.out(command.usage);
    return 0;
  }
  return command.run(rest, io);
}

// Run directly too (`node src/cli/main.ts`, as installs linked before bin/handfont.js existed do); the launcher is
// faster, since this file itself is stripped of its types before the compile cache can be turned on.
if (import.meta.main) {
  enableCompileCache();
  if (isShortRun(process.argv.slice(2))) setFlagsFromString("--no-turbofan");
  process.exitCode = await main(process.argv.slice(2));
}
