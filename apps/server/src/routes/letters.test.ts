import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart } from "../test-support/multipart.ts";
import { addLetters, createFont, square } from "../test-support/workspace-fixtures.ts";
import { createWorkspaceTestApp, type WorkspaceTestApp } from "../test-support/workspace-test-app.ts";

let t: WorkspaceTestApp;
beforeAll(async () => {
  t = await createWorkspaceTestApp();
});
afterAll(() => t.close());

const svg = (body: string) =>
  new TextEncoder().encode(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">${body}</svg>`);

describe("letters", () => {
  it("imports glyph SVGs named after their characters into a font", async () => {
    const user = await t.newUser();
    const fontId = await createFont(t, user);
    const body = await multipart(
      [
        { fileName: "A.svg", bytes: svg('<path d="M10 20H60V80H10Z"/>'), type: "image/svg+xml" },
        { fileName: "U+0416.svg", bytes: svg('<rect x="0" y="0" width="50" height="100"/>') },
        { fileName: "a.2.svg", bytes: svg('<circle cx="50" cy="50" r="20"/>') },
      ],
      { fontId },
    );
    const res = await t.as(user, { method: "POST", url: "/api/template/uploadExtractedLetters", ...body });
    expect(res.statusCode, res.body).toBe(200);
    const glyphs = res.json().glyphs;
    expect(glyphs.map((g: { chars: string; variant: number }) => `${g.chars}${g.variant}`).sort()).toEqual([
      "A1",
      "a2",
      "Ж1",
    ]);
    expect(glyphs.find((g: { chars: string }) => g.chars === "A").path).toBe("M100 600L600 600L600 0L100 0Z");
    expect(glyphs.every((g: { source: string }) => g.source === "imported")).toBe(true);
  });

  it("refuses the whole upload when one SVG is hostile, and keeps the font as it was", async () => {
    const user = await t.newUser();
    const fontId = await createFont(t, user);
    await addLetters(t, user, fontId, ["B"]);
    const body = await multipart(
      [
        { fileName: "A.svg", bytes: svg('<path d="M0 0H50V50Z"/>') },
        { fileName: "C.svg", bytes: svg('<script>fetch("/api/removeFont/x")</script><path d="M0 0H9V9Z"/>') },
      ],
      { fontId },
    );
    const res = await t.as(user, { method: "POST", url: "/api/template/uploadExtractedLetters", ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "SVG_UNSAFE", fileName: "C.svg" });
    const oversize = await multipart([{ fileName: "D.svg", bytes: new Uint8Array(300 * 1024) }], { fontId });
    const tooLarge = await t.as(user, { method: "POST", url: "/api/template/uploadExtractedLetters", ...oversize });
    expect(tooLarge.json().code).toBe("FILE_TOO_LARGE");
    const badName = await multipart([{ fileName: "letter.png", bytes: svg('<path d="M0 0H9V9Z"/>') }], { fontId });
    const named = await t.as(user, { method: "POST", url: "/api/template/uploadExtractedLetters", ...badName });
    expect(named.json().code).toBe("LETTER_NAME_INVALID");
    const glyphs = (await t.as(user, { method: "GET", url: "/api/getFontsAndSvgs" })).json().fonts[0].glyphs;
    expect(glyphs.map((g: { chars: string }) => g.chars)).toEqual(["B"]);
  });

  it("serves one letter as an SVG document", async () => {
    const user = await t.newUser();
    const fontId = await createFont(t, user);
    const [glyph] = await addLetters(t, user, fontId, ["o"]);
    const res = await t.as(user, { method: "GET", url: `/api/getSvgById/${glyph!.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("image/svg+xml");
    expect(res.body).toMatch(/^<svg [^>]*viewBox="0 0 1000 1000"/);
  });

  it("saves an editing session in one transaction: name, settings, edits, deletions", async () => {
    const user = await t.newUser();
    const fontId = await createFont(t, user);
    const [a, b] = await addLetters(t, user, fontId, ["a", "b"]);
    const res = await t.as(user, {
      method: "POST",
      url: "/api/saveAllDataSvg",
      payload: {
        fontId,
        name: "Edited",
        settings: { letterSpacing: 25, randomize: false },
        glyphs: [{ chars: "a", path: square(300), baselineShift: -20, scale: 1.1 }],
        deleted: [b!.id],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().glyphs).toMatchObject([{ id: a!.id, chars: "a", baselineShift: -20, scale: 1.1 }]);
    const font = (await t.as(user, { method: "GET", url: "/api/getAllAddedFonts" })).json().fonts[0];
    expect(font).toMatchObject({ name: "Edited", settings: { letterSpacing: 25, randomize: false } });
    const broken = await t.as(user, {
      method: "POST",
      url: "/api/saveAllDataSvg",
      payload: { fontId, name: "Broken", glyphs: [{ chars: "c", path: "M0 0 L x" }], deleted: [a!.id] },
    });
    expect(broken.json().code).toBe("PATH_INVALID");
    const after = (await t.as(user, { method: "GET", url: "/api/getFontsAndSvgs" })).json().fonts[0];
    expect(after.name).toBe("Edited");
    expect(after.glyphs.map((g: { chars: string }) => g.chars)).toEqual(["a"]);
  });
});
