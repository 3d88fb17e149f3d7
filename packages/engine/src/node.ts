// Node-only helpers of the engine (import "@handfont/engine/node"): they use Node's native modules, so the browser
// entry (src/index.ts) does not include them.
export { nodeWoff2Encoder } from "./font/node/woff2-node.ts";
