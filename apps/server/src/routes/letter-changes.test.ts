import { PLAN_LIMITS } from "@handfont/contract";
import { DEFAULT_PEN, emptyGlyphDocument, GLYPH_LIMITS, type GlyphDocument } from "@handfont/engine/fonts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { letterSets, templates } from "../db/schema/workspace.ts";
import { addLetters, createFont } from "../test-support/workspace-fixtures.ts";
import { createWorkspaceTestApp, type WorkspaceTestApp } from "../test-support/workspace-test-app.ts";

let t: WorkspaceTestApp;
beforeAll(async () => {
  t = await createWorkspaceTestApp();
});
afterAll(() => t.close());

/** A letter drawn with one pen stroke from (x0, y0) to (x1, y1). */
const drawn = (x0: number, y0: number, x1: number, y1: number): GlyphDocument => ({
  ...emptyGlyphDocument(),
  strokes: [
    {
      id: "s1",
      pen: { ...DEFAULT_PEN },
      points: Array.from({ length: 30 }, (_, i) => ({
        x: x0 + ((x1 - x0) * i) / 29,
        y: y0 + ((y1 - y0) * i) / 29,
        pressure: 0.5,
        t: i * 10,
      })),
    },
  ],
});

type Change = { chars: string; variant: number; baseRevision: number | null; document: GlyphDocument | null };
const send = (user: string, fontId: string, changes: Change[], language = "en") =>
  t.as(user, {
    method: "POST",
    url: `/api/fonts/${fontId}/letters/changes`,
    payload: { changes },
    headers: { "accept-language": language },
  });
const lettersOf = async (user: string, fontId: string) =>
  (await t.as(user, { method: "GET", url: `/api/fonts/${fontId}/letters` })).json().letters as {
    chars: string;
    variant: number;
    revision: number;
    document: GlyphDocument;
    path: string;
  }[];

