import { describe, expect, it } from "vitest";
import { Translator } from "./translator.ts";

function translator(): Translator {
  const texts = new Translator();
  texts.addResourceBundle("en", "common", {
    nav: { home: "Home" },
    fonts_one: "{{count}} font",
    fonts_other: "{{count, number}} fonts",
    greeting: "Hello, {{name}}",
    nested: "{{user.name}} wrote",
  });
  texts.addResourceBundle("en", "legal", {
    title: "Terms",
    sections: [{ title: "About {{operator}}", items: ["Write to {{email}}"] }],
  });
  texts.addResourceBundle("ru", "common", {
    fonts_one: "{{count}} шрифт",
    fonts_few: "{{count}} шрифта",
    fonts_many: "{{count, number}} шрифтов",
    fonts_other: "{{count}} шрифта",
  });
  texts.addResourceBundle("de", "common", { total: "{{count, number}} Buchstaben" });
  texts.addResourceBundle("fr", "common", { files_zero: "Aucun fichier", files_other: "{{count}} fichiers" });
  return texts;
}

describe("Translator", () => {
  it("reads nested keys of the namespaces it was bound to, the first holding the key winning", () => {
    const t = translator().getFixedT("en", ["legal", "common"]);
    expect(t("nav.home")).toBe("Home");
    expect(t("title")).toBe("Terms");
  });

  it("reads a key of another namespace written as ns:key", () => {
    expect(translator().getFixedT("en", ["common"])("legal:title")).toBe("Terms");
  });

  it("shows the key of a missing text", () => {
    const t = translator().getFixedT("en", ["common"]);
    expect(t("nav.missing")).toBe("nav.missing");
    expect(t("legal:nothing")).toBe("nothing");
  });

  it("picks the plural form CLDR gives the language and count", () => {
    const en = translator().getFixedT("en", ["common"]);
    expect(en("fonts", { count: 1 })).toBe("1 font");
    expect(en("fonts", { count: 2 })).toBe("2 fonts");
    const ru = translator().getFixedT("ru", ["common"]);
    // Russian: 1, 21 → one; 2–4, 22 → few; 5–20, 11 → many.
    expect(ru("fonts", { count: 21 })).toBe("21 шрифт");
    expect(ru("fonts", { count: 3 })).toBe("3 шрифта");
    expect(ru("fonts", { count: 11 })).toBe("11 шрифтов");
  });

  it("uses the _zero text for zero where there is one", () => {
    const fr = translator().getFixedT("fr", ["common"]);
    expect(fr("files", { count: 0 })).toBe("Aucun fichier");
    expect(fr("files", { count: 3 })).toBe("3 fichiers");
  });

  it("formats {{x, number}} with the language's regional conventions", () => {
    expect(translator().getFixedT("en", ["common"])("fonts", { count: 12345 })).toBe("12,345 fonts");
    expect(translator().getFixedT("de", ["common"])("total", { count: 12345 })).toBe("12.345 Buchstaben");
    // Russian groups thousands with a no-break space.
    expect(translator().getFixedT("ru", ["common"])("fonts", { count: 1000 })).toBe("1\u00a0000 шрифтов");
  });

  it("fills variables, dotted ones too, and leaves an unknown one as written", () => {
    const t = translator().getFixedT("en", ["common"]);
    expect(t("greeting", { name: "Ada" })).toBe("Hello, Ada");
    expect(t("nested", { user: { name: "Ada" } })).toBe("Ada wrote");
    expect(t("greeting")).toBe("Hello, {{name}}");
  });

  it("returns objects with their strings interpolated when asked to", () => {
    const t = translator().getFixedT("en", ["legal"]);
    expect(t("sections", { returnObjects: true, operator: "Handfont", email: "a@b.c" })).toEqual([
      { title: "About Handfont", items: ["Write to a@b.c"] },
    ]);
  });

  it("tells listeners of a change of language, once per change", () => {
    const texts = translator();
    const seen: string[] = [];
    const stop = texts.onLanguageChanged((language) => seen.push(language));
    texts.changeLanguage("ru");
    texts.changeLanguage("ru");
    stop();
    texts.changeLanguage("en");
    expect(seen).toEqual(["ru"]);
    expect(texts.language).toBe("en");
  });
});
