// @vitest-environment node
import { describe, expect, it } from "vitest";
import { loginPathReturningTo, rememberReturnPath, safeReturnPath, takeReturnPath } from "./return-path.ts";

const memory = () => {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
};

describe("where sign-in returns to", () => {
  it("accepts our own pages under a language, with their query and hash", () => {
    expect(safeReturnPath("/en/app/templates")).toBe("/en/app/templates");
    expect(safeReturnPath("/uk/app/showsvg?font=1#letters")).toBe("/uk/app/showsvg?font=1#letters");
    expect(safeReturnPath("/ru/")).toBe("/ru/");
  });

  it("refuses other sites and odd paths, so sign-in is never a way off the site", () => {
    for (const hostile of [
      "//evil.example/en/app",
      "/\\evil.example",
      "https://evil.example/en/app",
      "javascript:alert(1)",
      "/en/app\n//evil",
      "/%0a/evil",
      "en/app",
      "/xx/app",
      "/en/login",
      "/en/login?next=/en/app",
      "",
      null,
    ]) {
      expect(safeReturnPath(hostile), String(hostile)).toBeNull();
    }
  });

  it("builds a login link that returns to the page, and a bare one when the page is not ours", () => {
    expect(loginPathReturningTo("de", "/de/app/templates")).toBe("/de/login?next=%2Fde%2Fapp%2Ftemplates");
    expect(loginPathReturningTo("de", "//evil.example")).toBe("/de/login");
  });

  it("remembers the path across a full-page sign-in for a while, and gives it back once", () => {
    const storage = memory();
    rememberReturnPath("/en/app/templates", 1_000, storage);
    expect(takeReturnPath(2_000, storage)).toBe("/en/app/templates");
    expect(takeReturnPath(3_000, storage)).toBeNull();
    rememberReturnPath("/en/app", 1_000, storage);
    expect(takeReturnPath(1_000 + 16 * 60 * 1000, storage)).toBeNull();
    rememberReturnPath("https://evil.example", 1_000, storage);
    expect(takeReturnPath(2_000, storage)).toBeNull();
  });
});
