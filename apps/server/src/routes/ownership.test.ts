import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart } from "../test-support/multipart.ts";
import { syntheticScan } from "../test-support/synthetic-scan.ts";
import {
  addLetters,
  buildFont,
  createFont,
  createTemplate,
  square,
  uploadScans,
} from "../test-support/workspace-fixtures.ts";
import { createWorkspaceTestApp, type WorkspaceTestApp } from "../test-support/workspace-test-app.ts";

let t: WorkspaceTestApp;
const a = { user: "", fontId: "", otherFontId: "", glyphId: "", templateId: "", qcode: "", scanId: "", setId: "" };
let b = "";

let pageOfA: Uint8Array;

beforeAll(async () => {
  t = await createWorkspaceTestApp();
  a.user = await t.newUser();
  b = await t.newUser();
  await t.setPremium(a.user, true);
  await t.setPremium(b, true);
  a.fontId = await createFont(t, a.user, { name: "A's font" });
  a.otherFontId = await createFont(t, a.user, { name: "A's other font" });
  a.glyphId = (await addLetters(t, a.user, a.fontId, ["a", "b"]))[0]!.id;
  await buildFont(t, a.user, a.fontId);
  const { template, layout } = await createTemplate(t, a.user, {
    name: "A's template",
    sets: ["digits"],
    cellSize: "l",
  });
  a.templateId = template.id;
  a.qcode = template.qcodes[0]!;
  pageOfA = await syntheticScan(layout, 1);
  a.scanId = (await uploadScans(t, a.user, [{ fileName: "a.jpg", bytes: pageOfA }]))[0].id;
  a.setId = (await t.as(a.user, { method: "GET", url: "/api/getFontsAndSvgs" })).json().letterSets[0].id;
});
afterAll(() => t.close());

const asB = (method: "GET" | "POST", url: string, payload?: object) => t.as(b, { method, url, payload });

describe("ownership: another user's objects answer 404 and stay as they were", () => {
  it("templates, by id and by QR code", async () => {
    expect((await asB("GET", `/api/getDataOfLetters?qcode=${a.qcode}`)).json().code).toBe("TEMPLATE_NOT_FOUND");
    expect((await asB("GET", `/api/templates/${a.templateId}/pdf`)).statusCode).toBe(404);
    const listed = (await asB("GET", "/api/getAllTemplates")).json().templates;
    expect(listed.some((entry: { id: string }) => entry.id === a.templateId)).toBe(false);
  });

  it("fonts: read, build, download, copy, merge, remove, specimen, a letter's scan picture", async () => {
    const own = await createFont(t, b, { name: "B's font" });
    const checks = [
      await asB("POST", "/api/buildFont", { fontId: a.fontId }),
      await asB("GET", `/api/getCreatedFont/${a.fontId}?format=ttf`),
      await asB("GET", `/api/fonts/${a.fontId}/specimen`),
      await asB("GET", `/api/fonts/${a.fontId}/letters/scan?chars=a&variant=1`),
      await asB("POST", "/api/copyFont", { fontId: a.fontId }),
      await asB("POST", "/api/joinFontToFonts", { sourceFontId: a.fontId, targetFontId: own }),
      await asB("POST", "/api/joinFontToFonts", { sourceFontId: own, targetFontId: a.fontId }),
      await asB("GET", `/api/removeFont/${a.fontId}`),
      await asB("POST", "/api/createFont", { name: "x", from: { kind: "font", fontId: a.fontId } }),
    ];
    for (const res of checks) expect(res.json(), res.body).toMatchObject({ code: "FONT_NOT_FOUND" });
    expect(checks.every((res) => res.statusCode === 404)).toBe(true);
    const fonts = (await asB("GET", "/api/getAllAddedFonts")).json().fonts;
    expect(fonts.map((font: { id: string }) => font.id)).toEqual([own]);
  });

  it("letters: read, add, edit, delete, import", async () => {
    expect((await asB("GET", `/api/getSvgById/${a.glyphId}`)).json().code).toBe("GLYPH_NOT_FOUND");
    const add = await asB("POST", "/api/addSingleLetters", {
      fontId: a.fontId,
      letters: [{ chars: "z", path: square() }],
    });
    expect(add.statusCode).toBe(404);
    const save = await asB("POST", "/api/saveAllDataSvg", { fontId: a.fontId, name: "Mine", deleted: [a.glyphId] });
    expect(save.statusCode).toBe(404);
    const own = await createFont(t, b, { name: "B's second" });
    const sneaky = await asB("POST", "/api/saveAllDataSvg", { fontId: own, deleted: [a.glyphId] });
    expect(sneaky.statusCode).toBe(200);
    const body = await multipart(
      [{ fileName: "A.svg", bytes: new TextEncoder().encode('<svg viewBox="0 0 9 9"><path d="M0 0H9V9Z"/></svg>') }],
      { fontId: a.fontId },
    );
    expect((await t.as(b, { method: "POST", url: "/api/template/uploadExtractedLetters", ...body })).statusCode).toBe(
      404,
    );
    const font = (await t.as(a.user, { method: "GET", url: "/api/getFontsAndSvgs" }))
      .json()
      .fonts.find((f: { id: string }) => f.id === a.fontId);
    expect(font).toMatchObject({ name: "A's font", glyphCount: 2 });
  });

  it("scans and letter sets, by id, by template and by uploading A's page", async () => {
    expect((await asB("GET", `/api/scans/${a.scanId}`)).json().code).toBe("SCAN_NOT_FOUND");
    for (const from of [
      { kind: "scan", scanId: a.scanId },
      { kind: "letterSet", letterSetId: a.setId },
      { kind: "template", templateId: a.templateId },
    ]) {
      const res = await asB("POST", "/api/addAsNewFontHw", { name: "stolen", from });
      expect(res.statusCode, JSON.stringify(from)).toBe(404);
    }
    const [scan] = await uploadScans(t, b, [{ fileName: "a-page.jpg", bytes: pageOfA }]);
    expect(scan).toMatchObject({ status: "failed", error: { code: "TEMPLATE_UNKNOWN" } });
    expect((await asB("GET", "/api/getFontsAndSvgs")).json().letterSets).toEqual([]);
    const set = (await t.as(a.user, { method: "GET", url: "/api/getFontsAndSvgs" })).json().letterSets[0];
    expect(set.id).toBe(a.setId);
  });

  it("answers 404 for ids that are not ids at all, without touching the database", async () => {
    expect((await asB("GET", "/api/getSvgById/not-a-uuid")).statusCode).toBe(404);
    expect((await asB("GET", "/api/removeFont/1")).statusCode).toBe(404);
    expect((await asB("GET", "/api/scans/'; drop table scans;--")).statusCode).toBe(404);
  });
});
