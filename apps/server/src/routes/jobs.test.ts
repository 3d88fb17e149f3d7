import { randomUUID } from "node:crypto";
import { JOB_LIMITS } from "@handfont/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs } from "../db/schema/jobs.ts";
import { multipart } from "../test-support/multipart.ts";
import { syntheticScan } from "../test-support/synthetic-scan.ts";
import { addLetters, createFont, createTemplate } from "../test-support/workspace-fixtures.ts";
import { createWorkspaceTestApp, type WorkspaceTestApp } from "../test-support/workspace-test-app.ts";

let t: WorkspaceTestApp;
beforeAll(async () => {
  t = await createWorkspaceTestApp();
});
afterAll(() => t.close());

describe("jobs over HTTP", () => {
  it("lets only the owner follow a build, and answers the same job for a second click", async () => {
    const [owner, other] = [await t.newUser(), await t.newUser()];
    const fontId = await createFont(t, owner);
    await addLetters(t, owner, fontId, ["a", "b"]);
    const [first, second] = await Promise.all(
      [1, 2].map(() => t.as(owner, { method: "POST", url: "/api/buildFont", payload: { fontId } })),
    );
    expect(first!.statusCode).toBe(202);
    expect(first!.json().job).toMatchObject({ kind: "build-font", subjectId: fontId, error: null });
    expect(second!.json().job.id).toBe(first!.json().job.id);
    const id = first!.json().job.id;
    const foreign = await t.as(other, { method: "GET", url: `/api/jobs/${id}`, headers: { "accept-language": "fr" } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({
      code: "JOB_NOT_FOUND",
      message: "Cette tâche n’existe pas ou ne vous appartient pas.",
    });
    await t.workspace.jobs.idle();
    expect((await t.as(owner, { method: "GET", url: `/api/jobs/${id}` })).json()).toMatchObject({
      state: "done",
      progress: 100,
    });
  });

  it("refuses an upload beyond the account's waiting work with a translated 429, storing nothing", async () => {
    const user = await t.newUser();
    const { layout } = await createTemplate(t, user);
    // The account already has its whole allowance waiting (held by a worker that is not this one).
    await t.database.db.insert(jobs).values(
      Array.from({ length: JOB_LIMITS.queuedFree }, () => ({
        kind: "read-scan",
        ownerId: user,
        subject: randomUUID(),
        state: "running" as const,
        lockedBy: "elsewhere:1:x",
        leaseUntil: new Date(Date.now() + 3_600_000),
      })),
    );
    const body = await multipart([{ fileName: "p.jpg", bytes: await syntheticScan(layout, 1) }]);
    const res = await t.as(user, {
      method: "POST",
      url: "/api/uploadReadyTemplates",
      ...body,
      headers: { ...body.headers, "accept-language": "ru" },
    });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({
      code: "QUEUE_FULL",
      message: expect.stringMatching(/^У вас уже слишком много/),
    });
    expect((await t.as(user, { method: "GET", url: "/api/scans" })).json().scans).toEqual([]);
    await t.database.db.delete(jobs);
  });
});
