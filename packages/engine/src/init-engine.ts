import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";
import { EngineError } from "./errors.ts";

export type EngineInitOptions = {
  /** The bytes of `zxing-wasm/reader/zxing_reader.wasm` (Node: `@handfont/engine/node` reads them for you). */
  zxingWasm?: ArrayBuffer | Uint8Array;
  /** Or, in a browser, the URL the bundler serves that file at. */
  zxingWasmUrl?: string;
};

type Potrace = typeof import("esm-potrace-wasm").potrace;

type Modules = { readBarcodes: typeof readBarcodes; potrace: Potrace };

let ready: Promise<Modules> | undefined;
let modules: Modules | undefined;

/**
 * Loads the WebAssembly the scan reader needs (zxing for QR codes, potrace for tracing). Call once per thread
 * (main thread or worker) before `readScan`; later calls return the same promise. Never touches the network:
 * zxing's default of fetching its wasm from a CDN is overridden with the bytes or URL given here.
 */
export function initEngine(options: EngineInitOptions): Promise<void> {
  ready ??= load(options).then(
    (loaded) => {
      modules = loaded;
      return loaded;
    },
    (error: unknown) => {
      ready = undefined;
      throw error;
    },
  );
  return ready.then(() => undefined);
}

async function load(options: EngineInitOptions): Promise<Modules> {
  const { zxingWasm, zxingWasmUrl } = options;
  if (!zxingWasm && !zxingWasmUrl) {
    throw new EngineError("ENGINE_NOT_INITIALISED", "initEngine needs zxingWasm (bytes) or zxingWasmUrl.");
  }
  const overrides = zxingWasm
    ? { wasmBinary: zxingWasm instanceof Uint8Array ? toArrayBuffer(zxingWasm) : zxingWasm }
    : { locateFile: (path: string, prefix: string) => (path.endsWith(".wasm") ? zxingWasmUrl! : prefix + path) };
  await prepareZXingModule({ overrides, fireImmediately: true });
  const potrace = await importPotrace();
  return { readBarcodes, potrace };
}

async function importPotrace(): Promise<Potrace> {
  // esm-potrace-wasm's emscripten glue, when it sees Node, evaluates `require("node:fs")` and `__dirname` while
  // the module loads and then never uses them (its wasm is inlined). An ES module has neither, so lend harmless
  // placeholders for the duration of the import and take them back afterwards.
  const scope = globalThis as { require?: unknown; __dirname?: unknown };
  const lentRequire = scope.require === undefined;
  const lentDirname = scope.__dirname === undefined;
  if (lentRequire) scope.require = () => ({});
  if (lentDirname) scope.__dirname = "/";
  try {
    const { init, potrace } = await import("esm-potrace-wasm");
    await init();
    return potrace;
  } finally {
    if (lentRequire) delete scope.require;
    if (lentDirname) delete scope.__dirname;
  }
}

function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

/** The loaded wasm modules; throws ENGINE_NOT_INITIALISED before initEngine has finished. */
export function engineModules(): Modules {
  if (!modules) throw new EngineError("ENGINE_NOT_INITIALISED", "Call initEngine before reading scans.");
  return modules;
}
