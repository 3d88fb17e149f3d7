// Reads one page inside a worker thread, as the server will: the engine initialised in the worker itself.
import { parentPort, workerData } from "node:worker_threads";
import { readScan } from "../index.ts";
import { decodeImageFile, initEngineForNode } from "../node/index.ts";
import type { Layout } from "../template/layout-types.ts";

const { jpeg, layout } = workerData as { jpeg: Uint8Array; layout: Layout };
await initEngineForNode();
const result = await readScan(await decodeImageFile(jpeg), () => layout);
parentPort!.postMessage({ templateId: result.templateId, page: result.page, cells: result.cells });
