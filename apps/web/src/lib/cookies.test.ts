import { describe, expect, it } from "vitest";
import { readCookie, serializeCookie } from "./cookies.ts";

describe("cookies", () => {
  it("reads a cookie by exact name among others", () => {
    const jar = "policyReject=true; policy=true; lang=de; XSRF-TOKEN=a%2Fb";
    expect(readCookie("policy", jar)).toBe("true");
    expect(readCookie("lang", jar)).toBe("de");
    expect(readCookie("XSRF-TOKEN", jar)).toBe("a/b");
    expect(readCookie("missing", jar)).toBeUndefined();
  });

  it("keeps a value that is not valid percent-encoding", () => {
    expect(readCookie("x", "x=100%")).toBe("100%");
  });

  it("writes the language cookie of spec §9: 365 days, path /, SameSite=Lax", () => {
    expect(serializeCookie("lang", "uk", { maxAgeDays: 365, path: "/", sameSite: "Lax" }, false)).toBe(
      "lang=uk; Max-Age=31536000; Path=/; SameSite=Lax",
    );
    expect(serializeCookie("lang", "uk", { maxAgeDays: 365 }, true)).toContain("; Secure");
  });
});
