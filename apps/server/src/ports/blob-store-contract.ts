import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { expect, it } from "vitest";
import type { BlobStore } from "./blob-store.ts";

/** A stream of `total` deterministic bytes in chunks of 64 KiB, made as it is read (never whole in memory). */
export function patternStream(total: number, failAfter?: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (failAfter !== undefined && sent >= failAfter) {
        this.destroy(new Error("source failed"));
        return;
      }
      if (sent >= total) {
        this.push(null);
        return;
      }
      const size = Math.min(65_536, total - sent);
      const chunk = Buffer.alloc(size);
      for (let i = 0; i < size; i++) chunk[i] = (sent + i) % 251;
      sent += size;
      this.push(chunk);
    },
  });
}

async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

const keysOf = async (store: BlobStore, prefix: string) => {
  const keys: string[] = [];
  for await (const entry of store.list(prefix)) keys.push(entry.key);
  return keys.sort();
};

/**
 * What every BlobStore promises, run against each implementation (the local folder and S3) so the rest of the
 * server can rely on it whichever is configured. `presigns`: whether the store hands out download addresses.
 */
export function blobStoreContract(store: () => BlobStore, options: { presigns: boolean }) {
  it("stores, reads back, replaces and deletes bytes by key", async () => {
    await store().put("fonts/abc/font.ttf", new Uint8Array([1, 2, 3]));
    expect(await store().get("fonts/abc/font.ttf")).toEqual(new Uint8Array([1, 2, 3]));
    await store().put("fonts/abc/font.ttf", new Uint8Array([9]));
    expect(await store().get("fonts/abc/font.ttf")).toEqual(new Uint8Array([9]));
    await store().delete("fonts/abc/font.ttf");
    expect(await store().get("fonts/abc/font.ttf")).toBeUndefined();
    expect(await store().open("fonts/abc/font.ttf")).toBeUndefined();
    await store().delete("fonts/abc/font.ttf");
  });

  it("streams a large blob in and out whole, with its length, and reads it back whole", async () => {
    const total = 12 * 1024 * 1024 + 12_345;
    expect(await store().putStream("scans/big/original", patternStream(total))).toBe(total);
    const opened = await store().open("scans/big/original");
    expect(opened?.bytes).toBe(total);
    expect(await sha256Of(opened!.stream)).toBe(await sha256Of(patternStream(total)));
    // Read whole too, as the scan reader does: every chunk of the transfer lands in its place.
    const whole = await store().get("scans/big/original");
    expect(whole?.byteLength).toBe(total);
    expect(createHash("sha256").update(whole!).digest("hex")).toBe(await sha256Of(patternStream(total)));
    await store().delete("scans/big/original");
  });

  it("stores nothing of a stream that fails, and keeps what was stored before", async () => {
    await store().put("scans/failing/original", new Uint8Array([7, 7]));
    const failing = patternStream(8 * 1024 * 1024, 6 * 1024 * 1024);
    await expect(store().putStream("scans/failing/original", failing)).rejects.toThrow("source failed");
    expect(await store().get("scans/failing/original")).toEqual(new Uint8Array([7, 7]));
    await expect(store().putStream("scans/failing/new", patternStream(100, 0))).rejects.toThrow("source failed");
    expect(await store().get("scans/failing/new")).toBeUndefined();
    expect(await keysOf(store(), "scans/failing")).toEqual(["scans/failing/original"]);
    await store().deleteFolder("scans/failing");
  });

  it("lists and deletes a folder of blobs, and only that folder", async () => {
    const before = Date.now() - 60_000;
    await store().put("scans/s1/original", new Uint8Array(10));
    await store().put("scans/s1/pages/page-1.png", new Uint8Array(10));
    await store().put("scans/s10/original", new Uint8Array(10));
    const listed: { key: string; modifiedAt: Date }[] = [];
    for await (const entry of store().list("scans/s1")) listed.push(entry);
    expect(listed.map((entry) => entry.key).sort()).toEqual(["scans/s1/original", "scans/s1/pages/page-1.png"]);
    for (const entry of listed) expect(entry.modifiedAt.getTime()).toBeGreaterThan(before);
    await store().deleteFolder("scans/s1");
    expect(await store().get("scans/s1/original")).toBeUndefined();
    expect(await keysOf(store(), "scans/s1")).toEqual([]);
    expect(await store().get("scans/s10/original")).toEqual(new Uint8Array(10));
    await store().deleteFolder("scans/s10");
    await store().deleteFolder("scans/none");
    expect(await keysOf(store(), "scans/none")).toEqual([]);
  });

  it("sweeping unfinished writes leaves every stored blob alone", async () => {
    await store().put("templates/t1/en.pdf", new Uint8Array([1]));
    await store().sweepUnfinished(new Date(Date.now() + 3_600_000));
    expect(await store().get("templates/t1/en.pdf")).toEqual(new Uint8Array([1]));
    await store().deleteFolder("templates/t1");
  });

  it("refuses keys that could leave its place", async () => {
    for (const key of ["../etc/passwd", "/etc/passwd", "a/../../b", "a//b", "a/.hidden", "", "a\\b"]) {
      await expect(store().get(key), key).rejects.toThrow(/Unsafe blob key/);
      await expect(store().put(key, new Uint8Array(1)), key).rejects.toThrow(/Unsafe blob key/);
    }
  });

  it(
    options.presigns
      ? "hands out an address that downloads the bytes as an attachment"
      : "hands out no download address",
    async () => {
      await store().put("fonts/f1/font.otf", new Uint8Array([4, 5, 6]));
      const url = await store().presignedUrl("fonts/f1/font.otf", {
        fileName: "Hand.otf",
        contentType: "font/otf",
        expiresInSeconds: 60,
      });
      if (!options.presigns) {
        expect(url).toBeNull();
      } else {
        const answer = await fetch(url!);
        expect(answer.status).toBe(200);
        expect(answer.headers.get("content-disposition")).toBe('attachment; filename="Hand.otf"');
        expect(answer.headers.get("content-type")).toBe("font/otf");
        expect(new Uint8Array(await answer.arrayBuffer())).toEqual(new Uint8Array([4, 5, 6]));
      }
      await store().deleteFolder("fonts/f1");
    },
  );
}
