import { execFileSync, spawnSync } from "node:child_process";
import { PLAN_LIMITS } from "@handfont/contract";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorkspaceTestApp, type WorkspaceTestApp } from "../test-support/workspace-test-app.ts";

// Poppler's pdftotext reads the printed texts back when the machine has it.
const hasPdfToText = spawnSync("sh", ["-c", "command -v pdftotext"]).status === 0;

let t: WorkspaceTestApp;
beforeAll(async () => {
  t = await createWorkspaceTestApp();
});
afterAll(() => t.close());

describe("templates", () => {
  it("creates a template from options and lists it before the ready-made ones", async () => {
    const user = await t.newUser();
    const created = await t.as(user, {
      method: "POST",
      url: "/api/createTemplate",
      payload: { name: "My hand", sets: ["latin", "digits"], chars: "ß", variants: 2 },
    });
    expect(created.statusCode).toBe(200);
    const { template, layout } = created.json();
    expect(template).toMatchObject({ name: "My hand", readyMade: false, characterCount: 63, variants: 2 });
    expect(layout.cells).toHaveLength(126);
    expect(template.qcodes).toEqual(layout.pages.map((page: { qcode: string }) => page.qcode));
    const list = (await t.as(user, { method: "GET", url: "/api/getAllTemplates/" })).json().templates;
    expect(list[0].id).toBe(template.id);
    const ready = list.filter((entry: { readyMade: boolean }) => entry.readyMade);
    expect(ready.map((entry: { id: string }) => entry.id)).toEqual([
      "ready-en-v2",
      "ready-ru",
      "ready-de",
      "ready-es",
      "ready-fr-v2",
      "ready-it",
      "ready-uk",
      "ready-full-v2",
    ]);
    // English, French and the full set offer the accent marks; the English, German, Spanish and Italian ones stay
    // within the free plan (French and the full set needed premium before the marks).
    type Ready = { id: string; sets: string[]; characterCount: number };
    const byId = (id: string) => (ready as Ready[]).find((entry) => entry.id === id)!;
    for (const id of ["ready-en-v2", "ready-fr-v2", "ready-full-v2"]) expect(byId(id).sets, id).toContain("marks");
    const free = PLAN_LIMITS.free.charactersPerFont;
    for (const id of ["ready-en-v2", "ready-de", "ready-es", "ready-it"]) {
      expect(byId(id).characterCount, id).toBeLessThanOrEqual(free);
    }
  });

  it("puts the accent marks in a template made with the default sets, each box labelled with its mark", async () => {
    const user = await t.newUser();
    const created = await t.as(user, { method: "POST", url: "/api/createTemplate", payload: { name: "Defaults" } });
    const { template, layout } = created.json();
    expect(template.sets).toEqual(["latin", "marks", "digits", "punctuation"]);
    const cells = layout.cells as { chars: string; label: string }[];
    // Acute, grave, circumflex, diaeresis, tilde, cedilla, ring, caron, breve, ogonek, dot above, double acute and
    // the Cyrillic breve.
    for (const mark of [..."\u00b4`\u02c6\u00a8\u02dc\u00b8\u02da\u02c7\u02d8\u02db\u02d9\u02dd\u0306"]) {
      expect(cells.some((cell) => cell.chars === mark)).toBe(true);
    }
    expect(cells.find((cell) => cell.chars === "\u00b8")!.label).toBe("\u00b8 ç");
  });

  it("refuses options a free plan cannot use, and bad options, with typed errors", async () => {
    const user = await t.newUser();
    const ligatures = await t.as(user, {
      method: "POST",
      url: "/api/createTemplate",
      payload: { name: "x", ligatures: ["ff"] },
    });
    expect(ligatures.statusCode).toBe(402);
    expect(ligatures.json()).toMatchObject({
      code: "PLAN_LIMIT_LIGATURES",
      message: "Ligatures are a premium feature.",
    });
    const variants = await t.as(user, {
      method: "POST",
      url: "/api/createTemplate",
      payload: { name: "x", variants: 16 },
    });
    expect(variants.json().code).toBe("VALIDATION");
    await t.setPremium(user, true);
    const premium = await t.as(user, {
      method: "POST",
      url: "/api/createTemplate",
      payload: { name: "x", ligatures: ["ff"], variants: 3 },
    });
    expect(premium.statusCode).toBe(200);
  });

  it("finds the layout of one page by its QR code: the owner's or a ready-made one", async () => {
    const owner = await t.newUser();
    const { template } = (
      await t.as(owner, {
        method: "POST",
        url: "/api/createTemplate",
        payload: { name: "Pages", sets: ["latin", "ru"] },
      })
    ).json();
    expect(template.pageCount).toBe(2);
    const page2 = await t.as(owner, { method: "GET", url: `/api/getDataOfLetters?qcode=${template.qcodes[1]}` });
    expect(page2.statusCode).toBe(200);
    expect(page2.json()).toMatchObject({ templateId: template.id, page: 2, pageCount: 2 });
    expect(page2.json().layout.cells.every((cell: { page: number }) => cell.page === 2)).toBe(true);
    const ready = await t.as(await t.newUser(), {
      method: "GET",
      url: "/api/getDataOfLetters?qcode=HF1:ready-en-v2:1",
    });
    expect(ready.json().templateId).toBe("ready-en-v2");
    // Pages printed from a ready-made template before it gained the accent marks read with their own layout.
    const retired = await t.as(await t.newUser(), { method: "GET", url: "/api/getDataOfLetters?qcode=HF1:ready-en:1" });
    expect(retired.json().templateId).toBe("ready-en");
    expect(retired.json().layout.cells.some((cell: { chars: string }) => cell.chars === "\u00b4")).toBe(false);
    const bad = await t.as(owner, { method: "GET", url: "/api/getDataOfLetters?qcode=hello" });
    expect(bad.json().code).toBe("QCODE_INVALID");
    const missingPage = await t.as(owner, {
      method: "GET",
      url: `/api/getDataOfLetters?qcode=HF1:${template.id}:9`,
    });
    expect(missingPage.statusCode).toBe(404);
  });

  it("serves a template's PDF with its name, and refuses anonymous callers", async () => {
    const user = await t.newUser();
    const { template } = (
      await t.as(user, { method: "POST", url: "/api/createTemplate", payload: { name: "Print me" } })
    ).json();
    const pdf = await t.as(user, { method: "GET", url: template.pdfUrl });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-disposition"]).toContain(`handfont-template-${template.id}.pdf`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    // The default sets hold the accent marks, so the page says how to write them.
    if (hasPdfToText) {
      const text = execFileSync("pdftotext", ["-", "-"], { input: pdf.rawPayload }).toString().replace(/\s+/g, " ");
      expect(text).toContain("A box with a dotted circle takes only an accent");
    }
    const anonymous = await t.app.inject({ method: "GET", url: "/api/getAllTemplates" });
    expect(anonymous.statusCode).toBe(401);
  });

  it("prints a ready-made template's name in the PDF's language and dates a PDF when its template was made", async () => {
    const user = await t.newUser();
    const pdfOf = async (url: string) =>
      PDFDocument.load((await t.as(user, { method: "GET", url })).rawPayload, { updateMetadata: false });
    const russian = await pdfOf("/api/templates/ready-en-v2/pdf?lang=ru");
    expect(russian.getTitle()).toBe("Английский");
    expect((await pdfOf("/api/templates/ready-full-v2/pdf?lang=uk")).getTitle()).toBe("Повна латиниця й кирилиця");
    expect(russian.getCreationDate()!.getFullYear()).toBeGreaterThan(2024);

    const before = Date.now();
    const { template } = (
      await t.as(user, { method: "POST", url: "/api/createTemplate", payload: { name: "Почерк Анны" } })
    ).json();
    const own = await pdfOf(`${template.pdfUrl}?lang=de`);
    expect(own.getTitle()).toBe("Почерк Анны");
    // PDF dates have whole seconds.
    expect(own.getCreationDate()!.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(own.getCreationDate()!.toISOString()).toBe(
      new Date(template.createdAt).toISOString().replace(/\.\d+Z$/, ".000Z"),
    );
  });

  it("deletes the user's own template with its PDFs and the letters of its pages, never a ready-made one", async () => {
    const user = await t.newUser();
    const { template } = (
      await t.as(user, { method: "POST", url: "/api/createTemplate", payload: { name: "Delete me" } })
    ).json();
    await t.as(user, { method: "GET", url: template.pdfUrl });
    expect(await t.workspace.ctx.blobs.get(`templates/${template.id}/en-v2.pdf`)).toBeDefined();

    const stranger = await t.newUser();
    const foreign = await t.as(stranger, { method: "DELETE", url: `/api/templates/${template.id}` });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe("TEMPLATE_NOT_FOUND");
    const ready = await t.as(user, { method: "DELETE", url: "/api/templates/ready-en-v2" });
    expect(ready.statusCode).toBe(403);
    expect(ready.json()).toMatchObject({ code: "READY_MADE_TEMPLATE" });

    const removed = await t.as(user, { method: "DELETE", url: `/api/templates/${template.id}` });
    expect(removed.json()).toEqual({ removed: true });
    const list = (await t.as(user, { method: "GET", url: "/api/getAllTemplates" })).json().templates;
    expect(list.some((entry: { id: string }) => entry.id === template.id)).toBe(false);
    expect(await t.workspace.ctx.blobs.get(`templates/${template.id}/en-v2.pdf`)).toBeUndefined();
    expect((await t.as(user, { method: "GET", url: template.pdfUrl })).statusCode).toBe(404);
  });
});
