import { describe, expect, it } from "vitest";
import { cubicAt } from "./bezier.ts";
import { fitCubics } from "./fit-cubic.ts";

const unit = (x: number, y: number): [number, number] => [x / Math.hypot(x, y), y / Math.hypot(x, y)];

describe("fitting cubics to points (Schneider)", () => {
  it("recovers one cubic from points sampled on it", () => {
    const c = [0, 0, 100, 200, 300, 200, 400, 0];
    const xs: number[] = [];
    const ys: number[] = [];
    for (let i = 0; i <= 50; i++) {
      xs.push(cubicAt(c[0]!, c[2]!, c[4]!, c[6]!, i / 50));
      ys.push(cubicAt(c[1]!, c[3]!, c[5]!, c[7]!, i / 50));
    }
    const fitted = fitCubics(xs, ys, unit(100, 200), unit(-100, 200), 0.5);
    expect(fitted).toHaveLength(1);
    const [f] = fitted;
    for (const t of [0.25, 0.5, 0.75]) {
      const x = cubicAt(f![0], f![2], f![4], f![6], t);
      const y = cubicAt(f![1], f![3], f![5], f![7], t);
      const nearest = Math.min(...xs.map((px, i) => Math.hypot(px - x, ys[i]! - y)));
      expect(nearest).toBeLessThan(10); // samples are 8–10 units apart; the curve passes among them
    }
  });

  it("splits where one cubic cannot follow, keeping every point within the error and the joins continuous", () => {
    // A wave of two and a half periods cannot be one cubic.
    const xs = Array.from({ length: 200 }, (_, i) => i * 3);
    const ys = xs.map((x) => 80 * Math.sin(x / 60));
    const fitted = fitCubics(xs, ys, unit(1, 80 / 60), unit(-1, -(80 / 60) * Math.cos(597 / 60)), 1);
    expect(fitted.length).toBeGreaterThan(1);
    for (let k = 1; k < fitted.length; k++) {
      expect([fitted[k]![0], fitted[k]![1]]).toEqual([fitted[k - 1]![6], fitted[k - 1]![7]]);
    }
    // Every sample lies within the error of some point of the fitted curves.
    const curve = fitted.flatMap((f) =>
      Array.from({ length: 2001 }, (_, i) => [
        cubicAt(f[0], f[2], f[4], f[6], i / 2000),
        cubicAt(f[1], f[3], f[5], f[7], i / 2000),
      ]),
    );
    const worst = Math.max(
      ...xs.map((x, i) => Math.min(...curve.map(([cx, cy]) => Math.hypot(cx! - x, cy! - ys[i]!)))),
    );
    expect(worst).toBeLessThan(1.05);
  });
});
