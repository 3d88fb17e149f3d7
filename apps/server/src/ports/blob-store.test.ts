import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { assertSafeKey, createFileBlobStore } from "./blob-store.ts";

const root = mkdtempSync(join(tmpdir(), "handfont-blobs-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("file blob store", () => {
  const store = createFileBlobStore(root);

  it("stores, reads back, replaces and deletes bytes by key", async () => {
    await store.put("fonts/abc/font.ttf", new Uint8Array([1, 2, 3]));
    expect(await store.get("fonts/abc/font.ttf")).toEqual(new Uint8Array([1, 2, 3]));
    await store.put("fonts/abc/font.ttf", new Uint8Array([9]));
    expect(await store.get("fonts/abc/font.ttf")).toEqual(new Uint8Array([9]));
    await store.delete("fonts/abc/font.ttf");
    expect(await store.get("fonts/abc/font.ttf")).toBeUndefined();
  });

  it("deletes a folder of blobs and leaves no temporary files behind", async () => {
    await store.put("scans/s1/original", new Uint8Array(10));
    await store.put("scans/s1/page-1.png", new Uint8Array(10));
    expect(readdirSync(join(root, "scans", "s1")).sort()).toEqual(["original", "page-1.png"]);
    await store.deleteFolder("scans/s1");
    expect(await store.get("scans/s1/original")).toBeUndefined();
  });

  it("refuses keys that could leave its folder", async () => {
    for (const key of ["../etc/passwd", "/etc/passwd", "a/../../b", "a//b", "a/.hidden", "", "a\\b"]) {
      expect(() => assertSafeKey(key), key).toThrow(/Unsafe blob key/);
    }
    await expect(store.get("../x")).rejects.toThrow(/Unsafe/);
  });
});
