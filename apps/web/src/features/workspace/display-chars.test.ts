import { describe, expect, it } from "vitest";
import { displayChars } from "./display-chars.ts";

describe("displayChars", () => {
  it("puts a lone combining mark on a dotted circle and leaves letters and spacing accents alone", () => {
    expect(displayChars("\u0306")).toBe("\u25cc\u0306");
    expect(displayChars("é")).toBe("é");
    expect(displayChars("\u00b4")).toBe("\u00b4");
  });
});
