import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scans } from "../db/schema/index.ts";
import { syntheticScan } from "../test-support/synthetic-scan.ts";
import { createTemplate } from "../test-support/workspace-fixtures.ts";
import { createWorkspaceTestApp, type WorkspaceTestApp } from "../test-support/workspace-test-app.ts";

let t: WorkspaceTestApp;
beforeAll(async () => {
  t = await createWorkspaceTestApp();
});
afterAll(() => t.close());

describe("scans after a restart", () => {
  it("reads the scans still queued and marks the ones a stopped process left half-read as interrupted", async () => {
    const user = await t.newUser();
    const { layout } = await createTemplate(t, user, { name: "Digits", sets: ["digits"], cellSize: "l" });
    await t.workspace.ctx.blobs.put("scans/queued-1/original", await syntheticScan(layout, 1));
    const [queued] = await t.database.db
      .insert(scans)
      .values({ ownerId: user, fileName: "q.jpg", mediaType: "image/jpeg", blobKey: "scans/queued-1/original" })
      .returning();
    const [stale] = await t.database.db
      .insert(scans)
      .values({
        ownerId: user,
        fileName: "s.jpg",
        mediaType: "image/jpeg",
        blobKey: "scans/stale-1/original",
        status: "reading",
        updatedAt: new Date(Date.now() - 60 * 60 * 1000),
      })
      .returning();
    await t.workspace.scans.resume();
    await t.workspace.scans.idle();
    const status = async (id: string) => (await t.as(user, { method: "GET", url: `/api/scans/${id}` })).json();
    expect(await status(queued!.id)).toMatchObject({ status: "done", pages: [{ lettersFound: 10 }] });
    expect(await status(stale!.id)).toMatchObject({
      status: "failed",
      error: { code: "SCAN_INTERRUPTED", message: "Reading this page was interrupted. Please upload it again." },
    });
    const [row] = await t.database.db.select().from(scans).where(eq(scans.id, stale!.id));
    expect(row!.progress).toBe(100);
  });
});
