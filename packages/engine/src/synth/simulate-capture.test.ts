import { describe, expect, it } from "vitest";
import { layoutTemplate } from "../template/layout-template.ts";
import { writePage } from "../test-support/synthetic-scan.ts";
import { capturePhone } from "./simulate-capture.ts";

describe("capturePhone's glare", () => {
  it("washes a spot on the page towards white by its strength and leaves the photo as it was away from it", () => {
    const layout = layoutTemplate({ sets: [], chars: "AB", id: "GLARE", cellSize: "m" });
    const page = writePage(layout, 100);
    const options = { seed: 4, frameWidth: 1200, frameHeight: 900 };
    const plain = capturePhone(page, layout.paper, options);
    const glared = capturePhone(page, layout.paper, { ...options, glare: 0.8 });
    // Where the reflection is strongest: the share of the way to white it added (green channel; pixels close to white
    // already say little).
    let spot = 0;
    let strongest = 0;
    for (let i = 1; i < plain.data.length; i += 4) {
      if (plain.data[i]! > 225) continue;
      const share = (glared.data[i]! - plain.data[i]!) / (255 - plain.data[i]!);
      if (share > strongest) [strongest, spot] = [share, i];
    }
    const [x, y] = [((spot - 1) / 4) % 1200, Math.floor((spot - 1) / 4 / 1200)];
    expect(insideQuad(x, y, plain.pageCorners)).toBe(true);
    expect(strongest).toBeGreaterThan(0.7);
    expect(strongest).toBeLessThanOrEqual(1);
    // Light is only added, nowhere taken away.
    expect(glared.data.every((value, i) => value >= plain.data[i]!)).toBe(true);
    // Five spot widths away (a fifth of 900 px each) the reflection adds under a level: the same pixels.
    let changed = 0;
    for (let i = 0; i < plain.data.length; i += 4) {
      const [px, py] = [(i / 4) % 1200, Math.floor(i / 4 / 1200)];
      if (Math.hypot(px - x, py - y) > 5 * 180 && plain.data[i + 1] !== glared.data[i + 1]) changed++;
    }
    expect(changed).toBe(0);
  });
});

/** Whether (x, y) lies inside the convex quadrilateral `corners` (in order around it). */
function insideQuad(x: number, y: number, corners: readonly (readonly [number, number])[]) {
  const sides = corners.map(([ax, ay], k) => {
    const [bx, by] = corners[(k + 1) % corners.length]!;
    return Math.sign((bx - ax) * (y - ay) - (by - ay) * (x - ax));
  });
  return sides.every((s) => s === sides[0]);
}
