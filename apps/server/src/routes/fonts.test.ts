import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addLetters, buildFont, createFont, square } from "../test-support/workspace-fixtures.ts";
import { createWorkspaceTestApp, type WorkspaceTestApp } from "../test-support/workspace-test-app.ts";

let t: WorkspaceTestApp;
beforeAll(async () => {
  t = await createWorkspaceTestApp();
});
afterAll(() => t.close());

describe("fonts", () => {
  it("creates an empty font, adds letters, lists it with counts", async () => {
    const user = await t.newUser();
    const fontId = await createFont(t, user);
    await addLetters(t, user, fontId, ["a", "b", "c"]);
    await addLetters(t, user, fontId, ["a"], 2);
    const [font] = (await t.as(user, { method: "GET", url: "/api/getAllAddedFonts/" })).json().fonts;
    expect(font).toMatchObject({ id: fontId, name: "Test hand", characterCount: 3, glyphCount: 4, maxVariants: 2 });
    expect(font.lastBuild).toBeNull();
    const all = (await t.as(user, { method: "GET", url: "/api/getFontsAndSvgs" })).json();
    expect(all.fonts[0].glyphs.map((g: { chars: string }) => g.chars)).toEqual(["a", "a", "b", "c"]);
  });

  it("builds a font, then serves each format with its file name and content type", async () => {
    const user = await t.newUser();
    const fontId = await createFont(t, user, { name: "Почерк Анны" });
    const empty = await t.as(user, { method: "POST", url: "/api/buildFont", payload: { fontId } });
    expect(empty.json().code).toBe("FONT_EMPTY");
    const notBuilt = await t.as(user, { method: "GET", url: `/api/getCreatedFont/${fontId}?format=otf` });
    expect(notBuilt.json().code).toBe("FONT_NOT_BUILT");
    await addLetters(t, user, fontId, ["a", "b"]);
    expect(await buildFont(t, user, fontId)).toMatchObject({ state: "done", progress: 100, error: null });
    const summary = (await t.as(user, { method: "GET", url: "/api/getAllAddedFonts" })).json().fonts[0];
    expect(summary.lastBuild.files.map((f: { format: string }) => f.format)).toEqual(["otf", "ttf", "woff2"]);
    // The compiler's findings come in the user's language and name the characters.
    const de = await t.as(user, { method: "GET", url: "/api/getAllAddedFonts", headers: { "accept-language": "de" } });
    const missing = de
      .json()
      .fonts[0].lastBuild.diagnostics.find((d: { code: string }) => d.code === "FONT_MISSING_COMMON_CHARACTERS");
    expect(missing.message).toMatch(/^Häufige Zeichen, die noch fehlen: .*\bc d e\b/);
    for (const [format, type] of [
      ["ttf", "font/ttf"],
      ["otf", "font/otf"],
      ["woff2", "font/woff2"],
    ]) {
      const file = await t.as(user, { method: "GET", url: `/api/getCreatedFont/${fontId}?format=${format}` });
      expect(file.statusCode).toBe(200);
      expect(file.headers["content-type"]).toBe(type);
      // The name is transliterated as in the font's PostScript name, not dropped.
      expect(file.headers["content-disposition"]).toBe(`attachment; filename="PocherkAnny-Regular.${format}"`);
    }
    const listed = (await t.as(user, { method: "GET", url: "/api/getAllAddedFonts" })).json().fonts[0];
    expect(listed.lastBuild.files.map((f: { fileName: string }) => f.fileName)).toEqual([
      "PocherkAnny-Regular.otf",
      "PocherkAnny-Regular.ttf",
      "PocherkAnny-Regular.woff2",
    ]);
    expect(listed.lastBuild.glyphCount).toBe(2);
    const specimen = await t.as(user, { method: "GET", url: listed.specimenUrl });
    expect(specimen.statusCode).toBe(200);
    // Built again with a letter more: the list shows the newest build, not an older one.
    await addLetters(t, user, fontId, ["c"]);
    expect(await buildFont(t, user, fontId)).toMatchObject({ state: "done", error: null });
    const relisted = (await t.as(user, { method: "GET", url: "/api/getAllAddedFonts" })).json().fonts[0];
    expect(relisted.lastBuild.glyphCount).toBe(3);
  });

  it("copies a font with its letters and settings", async () => {
    const user = await t.newUser();
    await t.setPremium(user, true);
    const fontId = await createFont(t, user, { settings: { letterSpacing: 40 } });
    await addLetters(t, user, fontId, ["x", "y"]);
    const copy = await t.as(user, { method: "POST", url: "/api/copyFont/", payload: { fontId } });
    expect(copy.json()).toMatchObject({ name: "Test hand (2)", glyphCount: 2, settings: { letterSpacing: 40 } });
    expect(copy.json().id).not.toBe(fontId);
  });

  it("merges one font into another, choosing which letter wins", async () => {
    const user = await t.newUser();
    await t.setPremium(user, true);
    const target = await createFont(t, user, { name: "Target" });
    const source = await createFont(t, user, { name: "Source" });
    await addLetters(t, user, target, ["a", "b"]);
    await t.as(user, {
      method: "POST",
      url: "/api/addSingleLetters",
      payload: {
        fontId: source,
        letters: [
          { chars: "b", path: square(900) },
          { chars: "c", path: square() },
        ],
      },
    });
    const kept = await t.as(user, {
      method: "POST",
      url: "/api/joinFontToFonts/",
      payload: { sourceFontId: source, targetFontId: target, onConflict: "target" },
    });
    expect(kept.json()).toMatchObject({ added: 1, kept: 1, replaced: 0, font: { characterCount: 3 } });
    const glyphsOf = async (id: string) =>
      (await t.as(user, { method: "GET", url: "/api/getFontsAndSvgs" }))
        .json()
        .fonts.find((f: { id: string }) => f.id === id).glyphs;
    expect((await glyphsOf(target)).find((g: { chars: string }) => g.chars === "b").path).toBe(square());
    const replaced = await t.as(user, {
      method: "POST",
      url: "/api/joinFontToFonts/",
      payload: { sourceFontId: source, targetFontId: target, onConflict: "source" },
    });
    expect(replaced.json()).toMatchObject({ added: 0, replaced: 2 });
    expect((await glyphsOf(target)).find((g: { chars: string }) => g.chars === "b").path).toBe(square(900));
    const same = await t.as(user, {
      method: "POST",
      url: "/api/joinFontToFonts/",
      payload: { sourceFontId: source, targetFontId: source },
    });
    expect(same.json().code).toBe("MERGE_SAME_FONT");
  });

  it("removes a font with its files", async () => {
    const user = await t.newUser();
    const fontId = await createFont(t, user);
    await addLetters(t, user, fontId, ["a"]);
    await buildFont(t, user, fontId);
    // GET as in the spec, yet state-changing: without the XSRF header it is refused and nothing happens.
    const forged = await t.as(user, {
      method: "GET",
      url: `/api/removeFont/${fontId}`,
      headers: { "x-xsrf-token": "" },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().code).toBe("XSRF");
    const removed = await t.as(user, { method: "GET", url: `/api/removeFont/${fontId}` });
    expect(removed.json()).toEqual({ removed: true });
    expect((await t.as(user, { method: "GET", url: "/api/getAllAddedFonts" })).json().fonts).toEqual([]);
    const again = await t.as(user, { method: "GET", url: `/api/removeFont/${fontId}` });
    expect(again.statusCode).toBe(404);
    expect(await t.workspace.ctx.blobs.get(`fonts/${fontId}/builds`)).toBeUndefined();
  });

  it("enforces the free plan: two fonts, 120 characters, two variants, no ligatures", async () => {
    const user = await t.newUser();
    const first = await createFont(t, user);
    await createFont(t, user);
    const third = await t.as(user, { method: "POST", url: "/api/createFont", payload: { name: "Third" } });
    expect(third.statusCode).toBe(402);
    expect(third.json()).toMatchObject({ code: "PLAN_LIMIT_FONTS", plan: "free", allowed: 2 });
    const tooMany = Array.from({ length: 121 }, (_, i) => ({
      chars: String.fromCodePoint(0x4e00 + i),
      path: square(),
    }));
    const chars = await t.as(user, {
      method: "POST",
      url: "/api/addSingleLetters",
      payload: { fontId: first, letters: tooMany },
    });
    expect(chars.json()).toMatchObject({ code: "PLAN_LIMIT_CHARACTERS", allowed: 120, requested: 121 });
    const variant = await t.as(user, {
      method: "POST",
      url: "/api/addSingleLetters",
      payload: { fontId: first, letters: [1, 2, 3].map((v) => ({ chars: "a", variant: v, path: square() })) },
    });
    expect(variant.json().code).toBe("PLAN_LIMIT_VARIANTS");
    const ligature = await t.as(user, {
      method: "POST",
      url: "/api/addSingleLetters",
      payload: { fontId: first, letters: [{ chars: "ff", path: square() }] },
    });
    expect(ligature.json().code).toBe("PLAN_LIMIT_LIGATURES");
    const glyphs = (await t.as(user, { method: "GET", url: "/api/getFontsAndSvgs" })).json().fonts[0].glyphs;
    expect(glyphs).toEqual([]);
  });

  it("keeps fonts and their files downloadable after premium ends", async () => {
    const user = await t.newUser();
    await t.setPremium(user, true);
    const fonts = [await createFont(t, user), await createFont(t, user), await createFont(t, user)];
    await addLetters(t, user, fonts[2]!, ["a"]);
    await buildFont(t, user, fonts[2]!);
    await t.setPremium(user, false);
    expect((await t.as(user, { method: "GET", url: "/api/getAllAddedFonts" })).json().fonts).toHaveLength(3);
    const file = await t.as(user, { method: "GET", url: `/api/getCreatedFont/${fonts[2]}?format=woff2` });
    expect(file.statusCode).toBe(200);
    const more = await t.as(user, { method: "POST", url: "/api/createFont", payload: { name: "Fourth" } });
    expect(more.json().code).toBe("PLAN_LIMIT_FONTS");
  });

  it("makes a font from more letters than the plan allows by keeping the letters the user chose", async () => {
    const user = await t.newUser();
    await t.setPremium(user, true);
    const source = await createFont(t, user);
    const many = Array.from({ length: 130 }, (_, i) => String.fromCodePoint(0x4e00 + i));
    await addLetters(t, user, source, many);
    await addLetters(t, user, source, many.slice(0, 3), 2);
    await addLetters(t, user, source, many.slice(0, 3), 3);
    await addLetters(t, user, source, ["ff"]);
    await t.setPremium(user, false);
    const from = { kind: "font", fontId: source };
    const refused = await t.as(user, { method: "POST", url: "/api/createFont", payload: { name: "All", from } });
    expect(refused.json()).toMatchObject({ code: "PLAN_LIMIT_CHARACTERS", allowed: 120, requested: 131 });
    const withLigature = await t.as(user, {
      method: "POST",
      url: "/api/createFont",
      payload: { name: "Some", from, keep: [...many.slice(0, 50), "ff"] },
    });
    expect(withLigature.json().code).toBe("PLAN_LIMIT_LIGATURES");
    const kept = await t.as(user, {
      method: "POST",
      url: "/api/createFont",
      payload: { name: "Chosen", from, keep: many.slice(0, 120) },
    });
    expect(kept.statusCode, kept.body).toBe(200);
    // 120 characters, and the three written three times keep the plan's two variants each.
    expect(kept.json()).toMatchObject({ characterCount: 120, glyphCount: 123, maxVariants: 2, ligatureCount: 0 });
  });
});
