import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestS3, type TestS3 } from "../test-support/s3-server.ts";
import { assertSafeKey, type BlobStore, createFileBlobStore } from "./blob-store.ts";
import { blobStoreContract, patternStream } from "./blob-store-contract.ts";
import { checkS3Bucket, createS3BlobStore } from "./s3-blob-store.ts";

const root = mkdtempSync(join(tmpdir(), "handfont-blobs-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("file blob store", () => {
  const store = createFileBlobStore(root);
  blobStoreContract(() => store, { presigns: false });

  it("leaves no temporary file behind after a write, whether it succeeded or failed", async () => {
    await store.put("scans/s2/original", new Uint8Array(10));
    await expect(store.putStream("scans/s2/other", patternStream(1000, 500))).rejects.toThrow("source failed");
    expect(readdirSync(join(root, "scans", "s2"))).toEqual(["original"]);
    await store.deleteFolder("scans/s2");
  });

  it("sweeps temporary files older than the given time left by a stopped process, and nothing else", async () => {
    mkdirSync(join(root, "scans", "s3"), { recursive: true });
    const stale = join(root, "scans", "s3", "original.0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d.tmp");
    const fresh = join(root, "scans", "s3", "original.1b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d.tmp");
    writeFileSync(stale, "x");
    writeFileSync(fresh, "y");
    const hourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(stale, hourAgo, hourAgo);
    await store.put("scans/s3/kept.tmp", new Uint8Array(1));
    expect(await store.sweepUnfinished(new Date(Date.now() - 600_000))).toBe(1);
    expect(readdirSync(join(root, "scans", "s3")).sort()).toEqual([
      "kept.tmp",
      "original.1b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d.tmp",
    ]);
    const listed: string[] = [];
    for await (const entry of store.list("scans/s3")) listed.push(entry.key);
    expect(listed).toEqual(["scans/s3/kept.tmp"]);
    await store.deleteFolder("scans/s3");
  });

  it("refuses keys that could leave its folder", () => {
    for (const key of ["../etc/passwd", "/etc/passwd", "a/../../b", "a//b", "a/.hidden", "", "a\\b"]) {
      expect(() => assertSafeKey(key), key).toThrow(/Unsafe blob key/);
    }
  });
});

describe("S3 blob store (s3rver)", () => {
  let s3: TestS3;
  let store: BlobStore;
  beforeAll(async () => {
    s3 = await startTestS3();
    store = createS3BlobStore(s3.settings);
  });
  afterAll(() => s3?.close());
  blobStoreContract(() => store, { presigns: true });

  it("checks the bucket at start: a missing bucket or wrong keys are named", async () => {
    await expect(checkS3Bucket(s3.settings)).resolves.toBeUndefined();
    await expect(checkS3Bucket({ ...s3.settings, bucket: "nope" })).rejects.toThrow(
      'S3 bucket "nope" cannot be used: it does not exist',
    );
    await expect(checkS3Bucket({ ...s3.settings, accessKeyId: "WRONG" })).rejects.toThrow(
      'S3 bucket "handfont-test" cannot be used: access is denied',
    );
  });
});
