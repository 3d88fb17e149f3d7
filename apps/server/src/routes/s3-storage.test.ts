import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fontBuilds } from "../db/schema/workspace.ts";
import type { BlobStore } from "../ports/blob-store.ts";
import { createS3BlobStore } from "../ports/s3-blob-store.ts";
import { startTestS3, type TestS3 } from "../test-support/s3-server.ts";
import { syntheticScan } from "../test-support/synthetic-scan.ts";
import { buildFont, createTemplate, uploadScans } from "../test-support/workspace-fixtures.ts";
import { createWorkspaceTestApp, type WorkspaceTestApp } from "../test-support/workspace-test-app.ts";

let s3: TestS3;
let blobs: BlobStore;
let t: WorkspaceTestApp;

beforeAll(async () => {
  s3 = await startTestS3();
  blobs = createS3BlobStore(s3.settings);
  t = await createWorkspaceTestApp({ blobs, presignedDownloads: true });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const keys = async (prefix: string) => {
  const found: string[] = [];
  for await (const entry of blobs.list(prefix)) found.push(entry.key);
  return found;
};
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

describe("the workspace on S3-compatible storage", () => {
  it("reads an uploaded page from the bucket, builds a font there and hands out its files to the owner only", async () => {
    const user = await t.newUser();
    const { template, layout } = await createTemplate(t, user, { name: "Digits", sets: ["digits"], cellSize: "l" });
    const [scan] = await uploadScans(t, user, [{ fileName: "digits.jpg", bytes: await syntheticScan(layout, 1) }]);
    expect(scan).toMatchObject({ status: "done", pages: [{ lettersFound: layout.cells.length }] });
    // The picture is gone from the bucket once read.
    expect(await keys("scans")).toEqual([]);

    const font = await t.as(user, {
      method: "POST",
      url: "/api/createFont",
      payload: { name: "Bucket", from: { kind: "template", templateId: template.id } },
    });
    const fontId = font.json().id as string;
    expect(await buildFont(t, user, fontId)).toMatchObject({ state: "done", error: null });
    const [build] = await t.database.db.select().from(fontBuilds).where(eq(fontBuilds.fontId, fontId));
    expect((await keys(`fonts/${fontId}`)).sort()).toEqual(
      [...build!.files.map((file) => file.key), build!.specimenKey!].sort(),
    );

    const stranger = await t.newUser();
    const foreign = await t.as(stranger, { method: "GET", url: `/api/getCreatedFont/${fontId}?format=woff2` });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe("FONT_NOT_FOUND");
    expect(foreign.headers.location).toBeUndefined();

    for (const file of build!.files) {
      const res = await t.as(user, { method: "GET", url: `/api/getCreatedFont/${fontId}?format=${file.format}` });
      expect(res.statusCode).toBe(302);
      expect(res.headers["cache-control"]).toBe("private, no-cache");
      const fetched = await fetch(String(res.headers.location));
      expect(fetched.status).toBe(200);
      expect(fetched.headers.get("content-disposition")).toBe(`attachment; filename="Bucket-Regular.${file.format}"`);
      expect(sha256(new Uint8Array(await fetched.arrayBuffer()))).toBe(file.sha256);
    }

    const specimen = await t.as(user, { method: "GET", url: `/api/fonts/${fontId}/specimen` });
    expect(specimen.statusCode).toBe(200);
    expect(specimen.headers["content-type"]).toBe(build!.specimenType);
    expect(Number(specimen.headers["content-length"])).toBe(specimen.rawPayload.byteLength);
    expect((await t.as(stranger, { method: "GET", url: `/api/fonts/${fontId}/specimen` })).statusCode).toBe(404);

    const removed = await t.as(user, { method: "GET", url: `/api/removeFont/${fontId}`, headers: {} });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await keys(`fonts/${fontId}`)).toEqual([]);
  });
});
