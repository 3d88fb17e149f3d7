import type { GlyphDocument } from "@handfont/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { letterScanFolder } from "../services/letter-pictures.ts";
import { syntheticScan } from "../test-support/synthetic-scan.ts";
import { createTemplate, uploadScans } from "../test-support/workspace-fixtures.ts";
import { createWorkspaceTestApp, type WorkspaceTestApp } from "../test-support/workspace-test-app.ts";

let t: WorkspaceTestApp;
let owner: string;
let fontId: string;
type Letter = { chars: string; variant: number; revision: number; document: GlyphDocument; path: string };
let letters: Letter[];

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const picture = (user: string, font: string, chars: string, variant = 1) =>
  t.as(user, {
    method: "GET",
    url: `/api/fonts/${font}/letters/scan?chars=${encodeURIComponent(chars)}&variant=${variant}`,
  });

beforeAll(async () => {
  t = await createWorkspaceTestApp();
  owner = await t.newUser();
  const { template, layout } = await createTemplate(t, owner, { name: "Digits", sets: ["digits"], cellSize: "l" });
  await uploadScans(t, owner, [{ fileName: "digits.jpg", bytes: await syntheticScan(layout, 1, { seed: 3 }) }]);
  const created = await t.as(owner, {
    method: "POST",
    url: "/api/createFont",
    payload: { name: "Traced", from: { kind: "template", templateId: template.id } },
  });
  fontId = created.json().id;
  letters = (await t.as(owner, { method: "GET", url: `/api/fonts/${fontId}/letters` })).json().letters;
});
afterAll(() => t.close());

