import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { glyphs, scans } from "../db/schema/workspace.ts";
import { createFileBlobStore } from "../ports/blob-store.ts";
import { createWorkspaceTestApp, type WorkspaceTestApp } from "../test-support/workspace-test-app.ts";
import { createBlobSweeper, startBlobSweeps } from "./blob-sweep.ts";
import { letterScanFolder } from "./letter-pictures.ts";

const root = mkdtempSync(join(tmpdir(), "handfont-sweep-"));
const blobs = createFileBlobStore(root);
let t: WorkspaceTestApp;
let owner: string;

beforeAll(async () => {
  t = await createWorkspaceTestApp({ blobs });
  owner = await t.newUser();
});
afterAll(async () => {
  await t?.close();
  rmSync(root, { recursive: true, force: true });
});

const pictures = async () => {
  const ids = new Set<string>();
  for await (const entry of blobs.list("scans")) ids.add(entry.key.split("/")[1]!);
  return [...ids].sort();
};

/** A stored picture and, unless `status` is null, its scan row. */
async function upload(status: "queued" | "reading" | "done" | "failed" | null) {
  const id = randomUUID();
  const blobKey = `scans/${id}/original`;
  await blobs.put(blobKey, new Uint8Array([0xff, 0xd8, 0xff]));
  if (status) {
    await t.database.db
      .insert(scans)
      .values({ id, ownerId: owner, fileName: "p.jpg", mediaType: "image/jpeg", blobKey, status });
  }
  return id;
}

describe("sweeping left-over uploads", () => {
  it("deletes pictures of finished scans at once, pictures without a scan after an hour, and never waiting ones", async () => {
    const queued = await upload("queued");
    const reading = await upload("reading");
    await upload("done");
    await upload("failed");
    const unrecorded = await upload(null);
    const now = createBlobSweeper(t.workspace.ctx);
    expect(await now.sweep()).toEqual({ unfinished: 0, pictures: 2, letterPictures: 0 });
    expect(await pictures()).toEqual([queued, reading, unrecorded].sort());

    const inTwoHours = new Date(Date.now() + 2 * 3_600_000);
    const later = createBlobSweeper({ ...t.workspace.ctx, now: () => inTwoHours });
    expect(await later.sweep()).toEqual({ unfinished: 0, pictures: 1, letterPictures: 0 });
    expect(await pictures()).toEqual([queued, reading].sort());
    await blobs.deleteFolder("scans");
  });

  it("removes the half-written files of a stopped process, also on a timer", async () => {
    mkdirSync(join(root, "scans", "x"), { recursive: true });
    const temp = join(root, "scans", "x", "original.0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d.tmp");
    writeFileSync(temp, "half");
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    utimesSync(temp, twoHoursAgo, twoHoursAgo);
    const results: unknown[] = [];
    const sweeps = startBlobSweeps(createBlobSweeper(t.workspace.ctx), {
      swept: (result) => results.push(result),
      failed: (error) => results.push(error),
    });
    await sweeps.stop();
    expect(results).toEqual([{ unfinished: 1, pictures: 0, letterPictures: 0 }]);
    expect(await pictures()).toEqual([]);
  });

  it("deletes kept letter pictures that no letter names, once they are an hour old", async () => {
    const font = (await t.as(owner, { method: "POST", url: "/api/createFont", payload: { name: "Pictures" } })).json();
    const key = (name: string) => `${letterScanFolder(owner)}/${name}.png`;
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
    for (const name of ["named", "orphan"]) await blobs.put(key(name), png);
    await t.database.db.insert(glyphs).values({
      ownerId: owner,
      fontId: font.id,
      chars: "a",
      variant: 1,
      document: { source: { kind: "scan", image: { ref: key("named") } } },
      path: "",
      source: "scan",
    });
    const kept = async () => {
      const keys: string[] = [];
      for await (const entry of blobs.list("letter-scans")) keys.push(entry.key);
      return keys.sort();
    };
    // A page being read stores its pictures before its letters: a young picture is left alone.
    expect((await createBlobSweeper(t.workspace.ctx).sweep()).letterPictures).toBe(0);
    expect(await kept()).toEqual([key("named"), key("orphan")]);
    const inTwoHours = new Date(Date.now() + 2 * 3_600_000);
    const later = createBlobSweeper({ ...t.workspace.ctx, now: () => inTwoHours });
    expect((await later.sweep()).letterPictures).toBe(1);
    expect(await kept()).toEqual([key("named")]);
  });
});
