import { describe, expect, it } from "vitest";
import { fitBox, panBy, pinchView, toFontUnits, toScreen, type Viewport, ZOOM_LIMITS, zoomAt } from "./viewport.ts";

const view: Viewport = { scale: 0.5, originX: 100, originY: 600 };

describe("viewport", () => {
  it("maps font units (y up) to screen pixels (y down) and back", () => {
    expect(toScreen(view, { x: 200, y: 400 })).toEqual({ x: 200, y: 400 });
    expect(toFontUnits(view, { x: 200, y: 400 })).toEqual({ x: 200, y: 400 });
    expect(toFontUnits(view, toScreen(view, { x: -37, y: 911 }))).toEqual({ x: -37, y: 911 });
  });

  it("zooms around the pointer: the point under it stays under it", () => {
    const at = { x: 321, y: 123 };
    const before = toFontUnits(view, at);
    const zoomed = zoomAt(view, at, 2.5);
    expect(zoomed.scale).toBe(1.25);
    const after = toFontUnits(zoomed, at);
    expect(after.x).toBeCloseTo(before.x, 9);
    expect(after.y).toBeCloseTo(before.y, 9);
    expect(zoomAt(view, at, 1e6).scale).toBe(ZOOM_LIMITS.max);
  });

  it("pans by pixels", () => {
    expect(panBy(view, 10, -20)).toEqual({ scale: 0.5, originX: 110, originY: 580 });
  });

  it("pinches: spreading the fingers zooms by their ratio, moving them pans", () => {
    const from: [{ x: number; y: number }, { x: number; y: number }] = [
      { x: 100, y: 100 },
      { x: 200, y: 100 },
    ];
    const anchor = toFontUnits(view, { x: 150, y: 100 });
    const pinched = pinchView(view, from, [
      { x: 80, y: 300 },
      { x: 280, y: 300 },
    ]);
    expect(pinched.scale).toBeCloseTo(1, 9);
    const under = toFontUnits(pinched, { x: 180, y: 300 });
    expect(under.x).toBeCloseTo(anchor.x, 9);
    expect(under.y).toBeCloseTo(anchor.y, 9);
  });

  it("fits a box centred in the screen area with padding", () => {
    const fitted = fitBox({ xMin: 0, yMin: -250, xMax: 500, yMax: 750 }, 640, 480, 40);
    expect(fitted.scale).toBeCloseTo(0.4, 9);
    expect(toScreen(fitted, { x: 250, y: 250 })).toEqual({ x: 320, y: 240 });
  });
});
