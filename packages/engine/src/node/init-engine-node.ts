import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { initEngine } from "../init-engine.ts";

const require = createRequire(import.meta.url);

/** Initialises the engine in Node (main thread or worker) with zxing's wasm read from node_modules. */
export async function initEngineForNode(): Promise<void> {
  const zxingWasm = await readFile(require.resolve("zxing-wasm/reader/zxing_reader.wasm"));
  await initEngine({ zxingWasm });
}
