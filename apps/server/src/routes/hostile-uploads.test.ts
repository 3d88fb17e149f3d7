import { execFileSync } from "node:child_process";
import type { TemplateLayout } from "@handfont/contract";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blankPdf, pngBomb } from "../test-support/hostile-files.ts";
import { syntheticScan } from "../test-support/synthetic-scan.ts";
import { createTemplate, uploadScans } from "../test-support/workspace-fixtures.ts";
import { createWorkspaceTestApp, type WorkspaceTestApp } from "../test-support/workspace-test-app.ts";

const hasPoppler = (() => {
  try {
    execFileSync("pdftoppm", ["-v"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

let t: WorkspaceTestApp;
let user: string;
let layout: TemplateLayout;
let template: { id: string; pdfUrl: string };
let lettersBefore: unknown;

const letters = async () =>
  (await t.as(user, { method: "GET", url: "/api/getFontsAndSvgs" }))
    .json()
    .letterSets.map((set: { glyphs: { id: string; path: string; updatedAt: string }[] }) => set.glyphs);

beforeAll(async () => {
  t = await createWorkspaceTestApp();
  user = await t.newUser();
  ({ template, layout } = await createTemplate(t, user, { name: "Digits", sets: ["digits"], cellSize: "l" }));
  await uploadScans(t, user, [{ fileName: "digits.jpg", bytes: await syntheticScan(layout, 1) }]);
  lettersBefore = await letters();
});
afterAll(() => t.close());

describe("hostile and broken uploads give clear errors and leave the letters as they were", () => {
  it("a PNG bomb is refused from its header", async () => {
    const [scan] = await uploadScans(t, user, [{ fileName: "bomb.png", bytes: pngBomb(100_000, 100_000) }]);
    expect(scan).toMatchObject({ status: "failed", error: { code: "IMAGE_TOO_LARGE" } });
    expect(scan.error.message).toMatch(/too large/);
  });

  it("a truncated photo and a picture of something else", async () => {
    const photo = await syntheticScan(layout, 1);
    const cat = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#a97" } })
      .jpeg()
      .toBuffer();
    const [truncated, other] = await uploadScans(t, user, [
      { fileName: "cut.jpg", bytes: photo.subarray(0, 2000) },
      { fileName: "cat.jpg", bytes: new Uint8Array(cat) },
    ]);
    expect(truncated).toMatchObject({ status: "failed", error: { code: "IMAGE_UNREADABLE" } });
    expect(other).toMatchObject({ status: "failed", error: { code: "TEMPLATE_NOT_FOUND_ON_PAGE" } });
    const ru = await t.as(user, { method: "GET", url: `/api/scans/${other.id}`, headers: { "accept-language": "ru" } });
    expect(ru.json().error.message).toMatch(/^На этой странице не найден шаблон Handfont/);
  });

  it.skipIf(!hasPoppler)("a PDF that is not a scan, and a PDF of the printed template", async () => {
    const [notAScan] = await uploadScans(t, user, [{ fileName: "letter.pdf", bytes: blankPdf(2) }]);
    expect(notAScan).toMatchObject({ status: "failed", error: { code: "PDF_WITHOUT_TEMPLATE" } });
    expect(notAScan.pages).toHaveLength(2);
    const printed = await t.as(user, { method: "GET", url: template.pdfUrl });
    const [blank] = await uploadScans(t, user, [
      { fileName: "template.pdf", bytes: new Uint8Array(printed.rawPayload) },
    ]);
    // The unfilled template is recognised page by page; its boxes are empty, so it adds no letters.
    expect(blank).toMatchObject({ status: "done", pages: [{ templateId: template.id, page: 1, lettersFound: 0 }] });
  });

  it.skipIf(!hasPoppler)("a tiny PDF of huge pages, refused before it is drawn, in the user's language", async () => {
    // 2.5 KB that would make 20 pages of 625 million pixels each at 300 dpi.
    const [huge] = await uploadScans(t, user, [{ fileName: "huge.pdf", bytes: blankPdf(20, [6000, 6000]) }]);
    expect(huge).toMatchObject({ status: "failed", error: { code: "PDF_PAGE_TOO_LARGE" } });
    const de = await t.as(user, { method: "GET", url: `/api/scans/${huge.id}`, headers: { "accept-language": "de" } });
    expect(de.json().error.message).toMatch(/^Eine Seite dieses PDFs ist zu groß/);
  });

  it("leaves every letter as it was", async () => {
    expect(lettersBefore).toHaveLength(1);
    expect((lettersBefore as unknown[][])[0]).toHaveLength(layout.cells.length);
    expect(await letters()).toEqual(lettersBefore);
  });
});
