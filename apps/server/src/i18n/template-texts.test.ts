import { LANGUAGES } from "@handfont/contract";
import { describe, expect, it } from "vitest";
import { templateTexts } from "./template-texts.ts";

const made = new Date("2026-05-01T10:00:00Z");

describe("texts printed on a template", () => {
  it("has the instruction and the note on accent marks in every language, each its own", () => {
    const texts = LANGUAGES.map((language) =>
      templateTexts(language, { name: "x", readyMadeId: null, createdAt: made }),
    );
    expect(new Set(texts.map((text) => text.instruction)).size).toBe(LANGUAGES.length);
    expect(new Set(texts.map((text) => text.markNote)).size).toBe(LANGUAGES.length);
    for (const text of texts) expect(text.markNote.length).toBeGreaterThan(40);
  });

  it("names a ready-made template in the language, whatever version of its layout", () => {
    const name = (readyMadeId: string) => templateTexts("de", { name: "x", readyMadeId, createdAt: made }).name;
    expect(name("ready-fr-v2")).toBe("Französisch");
    expect(name("ready-fr")).toBe("Französisch");
  });
});
