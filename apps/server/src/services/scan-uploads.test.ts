import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { afterAll, describe, expect, it } from "vitest";
import { type BlobStore, createFileBlobStore } from "../ports/blob-store.ts";
import { ScanFileCheck, storeScanUploads } from "./scan-uploads.ts";

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const MB = 1024 * 1024;

/** A PNG-looking stream of `total` bytes made chunk by chunk as it is read; `produced` counts what it made. */
function lazyPng(total: number) {
  const counter = { produced: 0 };
  const stream = new Readable({
    read() {
      if (counter.produced >= total) return void this.push(null);
      const chunk = Buffer.alloc(Math.min(64 * 1024, total - counter.produced), 7);
      if (counter.produced === 0) chunk.set(PNG);
      counter.produced += chunk.byteLength;
      this.push(chunk);
    },
  });
  return { stream, counter };
}

const bytesOf = (...values: number[]) => Readable.from([Buffer.from(values)]);
const files = (...list: { fileName: string; stream: Readable }[]) => Readable.from(list);

const root = mkdtempSync(join(tmpdir(), "handfont-uploads-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const store = createFileBlobStore(root);
const stored = async () => {
  const keys: string[] = [];
  for await (const entry of store.list("scans")) keys.push(entry.key);
  return keys;
};

describe("checking a scan file as it streams", () => {
  it("passes a picture on byte for byte and names its type, small or large", async () => {
    for (const size of [12, 3 * MB]) {
      const { stream } = lazyPng(size);
      const check = new ScanFileCheck("a.png", 25 * MB);
      let received = 0;
      const firsts: number[] = [];
      await pipeline(
        stream,
        check,
        new Writable({
          write(chunk: Buffer, _encoding, done) {
            if (received === 0) firsts.push(...chunk.subarray(0, 8));
            received += chunk.byteLength;
            done();
          },
        }),
      );
      expect(received).toBe(size);
      expect(firsts).toEqual(PNG);
      expect(check.mediaType).toBe("image/png");
    }
  });

  it("refuses a file past the limit while it flows, without waiting for (or keeping) the rest", async () => {
    const { stream, counter } = lazyPng(60 * MB);
    let passed = 0;
    let producedAtFirstWrite = -1;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        if (producedAtFirstWrite < 0) producedAtFirstWrite = counter.produced;
        passed += chunk.byteLength;
        done();
      },
    });
    await expect(pipeline(stream, new ScanFileCheck("big.png", 25 * MB), sink)).rejects.toMatchObject({
      code: "FILE_TOO_LARGE",
      extra: { fileName: "big.png" },
    });
    expect(passed).toBeLessThanOrEqual(25 * MB);
    // Bytes reached storage while the upload was still arriving: the file was never gathered whole.
    expect(producedAtFirstWrite).toBeLessThan(MB);
    // Reading stopped about where the limit was crossed, not at the end of the 60 MB.
    expect(counter.produced).toBeLessThan(26 * MB);
  });

  it("refuses an empty file and one that is no picture or PDF by its first bytes", async () => {
    const drain = () => new Writable({ write: (_chunk, _encoding, done) => done() });
    await expect(pipeline(Readable.from([]), new ScanFileCheck("e.jpg", MB), drain())).rejects.toMatchObject({
      code: "FILE_EMPTY",
    });
    const svg = Readable.from([Buffer.from("<svg onload=alert(1)>")]);
    await expect(pipeline(svg, new ScanFileCheck("x.jpg", MB), drain())).rejects.toMatchObject({
      code: "FILE_TYPE_UNSUPPORTED",
      extra: { fileName: "x.jpg" },
    });
  });
});

describe("storing an upload batch", () => {
  it("stores every file of a good batch under its own key with its type and size", async () => {
    const result = await storeScanUploads(
      store,
      files(
        { fileName: "a.png", stream: lazyPng(300_000).stream },
        { fileName: "b.jpg", stream: bytesOf(0xff, 0xd8, 0xff, 0xe0, 1, 2) },
      ),
      { fileBytes: MB, files: 20 },
    );
    expect(result.map(({ fileName, mediaType, bytes }) => ({ fileName, mediaType, bytes }))).toEqual([
      { fileName: "a.png", mediaType: "image/png", bytes: 300_000 },
      { fileName: "b.jpg", mediaType: "image/jpeg", bytes: 6 },
    ]);
    expect((await stored()).sort()).toEqual(result.map((file) => file.blobKey).sort());
    expect(await store.get(result[1]!.blobKey)).toEqual(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2]));
    await store.deleteFolder("scans");
  });

  it("keeps nothing of a batch with a refused file, a file too many or a broken stream", async () => {
    const good = () => ({ fileName: "ok.png", stream: lazyPng(200_000).stream });
    const limits = { fileBytes: MB, files: 2 };
    await expect(
      storeScanUploads(store, files(good(), { fileName: "t.txt", stream: bytesOf(65, 66) }), limits),
    ).rejects.toMatchObject({ code: "FILE_TYPE_UNSUPPORTED" });
    await expect(storeScanUploads(store, files(good(), good(), good()), limits)).rejects.toMatchObject({
      code: "TOO_MANY_FILES",
    });
    await expect(
      storeScanUploads(store, files(good(), { fileName: "big.png", stream: lazyPng(2 * MB).stream }), limits),
    ).rejects.toMatchObject({ code: "FILE_TOO_LARGE" });
    let reads = 0;
    const broken = new Readable({
      read() {
        if (reads++ === 0) this.push(Buffer.from([...PNG, ...new Array(1000).fill(1)]));
        else this.destroy(new Error("Unexpected end of multipart data"));
      },
    });
    await expect(
      storeScanUploads(store, files(good(), { fileName: "cut.png", stream: broken }), limits),
    ).rejects.toThrow("Unexpected end of multipart data");
    await expect(storeScanUploads(store, files(), limits)).rejects.toMatchObject({ code: "UPLOAD_NO_FILES" });
    expect(await stored()).toEqual([]);
  });

  it("deletes the stored files when the store fails on a later one", async () => {
    let puts = 0;
    const failing: BlobStore = {
      ...store,
      putStream: (key, source) =>
        ++puts === 2 ? Promise.reject(new Error("disk full")) : store.putStream(key, source),
    };
    const good = () => ({ fileName: "ok.png", stream: lazyPng(1000).stream });
    await expect(storeScanUploads(failing, files(good(), good()), { fileBytes: MB, files: 5 })).rejects.toThrow(
      "disk full",
    );
    expect(await stored()).toEqual([]);
  });
});
