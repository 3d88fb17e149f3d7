// One cold read in a fresh process, as a server worker's first job: load the engine, initialise its wasm,
// decode a JPEG and read the page. Prints one JSON line for bench-engine.ts.
// The server's workers load the engine through Node's compile cache (apps/server/src/main.ts), so this does too;
// bench-engine.ts fills the cache with an untimed run first, as any earlier worker would have.
const { enableCompileCache } = await import("node:module");
const started = performance.now();
enableCompileCache();
const { readFile } = await import("node:fs/promises");
const { readFileSync } = await import("node:fs");
const { createBoxHelpers, decodeImageFile, initEngineForNode } = await import("../src/node/index.ts");
// As a server's engine worker does when it starts: its helper threads load the engine while it reads the page.
const { helpers } = createBoxHelpers();
const { readScan } = await import("../src/index.ts");
const [jpegPath, layoutPath] = process.argv.slice(2) as [string, string];
const layout = JSON.parse(await readFile(layoutPath, "utf8"));
const loaded = performance.now();
await initEngineForNode();
const initialised = performance.now();
const image = await decodeImageFile(await readFile(jpegPath));
const decoded = performance.now();
const result = await readScan(image, () => layout, { helpers });
const done = performance.now();
process.stdout.write(
  `${JSON.stringify({
    importMs: loaded - started,
    initMs: initialised - loaded,
    decodeMs: decoded - initialised,
    readMs: done - decoded,
    totalMs: done - started,
    cpuMs: (process.cpuUsage().user + process.cpuUsage().system) / 1000,
    maxRssMb: peakRssMb(),
    cells: result.cells.length,
    stages: result.diagnostics.timings,
  })}\n`,
);

/**
 * The process's peak resident memory. getrusage's maxRSS is no use here: after fork and exec it still
 * carries the parent's peak. /proc's VmHWM belongs to this program's own address space.
 */
function peakRssMb(): number {
  const status = readFileSync("/proc/self/status", "utf8");
  const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
  return kb ? Number(kb) / 1024 : process.resourceUsage().maxRSS / 1024;
}

// Dynamic imports above keep the clock honest: module loading is part of a cold start.
export {};
