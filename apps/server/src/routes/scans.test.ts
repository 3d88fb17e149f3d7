import type { TemplateLayout } from "@handfont/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart } from "../test-support/multipart.ts";
import { syntheticScan } from "../test-support/synthetic-scan.ts";
import { createTemplate, uploadScans } from "../test-support/workspace-fixtures.ts";
import { createWorkspaceTestApp, type WorkspaceTestApp } from "../test-support/workspace-test-app.ts";

let t: WorkspaceTestApp;
let user: string;
let template: { id: string; qcodes: string[] };
let layout: TemplateLayout;
let pages: Uint8Array[];

beforeAll(async () => {
  t = await createWorkspaceTestApp();
  user = await t.newUser();
  ({ template, layout } = await createTemplate(t, user));
  pages = [await syntheticScan(layout, 1, { seed: 3 }), await syntheticScan(layout, 2, { seed: 4, phone: true })];
});
afterAll(() => t.close());

const letterSet = async (as: string) =>
  (await t.as(as, { method: "GET", url: "/api/getFontsAndSvgs" })).json().letterSets[0];
const onPage = (page: number) => layout.cells.filter((cell) => cell.page === page).length;

describe("scans", () => {
  it("reads the uploaded pages of a template into one letter set, in any order", async () => {
    const [second, first] = await uploadScans(t, user, [
      { fileName: "page2.jpg", bytes: pages[1]! },
      { fileName: "page1.jpg", bytes: pages[0]! },
    ]);
    expect(first).toMatchObject({ status: "done", progress: 100, error: null, mediaType: "image/jpeg" });
    expect(first.pages).toMatchObject([{ templateId: template.id, page: 1, lettersFound: onPage(1), error: null }]);
    expect(second.pages).toMatchObject([{ templateId: template.id, page: 2, lettersFound: onPage(2) }]);
    const set = await letterSet(user);
    expect(set).toMatchObject({ templateId: template.id, templateName: "Scan me" });
    expect(set.glyphs).toHaveLength(layout.cells.length);
    expect(set.glyphs.every((glyph: { path: string }) => glyph.path.startsWith("M"))).toBe(true);
    // The uploaded pictures are not kept once read.
    expect(await t.workspace.ctx.blobs.get(`scans/${first.id}/original`)).toBeUndefined();
  });

  it("keeps answering other requests quickly while pages are read in worker threads", async () => {
    const body = await multipart([
      { fileName: "p1.jpg", bytes: pages[0]! },
      { fileName: "p2.jpg", bytes: pages[1]! },
    ]);
    const upload = await t.as(user, { method: "POST", url: "/api/uploadReadyTemplates", ...body });
    expect(upload.statusCode).toBe(202);
    const times: number[] = [];
    const reading = t.workspace.scans.idle();
    let done = false;
    void reading.then(() => {
      done = true;
    });
    while (!done) {
      const start = performance.now();
      expect((await t.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
      times.push(performance.now() - start);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // Reading one page takes a second or more of CPU; on the event loop it would stall every health check that long.
    const sorted = [...times].sort((a, b) => a - b);
    expect(times.length).toBeGreaterThan(10);
    expect(sorted[Math.floor(sorted.length / 2)]).toBeLessThan(100);
  });

  it("replaces a page's letters when it is uploaded again", async () => {
    const before = await letterSet(user);
    await uploadScans(t, user, [{ fileName: "page1-again.jpg", bytes: pages[0]! }]);
    const after = await letterSet(user);
    expect(after.glyphs).toHaveLength(layout.cells.length);
    const stamps = (set: { glyphs: { templatePage: number; updatedAt: string }[] }, page: number) =>
      set.glyphs.filter((glyph) => glyph.templatePage === page).map((glyph) => glyph.updatedAt);
    expect(stamps(after, 1)).not.toEqual(stamps(before, 1));
    expect(stamps(after, 2)).toEqual(stamps(before, 2));
  });

  it("loses no letters when the pages of one template are uploaded at the same time", async () => {
    const other = await t.newUser();
    const own = await createTemplate(t, other);
    const scans = [await syntheticScan(own.layout, 1), await syntheticScan(own.layout, 2)];
    const uploads = await Promise.all(
      [0, 1, 1, 0].map(async (index) =>
        t.as(other, {
          method: "POST",
          url: "/api/uploadReadyTemplates",
          ...(await multipart([{ fileName: `p${index}.jpg`, bytes: scans[index]! }])),
        }),
      ),
    );
    expect(uploads.map((res) => res.statusCode)).toEqual([202, 202, 202, 202]);
    await t.workspace.scans.idle();
    expect((await letterSet(other)).glyphs).toHaveLength(own.layout.cells.length);
  });

  it("turns a scan's letters or a template's letters into a new font", async () => {
    const [scan] = await uploadScans(t, user, [{ fileName: "p2.jpg", bytes: pages[1]! }]);
    const fromScan = await t.as(user, {
      method: "POST",
      url: "/api/addAsNewFontHw/",
      payload: { name: "From scan", from: { kind: "scan", scanId: scan.id } },
    });
    expect(fromScan.json().glyphCount).toBe(onPage(2));
    const fromTemplate = await t.as(user, {
      method: "POST",
      url: "/api/createFont",
      payload: { name: "From template", from: { kind: "template", templateId: template.id } },
    });
    expect(fromTemplate.json()).toMatchObject({ glyphCount: layout.cells.length, characterCount: 62 });
  });

  it("refuses empty, unknown and oversize files before storing anything", async () => {
    const someone = await t.newUser();
    const empty = await multipart([{ fileName: "empty.jpg", bytes: new Uint8Array() }]);
    const res = await t.as(someone, { method: "POST", url: "/api/uploadReadyTemplates", ...empty });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "FILE_EMPTY", fileName: "empty.jpg" });
    const text = await multipart([{ fileName: "page.jpg", bytes: new TextEncoder().encode("<svg onload=x>") }]);
    const unsupported = await t.as(someone, { method: "POST", url: "/api/uploadReadyTemplates", ...text });
    expect(unsupported.statusCode).toBe(415);
    expect(unsupported.json().code).toBe("FILE_TYPE_UNSUPPORTED");
    const oversize = new Uint8Array(25 * 1024 * 1024 + 1);
    oversize.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const big = await multipart([{ fileName: "big.png", bytes: oversize }]);
    const tooLarge = await t.as(someone, { method: "POST", url: "/api/uploadReadyTemplates", ...big });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().code).toBe("FILE_TOO_LARGE");
    const none = await t.as(someone, { method: "POST", url: "/api/uploadReadyTemplates", ...(await multipart([])) });
    expect(none.json().code).toBe("UPLOAD_NO_FILES");
    expect((await t.as(someone, { method: "GET", url: "/api/scans" })).json().scans).toEqual([]);
  });

  it("deletes one upload and clears the finished ones, keeping the letters read from them", async () => {
    const listed = async () =>
      (await t.as(user, { method: "GET", url: "/api/scans" })).json().scans as { id: string }[];
    const before = await listed();
    expect(before.length).toBeGreaterThan(2);
    const lettersBefore = (await letterSet(user)).glyphs.length;

    const stranger = await t.newUser();
    const foreign = await t.as(stranger, { method: "DELETE", url: `/api/scans/${before[0]!.id}` });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe("SCAN_NOT_FOUND");

    const removed = await t.as(user, { method: "DELETE", url: `/api/scans/${before[0]!.id}` });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await listed()).map((scan) => scan.id)).toEqual(before.slice(1).map((scan) => scan.id));

    const cleared = await t.as(user, { method: "DELETE", url: "/api/scans" });
    expect(cleared.json()).toEqual({ removed: before.length - 1 });
    expect(await listed()).toEqual([]);
    expect((await letterSet(user)).glyphs).toHaveLength(lettersBefore);
  });

  it("stores no letters from an upload deleted while it waits or is read", async () => {
    const other = await t.newUser();
    const own = await createTemplate(t, other);
    const body = await multipart([{ fileName: "p1.jpg", bytes: await syntheticScan(own.layout, 1) }]);
    const upload = await t.as(other, { method: "POST", url: "/api/uploadReadyTemplates", ...body });
    const id = upload.json().scans[0].id as string;
    expect((await t.as(other, { method: "DELETE", url: `/api/scans/${id}` })).statusCode).toBe(200);
    await t.workspace.scans.idle();
    expect((await t.as(other, { method: "GET", url: "/api/getFontsAndSvgs" })).json().letterSets).toEqual([]);
    expect(await t.workspace.ctx.blobs.get(`scans/${id}/original`)).toBeUndefined();
  });
});
