import { describe, expect, it } from "vitest";
import { analyseSource, flatten, isUsedBy, splitPlural, usageKey, variablesOf } from "./translation-keys.ts";

describe("translation key helpers", () => {
  it("flattens nested objects and arrays into dotted paths", () => {
    expect(flatten({ a: { b: "x" }, list: [{ title: "t" }] })).toEqual([
      { path: "a.b", value: "x" },
      { path: "list.0.title", value: "t" },
    ]);
  });

  it("maps plural and array leaves to the key a source mentions", () => {
    expect(splitPlural("values.fonts_few")).toEqual({ base: "values.fonts", category: "few" });
    expect(usageKey("values.fonts_many")).toBe("values.fonts");
    expect(usageKey("sections.3.items.1")).toBe("sections");
  });

  it("reads interpolation variables with or without a format", () => {
    expect(variablesOf("{{count, number}} of {{ total }}")).toEqual(["count", "total"]);
  });

  it("attributes literals to the namespaces a file declares", () => {
    const usage = analyseSource(`const { t } = useTranslation("home"); t("hero.title"); t(\`why.\${id}.text\`);`);
    expect(isUsedBy(usage, "home", "hero.title")).toBe(true);
    expect(isUsedBy(usage, "functions", "hero.title")).toBe(false);
    expect(isUsedBy(usage, "home", "why.clean.text")).toBe(true);
    expect(isUsedBy(usage, "home", "why.clean.title")).toBe(false);
  });

  it("counts a file with a run-time namespace for every namespace, and ns:key literals anywhere", () => {
    expect(isUsedBy(analyseSource(`useTranslation([namespace, "legal"]); t("intro")`), "legal-offer", "intro")).toBe(
      true,
    );
    expect(isUsedBy(analyseSource(`useTranslation("home"); t("debug:title")`), "debug", "title")).toBe(true);
  });

  it("ignores templates that do not start like a key", () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the string is source code under analysis
    expect(analyseSource("const url = `${origin}/x`; const h = `#${id}`;").patterns).toEqual([]);
  });
});
