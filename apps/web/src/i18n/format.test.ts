import { describe, expect, it } from "vitest";
import { formatDate, formatNumber, intlLocale } from "./format.ts";

describe("Intl formatting with the regional codes", () => {
  it("maps interface languages to their regional codes", () => {
    expect(intlLocale("uk")).toBe("uk-UA");
    expect(intlLocale("en")).toBe("en-US");
  });

  it("groups thousands per language", () => {
    expect(formatNumber(1000, "en")).toBe("1,000");
    expect(formatNumber(1000, "de")).toBe("1.000");
    expect(formatNumber(12500, "ru")).toBe("12\u00a0500");
    expect(formatNumber(12500, "fr")).toBe("12\u202f500");
  });

  it("writes dates with the language's month names", () => {
    const date = new Date(Date.UTC(2026, 10, 21, 12));
    expect(formatDate(date, "en", { dateStyle: "long", timeZone: "UTC" })).toBe("November 21, 2026");
    expect(formatDate(date, "de", { dateStyle: "long", timeZone: "UTC" })).toBe("21. November 2026");
    // The space before "р." depends on the ICU version; the month name in the genitive is what matters.
    expect(formatDate(date, "uk", { dateStyle: "long", timeZone: "UTC" })).toMatch(/^21 листопада 2026\s*р\.$/u);
  });
});
