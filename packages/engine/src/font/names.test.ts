import { describe, expect, it } from "vitest";
import { asciiName, charsGlyphName, fontFileName, postScriptName } from "./names.ts";

describe("names", () => {
  it("makes valid PostScript names from any family name", () => {
    for (const [family, style] of [
      ["My Hand", "Regular"],
      ["Мой почерк", "Regular"],
      ["Їжачок Ґудзик", "Bold Italic"],
      ["Ça va (ö)", "Light"],
      ["手書き", "Regular"],
      ["x".repeat(100), "Regular"],
    ] as const) {
      const name = postScriptName(family, style);
      expect(name).toMatch(/^[A-Za-z0-9-]{1,63}$/);
      expect(name.split("-")).toHaveLength(2);
    }
    expect(postScriptName("Мой Почерк", "Regular")).toBe("MoyPocherk-Regular");
    expect(postScriptName("Їжачок", "Bold")).toBe("Yizhachok-Bold");
    expect(postScriptName("手書き", "Regular")).toMatch(/^Handfont[0-9A-Z]+-Regular$/);
  });

  it("names a downloaded font file as the font's PostScript name, keeping a non-Latin name", () => {
    expect(fontFileName("Почерк Анны", "Regular", "otf")).toBe("PocherkAnny-Regular.otf");
    expect(fontFileName("Éléonore", "Regular", "woff2")).toBe("Eleonore-Regular.woff2");
    expect(fontFileName("手書き", "Regular", "ttf")).toBe(`${postScriptName("手書き", "Regular")}.ttf`);
  });

  it("transliterates Cyrillic and strips accents", () => {
    expect(asciiName("Щука Ёж")).toBe("Shchuka Ezh");
    expect(asciiName("Éléonore Straße")).toBe("Eleonore Strasse");
  });

  it("names glyphs by production names and ligatures by their parts", () => {
    expect(charsGlyphName("a")).toBe("a");
    expect(charsGlyphName("ф")).toBe("uni0444");
    expect(charsGlyphName("ff")).toBe("f_f");
    expect(charsGlyphName(".")).toBe("period");
    expect(charsGlyphName("😀")).toBe("u1F600");
    const long = charsGlyphName("привет мир");
    expect(long.length).toBeLessThanOrEqual(50);
    expect(long).toMatch(/^[A-Za-z0-9_]+$/);
    expect(long).not.toBe(charsGlyphName("привет мор"));
  });
});