describe("letter changes with revisions", () => {
  it("creates a drawn letter at revision 1 with its outline derived, and counts every write", async () => {
    const user = await t.newUser();
    const fontId = await createFont(t, user);
    const created = await send(user, fontId, [
      { chars: "l", variant: 1, baseRevision: null, document: drawn(100, 0, 100, 700) },
    ]);
    expect(created.statusCode, created.body).toBe(200);
    const [letter] = created.json().letters;
    expect(letter).toMatchObject({ chars: "l", variant: 1, revision: 1 });
    expect(letter.path).toMatch(/^M-?\d+ -?\d+/);
    const edited = await send(user, fontId, [
      { chars: "l", variant: 1, baseRevision: 1, document: drawn(100, 0, 120, 700) },
    ]);
    expect(edited.json().letters[0].revision).toBe(2);
    expect(await lettersOf(user, fontId)).toMatchObject([{ chars: "l", revision: 2 }]);
  });

  it("answers each written letter as the font then reads it: revision, document, outline, warnings and time", async () => {
    const user = await t.newUser();
    const fontId = await createFont(t, user);
    await addLetters(t, user, fontId, ["b"]);
    const created = await send(user, fontId, [
      { chars: "a", variant: 1, baseRevision: null, document: drawn(0, 0, 400, 400) },
    ]);
    const edited = await send(user, fontId, [
      { chars: "a", variant: 1, baseRevision: 1, document: drawn(0, 0, 0, 700) },
      { chars: "b", variant: 2, baseRevision: null, document: drawn(0, 0, 300, 300) },
      { chars: "b", variant: 1, baseRevision: 1, document: null },
    ]);
    expect(edited.statusCode, edited.body).toBe(200);
    const stored = await lettersOf(user, fontId);
    expect(stored.map((letter) => [letter.chars, letter.variant, letter.revision])).toEqual([
      ["a", 1, 2],
      ["b", 2, 1],
    ]);
    expect(edited.json().letters).toEqual(stored);
    expect(edited.json().letters[0].document).toEqual(drawn(0, 0, 0, 700));
    expect(edited.json().letters[0].updatedAt).not.toBe(created.json().letters[0].updatedAt);
  });

  it("gives letters added by the spec's calls revisions and documents too", async () => {
    const user = await t.newUser();
    const fontId = await createFont(t, user);
    await addLetters(t, user, fontId, ["A"]);
    await addLetters(t, user, fontId, ["A"]);
    const [a] = await lettersOf(user, fontId);
    expect(a).toMatchObject({ chars: "A", revision: 2, path: "M0 0L500 0L500 500L0 500Z" });
    expect(a!.document.contours[0]!.points).toHaveLength(4);
  });

  it("lets two tabs edit: the second save on a stale revision is refused with the current state, nothing overwritten", async () => {
    const user = await t.newUser();
    const fontId = await createFont(t, user);
    await send(user, fontId, [
      { chars: "a", variant: 1, baseRevision: null, document: drawn(0, 0, 400, 400) },
      { chars: "b", variant: 1, baseRevision: null, document: drawn(0, 0, 0, 700) },
    ]);
    // Both tabs opened the font at revision 1.
    const tabOne = await lettersOf(user, fontId);
    const tabTwo = await lettersOf(user, fontId);
    expect(tabOne.map((l) => l.revision)).toEqual([1, 1]);
    const first = await send(user, fontId, [
      { chars: "a", variant: 1, baseRevision: 1, document: drawn(0, 0, 450, 450) },
    ]);
    expect(first.statusCode).toBe(200);
    // Tab two saves "a" (stale) and "b" (fresh) together: all or nothing.
    const second = await send(
      user,
      fontId,
      [
        { chars: "a", variant: 1, baseRevision: tabTwo[0]!.revision, document: drawn(0, 0, 10, 10) },
        { chars: "b", variant: 1, baseRevision: tabTwo[1]!.revision, document: null },
      ],
      "de",
    );
    expect(second.statusCode).toBe(409);
    const body = second.json();
    expect(body.code).toBe("LETTER_CONFLICT");
    expect(body.message).toMatch(/geändert/);
    expect(body.conflicts).toHaveLength(1);
    expect(body.conflicts[0]).toMatchObject({ chars: "a", variant: 1, current: { revision: 2 } });
    expect(body.conflicts[0].current.document).toEqual(drawn(0, 0, 450, 450));
    // Nothing of the refused request was applied: "b" is still there, "a" is tab one's.
    const now = await lettersOf(user, fontId);
    expect(now.map((l) => [l.chars, l.revision])).toEqual([
      ["a", 2],
      ["b", 1],
    ]);
    // Tab two takes the current state and saves again on it.
    const retried = await send(user, fontId, [
      { chars: "a", variant: 1, baseRevision: 2, document: drawn(0, 0, 10, 10) },
    ]);
    expect(retried.json().letters[0].revision).toBe(3);
  });

  it("refuses creating a letter that exists, deleting one already deleted, and deletes on the right revision", async () => {
    const user = await t.newUser();
    const fontId = await createFont(t, user);
    await send(user, fontId, [{ chars: "x", variant: 1, baseRevision: null, document: drawn(0, 0, 300, 300) }]);
    const again = await send(user, fontId, [
      { chars: "x", variant: 1, baseRevision: null, document: drawn(0, 0, 1, 1) },
    ]);
    expect(again.json()).toMatchObject({
      code: "LETTER_CONFLICT",
      conflicts: [{ chars: "x", current: { revision: 1 } }],
    });
    const removed = await send(user, fontId, [{ chars: "x", variant: 1, baseRevision: 1, document: null }]);
    expect(removed.json().letters).toEqual([]);
    expect(await lettersOf(user, fontId)).toEqual([]);
    const twice = await send(user, fontId, [{ chars: "x", variant: 1, baseRevision: 1, document: null }]);
    expect(twice.json()).toMatchObject({ code: "LETTER_CONFLICT", conflicts: [{ chars: "x", current: null }] });
  });

  it("refuses documents the engine cannot use or that pass a limit, naming the letter", async () => {
    const user = await t.newUser();
    const fontId = await createFont(t, user);
    const oneHandle: GlyphDocument = {
      ...emptyGlyphDocument(),
      contours: [
        {
          points: [
            { x: 0, y: 0, on: true, type: "corner" },
            { x: 5, y: 5, on: false },
            { x: 9, y: 0, on: true, type: "corner" },
          ],
        },
      ],
    };
    const invalid = await send(
      user,
      fontId,
      [{ chars: "q", variant: 1, baseRevision: null, document: oneHandle }],
      "fr",
    );
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ code: "LETTER_INVALID", chars: "q", variant: 1 });
    const busy = drawn(0, 0, 500, 500);
    const tooMany = {
      ...busy,
      strokes: Array.from({ length: 3 }, (_, i) => ({
        ...busy.strokes[0]!,
        id: `s${i}`,
        points: Array(GLYPH_LIMITS.strokePoints).fill(busy.strokes[0]!.points[0]),
      })),
    };
    const complex = await send(user, fontId, [{ chars: "w", variant: 2, baseRevision: null, document: tooMany }], "uk");
    expect(complex.statusCode).toBe(413);
    expect(complex.json()).toMatchObject({
      code: "LETTER_TOO_COMPLEX",
      chars: "w",
      variant: 2,
      limit: "totalStrokePoints",
    });
    expect(complex.json().message).toMatch(/забагато/);
    expect(await lettersOf(user, fontId)).toEqual([]);
  });

  it("holds the free plan's limits: a character past the allowance, a third variant and a ligature are refused, nothing kept", async () => {
    const user = await t.newUser();
    const fontId = await createFont(t, user);
    const allowance = PLAN_LIMITS.free.charactersPerFont;
    // Distinct characters from the CJK block: one code point each, never a ligature.
    const chars = Array.from({ length: allowance }, (_, i) => String.fromCodePoint(0x4e00 + i));
    await addLetters(t, user, fontId, chars);
    await addLetters(t, user, fontId, [chars[0]!], 2);
    const refused = async (change: Change, code: string) => {
      const res = await send(user, fontId, [change]);
      expect(res.statusCode, res.body).toBe(402);
      expect(res.json().code).toBe(code);
    };
    const letter = drawn(100, 0, 100, 700);
    await refused({ chars: "a", variant: 1, baseRevision: null, document: letter }, "PLAN_LIMIT_CHARACTERS");
    await refused({ chars: chars[0]!, variant: 3, baseRevision: null, document: letter }, "PLAN_LIMIT_VARIANTS");
    expect(await lettersOf(user, fontId)).toHaveLength(allowance + 1);
    const other = await createFont(t, user);
    const ligature = await send(user, other, [{ chars: "ff", variant: 1, baseRevision: null, document: letter }]);
    expect(ligature.statusCode).toBe(402);
    expect(ligature.json().code).toBe("PLAN_LIMIT_LIGATURES");
    expect(await lettersOf(user, other)).toEqual([]);
    // Within the allowance a change goes through: deleting one character makes room for another.
    const [first] = (await lettersOf(user, fontId)).filter((l) => l.chars === chars[1]);
    const swap = await send(user, fontId, [
      { chars: chars[1]!, variant: 1, baseRevision: first!.revision, document: null },
      { chars: "a", variant: 1, baseRevision: null, document: letter },
    ]);
    expect(swap.statusCode, swap.body).toBe(200);
  });

  it("answers another user's font as not found, for reading and for changing", async () => {
    const owner = await t.newUser();
    const other = await t.newUser();
    const fontId = await createFont(t, owner);
    expect((await t.as(other, { method: "GET", url: `/api/fonts/${fontId}/letters` })).json().code).toBe(
      "FONT_NOT_FOUND",
    );
    const res = await send(other, fontId, [
      { chars: "a", variant: 1, baseRevision: null, document: drawn(0, 0, 5, 5) },
    ]);
    expect(res.json().code).toBe("FONT_NOT_FOUND");
  });

  it("lists fonts and letter sets as summaries that never carry an outline", async () => {
    const user = await t.newUser();
    const fontId = await createFont(t, user);
    await send(user, fontId, [
      { chars: "a", variant: 1, baseRevision: null, document: drawn(0, 0, 400, 400) },
      { chars: "a", variant: 2, baseRevision: null, document: drawn(0, 0, 300, 400) },
    ]);
    const list = await t.as(user, { method: "GET", url: "/api/getAllAddedFonts" });
    expect(list.json().fonts).toMatchObject([{ id: fontId, glyphCount: 2, characterCount: 1, maxVariants: 2 }]);
    expect(list.body).not.toMatch(/"(path|document|contours|strokes)"/);
    const sets = await t.as(user, { method: "GET", url: "/api/letter-sets" });
    expect(sets.json()).toEqual({ letterSets: [] });
    const missing = await t.as(user, { method: "GET", url: `/api/letter-sets/${fontId}/letters` });
    expect(missing.json().code).toBe("LETTER_SET_NOT_FOUND");
  });

  it("names each letter set after its template: the user's own, a ready-made one, or its id once deleted", async () => {
    const user = await t.newUser();
    const other = await t.newUser();
    const { db } = t.workspace.ctx;
    // Another user's template under the same id must not lend its name.
    await db.insert(templates).values([
      { id: "tpl-own", ownerId: user, name: "My hand", options: {}, layout: {}, pageCount: 1 },
      { id: "tpl-gone", ownerId: other, name: "Not yours", options: {}, layout: {}, pageCount: 1 },
    ]);
    const updatedAt = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));
    await db.insert(letterSets).values([
      { ownerId: user, templateId: "tpl-own", updatedAt: updatedAt(3) },
      { ownerId: user, templateId: "ready-de", updatedAt: updatedAt(2) },
      { ownerId: user, templateId: "tpl-gone", updatedAt: updatedAt(1) },
    ]);
    const sets = (await t.as(user, { method: "GET", url: "/api/letter-sets" })).json().letterSets;
    expect(sets.map((set: { templateName: string }) => set.templateName)).toEqual(["My hand", "Deutsch", "tpl-gone"]);
    expect(sets.every((set: { letterCount: number }) => set.letterCount === 0)).toBe(true);
  });
});
