import { describe, expect, it } from "vitest";
import { switchLanguagePath } from "./language-path.ts";
import { pageOfPath, pagePath } from "./pages.ts";

describe("language switch keeps the current path", () => {
  const at = (pathname: string, search = "", hash = "") => ({ pathname, search, hash });

  it("replaces the language segment and keeps query and hash", () => {
    expect(switchLanguagePath(at("/en/functions", "?a=1", "#plans"), "de")).toBe("/de/functions?a=1#plans");
    expect(switchLanguagePath(at("/ru"), "uk")).toBe("/uk");
    expect(switchLanguagePath(at("/fr/"), "it")).toBe("/it");
  });

  it("prefixes a path that has no language", () => {
    expect(switchLanguagePath(at("/xx/missing"), "es")).toBe("/es/xx/missing");
  });
});

describe("page paths", () => {
  it("builds paths with the spec's spelling", () => {
    expect(pagePath("de", "cookies")).toBe("/de/CookiesPolicy");
    expect(pagePath("en", "home")).toBe("/en");
    expect(pagePath("fr", "functions", "plans")).toBe("/fr/functions#plans");
  });

  it("finds the page of a path", () => {
    expect(pageOfPath("/uk/offer")).toBe("offer");
    expect(pageOfPath("/uk")).toBe("home");
    expect(pageOfPath("/uk/nothing")).toBeUndefined();
  });
});
