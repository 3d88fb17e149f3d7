// @vitest-environment node
import { describe, expect, it } from "vitest";
import { homeForSignedIn } from "./login-redirect.ts";

describe("where a signed-in visitor of the login route goes (spec §2)", () => {
  it("goes to /ru/ when the language cookie says ru or the path is Russian", () => {
    expect(homeForSignedIn("/en/login", "ru")).toBe("/ru/");
    expect(homeForSignedIn("/ru/login", "en")).toBe("/ru/");
    expect(homeForSignedIn("/ru/login", undefined)).toBe("/ru/");
  });

  it("goes to /en/ otherwise, and to the path's own language for the other five", () => {
    expect(homeForSignedIn("/en/login", "en")).toBe("/en/");
    expect(homeForSignedIn("/en/login", undefined)).toBe("/en/");
    expect(homeForSignedIn("/de/login", "de")).toBe("/de/");
    expect(homeForSignedIn("/xx/login", undefined)).toBe("/en/");
  });
});
