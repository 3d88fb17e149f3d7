// @handfont/engine/node: helpers that need Node (files, sharp). Never imported by the engine core.

export { nodeWoff2Encoder } from "../font/node/woff2-node.ts";
export { type BoxHelpers, createBoxHelpers } from "./box-helpers.ts";
export { type DecodeOptions, decodeImageFile } from "./decode-image.ts";
export { initEngineForNode } from "./init-engine-node.ts";
