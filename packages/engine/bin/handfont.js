#!/usr/bin/env node
// The `handfont` command. It is plain JavaScript so that Node's compile cache is on before the first TypeScript
// file loads: an entry written in TypeScript is stripped of its types before any of its code runs, which loads
// Node's TypeScript stripper (about 50 ms of CPU in every run) even when everything after it comes from the cache.
import { enableCompileCache } from "node:module";
import { setFlagsFromString } from "node:v8";

enableCompileCache();
const { isShortRun, main } = await import("../src/cli/main.ts");
const argv = process.argv.slice(2);
// Before any of the command's code runs: a short run is quicker without V8's optimising compiler (see isShortRun).
if (isShortRun(argv)) setFlagsFromString("--no-turbofan");
process.exitCode = await main(argv);
