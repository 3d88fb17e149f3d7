import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs, scans } from "../db/schema/index.ts";
import { syntheticScan } from "../test-support/synthetic-scan.ts";
import { createTemplate } from "../test-support/workspace-fixtures.ts";
import { createWorkspaceTestApp, type WorkspaceTestApp } from "../test-support/workspace-test-app.ts";

let t: WorkspaceTestApp;
beforeAll(async () => {
  t = await createWorkspaceTestApp();
});
afterAll(() => t.close());

describe("scans whose worker stopped", () => {
  it("reads a scan again when the worker reading it stopped renewing its lease", async () => {
    const user = await t.newUser();
    const { layout } = await createTemplate(t, user, { name: "Digits", sets: ["digits"], cellSize: "l" });
    const [stale] = await t.database.db
      .insert(scans)
      .values({
        id: "00000000-0000-4000-8000-000000000001",
        ownerId: user,
        fileName: "s.jpg",
        mediaType: "image/jpeg",
        blobKey: "scans/00000000-0000-4000-8000-000000000001/original",
        status: "reading",
        progress: 40,
      })
      .returning();
    await t.workspace.ctx.blobs.put(stale!.blobKey, await syntheticScan(layout, 1));
    // A job held by a worker that died: its lease ran out a second ago.
    await t.database.db.insert(jobs).values({
      kind: "read-scan",
      ownerId: user,
      subject: stale!.id,
      state: "running",
      attempts: 1,
      lockedBy: "dead-host:1:gone",
      leaseUntil: sql`now() - interval '1 second'`,
    });
    await t.workspace.jobs.idle();
    const status = (await t.as(user, { method: "GET", url: `/api/scans/${stale!.id}` })).json();
    expect(status).toMatchObject({ status: "done", error: null, pages: [{ lettersFound: 10 }] });
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.subject, stale!.id));
    expect(job).toMatchObject({ state: "done", attempts: 2, lockedBy: null });
    // The picture is not kept once read.
    expect(await t.workspace.ctx.blobs.get(stale!.blobKey)).toBeUndefined();
  });

  it("marks a scan failed, not stuck, when its job's last attempt died with its worker", async () => {
    const user = await t.newUser();
    const [scan] = await t.database.db
      .insert(scans)
      .values({
        ownerId: user,
        fileName: "x.jpg",
        mediaType: "image/jpeg",
        blobKey: "scans/x/original",
        status: "reading",
      })
      .returning();
    await t.database.db.insert(jobs).values({
      kind: "read-scan",
      ownerId: user,
      subject: scan!.id,
      state: "running",
      attempts: 3,
      maxAttempts: 3,
      lockedBy: "dead-host:1:gone",
      leaseUntil: sql`now() - interval '1 second'`,
    });
    await t.workspace.jobs.idle();
    const status = (await t.as(user, { method: "GET", url: `/api/scans/${scan!.id}` })).json();
    expect(status).toMatchObject({ status: "failed", progress: 100, error: { code: "READ_FAILED" } });
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.subject, scan!.id));
    expect(job).toMatchObject({ state: "dead", errorCode: "JOB_FAILED" });
  });
});
