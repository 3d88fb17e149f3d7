import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sniffScanType } from "./media-type.ts";

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === "string" ? [...part].map((c) => c.charCodeAt(0)) : part)));

describe("scan type sniffing", () => {
  it("recognises each supported format by its signature", () => {
    expect(sniffScanType(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(sniffScanType(bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a]))).toBe("image/png");
    expect(sniffScanType(bytes("RIFF", [1, 2, 3, 4], "WEBPVP8 "))).toBe("image/webp");
    expect(sniffScanType(bytes("II", [0x2a, 0]))).toBe("image/tiff");
    expect(sniffScanType(bytes("MM", [0, 0x2a]))).toBe("image/tiff");
    expect(sniffScanType(bytes("%PDF-1.7"))).toBe("application/pdf");
    // An iPhone photo: ftyp box, major brand heic; and a HEIF whose HEVC brand is only among the compatible ones.
    expect(sniffScanType(bytes([0, 0, 0, 24], "ftypheic", [0, 0, 0, 0], "mif1heic"))).toBe("image/heic");
    expect(sniffScanType(bytes([0, 0, 0, 24], "ftypmif1", [0, 0, 0, 0], "mif1heic"))).toBe("image/heic");
  });

  it("sniffs the HEIC fixture photo as HEIC", () => {
    const fixture = readFileSync(join(import.meta.dirname, "../../../../packages/engine/fixtures/phone-photo.heic"));
    expect(sniffScanType(new Uint8Array(fixture))).toBe("image/heic");
  });

  it("refuses anything else, whatever its name says", () => {
    expect(sniffScanType(bytes("<svg xmlns="))).toBeNull();
    expect(sniffScanType(bytes("GIF89a"))).toBeNull();
    expect(sniffScanType(new Uint8Array())).toBeNull();
    expect(sniffScanType(bytes("RIFF", [0, 0, 0, 0], "WAVE"))).toBeNull();
    expect(sniffScanType(bytes([0, 0, 0, 28], "ftypavif", [0, 0, 0, 0], "avifmif1miaf"))).toBeNull();
  });
});