describe("a scanned letter's picture, for tracing in the outline editor", () => {
  it("is kept when the page is read, in the owner's folder, lying around the letter's outline", () => {
    expect(letters.length).toBeGreaterThan(5);
    for (const letter of letters) {
      const source = letter.document.source;
      expect(source.kind).toBe("scan");
      if (source.kind !== "scan") continue;
      expect(source.image?.ref.startsWith(`${letterScanFolder(owner)}/`)).toBe(true);
      // The ink of the outline lies inside the picture.
      const box = source.image!.box;
      const xs = [...letter.path.matchAll(/(-?\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?)/g)].map((m) => [
        Number(m[1]),
        Number(m[2]),
      ]);
      for (const [x, y] of xs) {
        expect(x).toBeGreaterThanOrEqual(box.xMin - 1);
        expect(x).toBeLessThanOrEqual(box.xMax + 1);
        expect(y).toBeGreaterThanOrEqual(box.yMin - 1);
        expect(y).toBeLessThanOrEqual(box.yMax + 1);
      }
    }
  });

  it("is served to its owner as a PNG", async () => {
    const letter = letters[0]!;
    const res = await picture(owner, fontId, letter.chars, letter.variant);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    expect([...res.rawPayload.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  });

  it("is not served to anyone else, nor for a letter without one", async () => {
    const other = await t.newUser();
    const letter = letters[0]!;
    const theirs = await picture(other, fontId, letter.chars, letter.variant);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe("FONT_NOT_FOUND");
    const missing = await picture(owner, fontId, "Ж");
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe("GLYPH_NOT_FOUND");
  });

  it("is not served from another user's folder, whatever key a document names", async () => {
    // The other user copies the owner's key into a letter of their own font through the changes API.
    const other = await t.newUser();
    const created = await t.as(other, { method: "POST", url: "/api/createFont", payload: { name: "Mine" } });
    const otherFont = created.json().id;
    const stolen = letters[0]!.document;
    const write = await t.as(other, {
      method: "POST",
      url: `/api/fonts/${otherFont}/letters/changes`,
      payload: { changes: [{ chars: "x", variant: 1, baseRevision: null, document: stolen }] },
    });
    expect(write.statusCode, write.body).toBe(200);
    const res = await picture(other, otherFont, "x");
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe("GLYPH_NOT_FOUND");
  });

  it("refuses a letter named badly in the query with a typed error", async () => {
    const res = await t.as(owner, { method: "GET", url: `/api/fonts/${fontId}/letters/scan?chars=&variant=0` });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("VALIDATION");
  });

  it("of a page read again is deleted, unless a font's letter still names it", async () => {
    const user = await t.newUser();
    const { template, layout } = await createTemplate(t, user, { name: "Again", sets: ["digits"], cellSize: "l" });
    const bytes = await syntheticScan(layout, 1, { seed: 5 });
    const refsOfSet = async () => {
      const [set] = (await t.as(user, { method: "GET", url: "/api/letter-sets" })).json().letterSets;
      const setLetters: Letter[] = (
        await t.as(user, { method: "GET", url: `/api/letter-sets/${set.id}/letters` })
      ).json().letters;
      return setLetters.map((letter) => (letter.document.source as { image: { ref: string } }).image.ref);
    };
    await uploadScans(t, user, [{ fileName: "once.jpg", bytes }]);
    const first = await refsOfSet();
    // A font made from the set: its letters name the same pictures.
    const made = await t.as(user, {
      method: "POST",
      url: "/api/createFont",
      payload: { name: "Kept", from: { kind: "template", templateId: template.id } },
    });
    await uploadScans(t, user, [{ fileName: "twice.jpg", bytes }]);
    const second = await refsOfSet();
    expect(second.filter((ref) => first.includes(ref))).toEqual([]);
    for (const ref of first) expect(await t.workspace.ctx.blobs.get(ref)).toBeDefined();

    // Nothing names the second reading's pictures once the page is read a third time.
    await t.as(user, { method: "GET", url: `/api/removeFont/${made.json().id}` });
    await uploadScans(t, user, [{ fileName: "thrice.jpg", bytes }]);
    for (const ref of second) expect(await t.workspace.ctx.blobs.get(ref)).toBeUndefined();
    for (const ref of await refsOfSet()) expect(await t.workspace.ctx.blobs.get(ref)).toBeDefined();
  });

  it("is deleted once no letter names it: letters, fonts and templates deleted take their pictures along", async () => {
    const user = await t.newUser();
    const { template, layout } = await createTemplate(t, user, { name: "Gone", sets: ["digits"], cellSize: "l" });
    await uploadScans(t, user, [{ fileName: "gone.jpg", bytes: await syntheticScan(layout, 1, { seed: 7 }) }]);
    const make = async (name: string) =>
      (
        await t.as(user, {
          method: "POST",
          url: "/api/createFont",
          payload: { name, from: { kind: "template", templateId: template.id } },
        })
      ).json().id as string;
    const first = await make("First");
    const second = await make("Second");
    const lettersOf = async (font: string): Promise<Letter[]> =>
      (await t.as(user, { method: "GET", url: `/api/fonts/${font}/letters` })).json().letters;
    const refOf = (letter: Letter) => (letter.document.source as { image: { ref: string } }).image.ref;
    const kept = async (ref: string) => (await t.workspace.ctx.blobs.get(ref)) !== undefined;
    const [one, two, three] = await lettersOf(first);
    expect(three).toBeDefined();

    // The letter set and the second font still name the pictures of the first font's deleted letters.
    const deleteFromFirst = (letter: Letter) =>
      t.as(user, {
        method: "POST",
        url: `/api/fonts/${first}/letters/changes`,
        payload: {
          changes: [{ chars: letter.chars, variant: letter.variant, baseRevision: letter.revision, document: null }],
        },
      });
    expect((await deleteFromFirst(one!)).statusCode).toBe(200);
    expect(await kept(refOf(one!))).toBe(true);
    expect((await t.as(user, { method: "DELETE", url: `/api/templates/${template.id}` })).statusCode).toBe(200);
    expect(await kept(refOf(one!))).toBe(true);

    // Deleted in an editing session (saveAllDataSvg) while the second font names it: kept; then the second font goes.
    const [stored] = (
      await t.as(user, { method: "GET", url: "/api/getFontsAndSvgs" }).then((res) => res.json().fonts)
    ).filter((font: { id: string }) => font.id === first);
    const twoId = stored.glyphs.find((glyph: { chars: string }) => glyph.chars === two!.chars).id;
    const save = await t.as(user, {
      method: "POST",
      url: "/api/saveAllDataSvg",
      payload: { fontId: first, glyphs: [], deleted: [twoId] },
    });
    expect(save.statusCode, save.body).toBe(200);
    expect(await kept(refOf(two!))).toBe(true);
    expect((await t.as(user, { method: "GET", url: `/api/removeFont/${second}` })).statusCode).toBe(200);
    // Nothing names one's and two's pictures any more; three's is still the first font's.
    expect(await kept(refOf(one!))).toBe(false);
    expect(await kept(refOf(two!))).toBe(false);
    expect(await kept(refOf(three!))).toBe(true);

    // The last letter naming a picture, deleted through the changes API, takes it along; so does the last font.
    const fresh = (await lettersOf(first)).find((letter) => letter.chars === three!.chars)!;
    expect((await deleteFromFirst(fresh)).statusCode).toBe(200);
    expect(await kept(refOf(three!))).toBe(false);
    const rest = (await lettersOf(first)).map(refOf);
    expect(rest.length).toBeGreaterThan(0);
    expect((await t.as(user, { method: "GET", url: `/api/removeFont/${first}` })).statusCode).toBe(200);
    for (const ref of rest) expect(await kept(ref)).toBe(false);
  });

  it("goes with the account", async () => {
    const ref = (letters[0]!.document.source as { image: { ref: string } }).image.ref;
    expect(await t.workspace.ctx.blobs.get(ref)).toBeDefined();
    await t.workspace.erase(owner);
    expect(await t.workspace.ctx.blobs.get(ref)).toBeUndefined();
  });
});
