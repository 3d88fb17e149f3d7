import { describe, expect, it } from "vitest";
import { decompress } from "woff2-encoder";
import { caveatProject } from "../test-support/caveat.ts";
import { compileFontSync, compileFonts } from "./compile.ts";
import { nodeWoff2Encoder } from "./node/woff2-node.ts";
import { readSfntTables } from "./sfnt/sfnt.ts";

describe("WOFF2", () => {
  const project = caveatProject({ chars: [..."abcfi"], variants: 2, ligatures: ["fi"] });
  const { fonts } = compileFontSync(project, ["otf", "ttf"], { timestamp: 0 });

  it.each(["otf", "ttf"] as const)("decodes back to the same %s tables with Google's decoder", async (format) => {
    const woff2 = nodeWoff2Encoder()(fonts[format]!) as Uint8Array;
    expect(String.fromCharCode(...woff2.subarray(0, 4))).toBe("wOF2");
    expect(woff2.length % 4).toBe(0);
    const decoded = await decompress(woff2);
    const before = readSfntTables(fonts[format]!);
    const after = readSfntTables(decoded);
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    for (const [tag, bytes] of before) {
      if (tag !== "head") expect(after.get(tag), tag).toEqual(bytes);
    }
  });

  it("compresses with the portable wasm encoder by default", async () => {
    const { fonts: out } = await compileFonts(project, ["woff2"], { timestamp: 0 });
    const decoded = await decompress(out.woff2!);
    expect(readSfntTables(decoded).has("glyf")).toBe(true);
  });
});
