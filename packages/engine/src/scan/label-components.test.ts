import { describe, expect, it } from "vitest";
import { labelComponents } from "./label-components.ts";

describe("labelComponents", () => {
  it("joins diagonal neighbours and counts separate blobs with their areas and boxes", () => {
    // prettier-ignore
    const mask = new Uint8Array([1, 0, 0, 0, 1, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 1, 1, 0, 1, 1]);
    const parts = labelComponents(mask, 5, 4);
    expect(parts.count).toBe(4);
    const areas = Array.from(parts.area.slice(1)).sort();
    expect(areas).toEqual([2, 2, 2, 2]);
    const diagonal = parts.labels[0]!;
    expect(parts.labels[6]).toBe(diagonal);
    expect([parts.minX[diagonal], parts.maxX[diagonal], parts.minY[diagonal], parts.maxY[diagonal]]).toEqual([
      0, 1, 0, 1,
    ]);
  });

  it("merges a U shape whose arms meet only at the bottom", () => {
    // prettier-ignore
    const mask = new Uint8Array([1, 0, 1, 1, 0, 1, 1, 1, 1]);
    expect(labelComponents(mask, 3, 3).count).toBe(1);
  });
});
