import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart } from "../test-support/multipart.ts";
import { uploadScans } from "../test-support/workspace-fixtures.ts";
import { createWorkspaceTestApp, type WorkspaceTestApp } from "../test-support/workspace-test-app.ts";

let t: WorkspaceTestApp;
beforeAll(async () => {
  t = await createWorkspaceTestApp();
});
afterAll(() => t.close());

// Transitional: a PNG signature followed by the page's qcode, which the fake reader looks for.
const page = (qcode: string) =>
  new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new TextEncoder().encode(qcode)]);

async function template(user: string, sets = ["latin", "ru"]) {
  const res = await t.as(user, { method: "POST", url: "/api/createTemplate", payload: { name: "Scan me", sets } });
  return res.json() as { template: { id: string; qcodes: string[] }; layout: { cells: { page: number }[] } };
}

const letterSet = async (user: string) =>
  (await t.as(user, { method: "GET", url: "/api/getFontsAndSvgs" })).json().letterSets[0];

describe("scans", () => {
  it("reads an uploaded page into the letter set of its template, with warnings in the user's language", async () => {
    const user = t.newUser();
    const { template: tpl, layout } = await template(user);
    const [scan] = await uploadScans(t, user, [{ fileName: "page1.png", bytes: page(tpl.qcodes[0]!) }]);
    const onPage1 = layout.cells.filter((cell) => cell.page === 1).length;
    expect(scan).toMatchObject({ status: "done", progress: 100, error: null, mediaType: "image/png" });
    expect(scan.pages).toMatchObject([{ templateId: tpl.id, page: 1, lettersFound: onPage1, error: null }]);
    expect(scan.pages[0].cellWarnings[0]).toMatchObject({ code: "TOUCHES_BORDER", chars: "A" });
    const ru = await t.as(user, { method: "GET", url: `/api/scans/${scan.id}`, headers: { "accept-language": "ru" } });
    expect(ru.json().pages[0].cellWarnings[0].message).toBe("Буква касается края клетки и может быть обрезана.");
    const set = await letterSet(user);
    expect(set).toMatchObject({ templateId: tpl.id, templateName: "Scan me" });
    expect(set.glyphs).toHaveLength(onPage1);
  });

  it("merges the pages of one template and replaces a page's letters when it is uploaded again", async () => {
    const user = t.newUser();
    const { template: tpl, layout } = await template(user);
    await uploadScans(t, user, [{ fileName: "p1.png", bytes: page(tpl.qcodes[0]!) }]);
    await uploadScans(t, user, [{ fileName: "p2.png", bytes: page(tpl.qcodes[1]!) }]);
    const first = await letterSet(user);
    expect(first.glyphs).toHaveLength(layout.cells.length);
    await uploadScans(t, user, [{ fileName: "p1-again.png", bytes: page(tpl.qcodes[0]!) }]);
    const second = await letterSet(user);
    expect(second.glyphs).toHaveLength(layout.cells.length);
    const page1 = (set: { glyphs: { templatePage: number; updatedAt: string }[] }) =>
      set.glyphs.filter((g) => g.templatePage === 1).map((g) => g.updatedAt);
    expect(page1(second)).not.toEqual(page1(first));
  });

  it("loses no letters when the pages of one template are uploaded at the same time", async () => {
    const user = t.newUser();
    const { template: tpl, layout } = await template(user);
    const uploads = await Promise.all(
      [0, 1, 0, 1].map(async (index) => {
        const body = await multipart([{ fileName: `p${index}.png`, bytes: page(tpl.qcodes[index]!) }]);
        return t.as(user, { method: "POST", url: "/api/uploadReadyTemplates", ...body });
      }),
    );
    expect(uploads.map((res) => res.statusCode)).toEqual([202, 202, 202, 202]);
    await t.workspace.scans.idle();
    expect((await letterSet(user)).glyphs).toHaveLength(layout.cells.length);
  });

  it("turns a scan's letters or a template's letters into a new font", async () => {
    const user = t.newUser();
    t.premium.add(user);
    const { template: tpl, layout } = await template(user);
    const [scan] = await uploadScans(t, user, [{ fileName: "p1.png", bytes: page(tpl.qcodes[0]!) }]);
    const fromScan = await t.as(user, {
      method: "POST",
      url: "/api/addAsNewFontHw/",
      payload: { name: "From scan", from: { kind: "scan", scanId: scan.id } },
    });
    expect(fromScan.json().glyphCount).toBe(layout.cells.filter((cell) => cell.page === 1).length);
    const fromTemplate = await t.as(user, {
      method: "POST",
      url: "/api/createFont",
      payload: { name: "From template", from: { kind: "template", templateId: tpl.id } },
    });
    expect(fromTemplate.json().glyphCount).toBe(fromScan.json().glyphCount);
  });

  it("refuses empty, unknown and oversize files before storing anything", async () => {
    const user = t.newUser();
    const empty = await multipart([{ fileName: "empty.jpg", bytes: new Uint8Array() }]);
    const res = await t.as(user, { method: "POST", url: "/api/uploadReadyTemplates", ...empty });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "FILE_EMPTY", fileName: "empty.jpg" });
    const text = await multipart([{ fileName: "page.jpg", bytes: new TextEncoder().encode("<svg onload=x>") }]);
    const unsupported = await t.as(user, { method: "POST", url: "/api/uploadReadyTemplates", ...text });
    expect(unsupported.statusCode).toBe(415);
    expect(unsupported.json().code).toBe("FILE_TYPE_UNSUPPORTED");
    const big = await multipart([{ fileName: "big.png", bytes: new Uint8Array(25 * 1024 * 1024 + 1) }]);
    const tooLarge = await t.as(user, { method: "POST", url: "/api/uploadReadyTemplates", ...big });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().code).toBe("FILE_TOO_LARGE");
    const none = await t.as(user, { method: "POST", url: "/api/uploadReadyTemplates", ...(await multipart([])) });
    expect(none.json().code).toBe("UPLOAD_NO_FILES");
    expect((await t.as(user, { method: "GET", url: "/api/scans" })).json().scans).toEqual([]);
  });

  it("reports pages it cannot use with the engine's codes, in the user's language", async () => {
    const user = t.newUser();
    const [unreadable, blank, pdf] = await uploadScans(t, user, [
      { fileName: "broken.png", bytes: page("UNREADABLE") },
      { fileName: "blank.png", bytes: page("nothing") },
      { fileName: "doc.pdf", bytes: new TextEncoder().encode("%PDF-1.4 a letter to grandma") },
    ]);
    expect(unreadable).toMatchObject({ status: "failed", error: { code: "IMAGE_UNREADABLE" } });
    expect(blank).toMatchObject({ status: "failed", error: { code: "TEMPLATE_NOT_FOUND_ON_PAGE" } });
    expect(pdf).toMatchObject({ status: "failed", error: { code: "PDF_WITHOUT_TEMPLATE" } });
    const de = await t.as(user, { method: "GET", url: `/api/scans/${pdf.id}`, headers: { cookie: "lang=de" } });
    expect(de.json().error.message).toBe("Dieses PDF enthält keine ausgefüllte Handfont-Vorlagenseite.");
  });
});
