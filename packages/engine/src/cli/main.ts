#!/usr/bin/env node
// The `handfont` command: one module per command, each exporting run(args) -> exit code.
import { run as build } from "./build.ts";
import { run as specimen } from "./specimen.ts";

export const commands: Record<string, { run: (args: string[]) => Promise<number>; summary: string }> = {
  build: { run: build, summary: "compile glyphs.json or a FontProject into OTF, TTF and WOFF2" },
  specimen: { run: specimen, summary: "render text set in a font file to a PNG" },
};

/** Dispatches `handfont <command> …`; returns the exit code. */
export async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  const command = name ? commands[name] : undefined;
  if (!command) {
    process.stdout.write("usage: handfont <command> [options]\n\n");
    for (const [key, value] of Object.entries(commands)) process.stdout.write(`  ${key.padEnd(10)} ${value.summary}\n`);
    return name && name !== "--help" ? 2 : 0;
  }
  return command.run(args);
}

if (import.meta.main) process.exitCode = await main(process.argv.slice(2));
