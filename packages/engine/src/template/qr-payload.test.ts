import { describe, expect, it } from "vitest";
import { decodeQrPayload, isValidTemplateId, newTemplateId, qcode } from "./qr-payload.ts";

describe("QR payload", () => {
  it("round-trips a template id and page through its qcode", () => {
    expect(qcode("7K3M9QX2TB00", 12)).toBe("HF1:7K3M9QX2TB00:12");
    expect(decodeQrPayload("HF1:7K3M9QX2TB00:12")).toEqual({ version: 1, templateId: "7K3M9QX2TB00", page: 12 });
  });

  it("refuses texts that are not a Handfont qcode of this version", () => {
    for (const text of ["https://example.com", "HF2:ABC:1", "HF1:ABC:0", "HF1:a b:1", "HF1::1", ""]) {
      expect(decodeQrPayload(text)).toBeUndefined();
    }
  });

  it("makes new ids of 12 unambiguous base32 characters that differ every time", () => {
    const ids = new Set(Array.from({ length: 200 }, newTemplateId));
    expect(ids.size).toBe(200);
    for (const id of ids) {
      expect(id).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);
      expect(isValidTemplateId(id)).toBe(true);
    }
  });
});
