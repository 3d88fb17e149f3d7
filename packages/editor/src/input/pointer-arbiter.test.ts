import { describe, expect, it } from "vitest";
import { PointerArbiter, type PointerDown } from "./pointer-arbiter.ts";

const down = (id: number, kind: PointerDown["kind"], x = 0, y = 0, extra: Partial<PointerDown> = {}): PointerDown => ({
  id,
  kind,
  at: { x, y },
  button: 0,
  spaceHeld: false,
  ...extra,
});

describe("pointer arbiter", () => {
  it("lets one finger draw until a stylus is seen; then fingers pan and the stylus draws", () => {
    const arbiter = new PointerArbiter();
    expect(arbiter.down(down(1, "touch"))).toEqual([{ kind: "draw", phase: "start", id: 1 }]);
    expect(arbiter.up(1)).toEqual({ kind: "draw", phase: "end", id: 1 });
    expect(arbiter.down(down(2, "pen"))).toEqual([{ kind: "draw", phase: "start", id: 2 }]);
    expect(arbiter.mode).toBe("on");
    // A palm lands while the stylus draws: it pans, never draws.
    expect(arbiter.down(down(3, "touch", 10, 10))).toEqual([{ kind: "none" }]);
    expect(arbiter.move(3, { x: 15, y: 8 })).toEqual({ kind: "pan", dx: 5, dy: -2 });
    expect(arbiter.move(2, { x: 1, y: 1 })).toEqual({ kind: "draw", phase: "move", id: 2 });
  });

  it("keeps fingers drawing when the user switched pen mode off, even after the stylus", () => {
    const arbiter = new PointerArbiter("off");
    arbiter.down(down(1, "pen"));
    arbiter.up(1);
    expect(arbiter.mode).toBe("off");
    expect(arbiter.down(down(2, "touch"))).toEqual([{ kind: "draw", phase: "start", id: 2 }]);
  });

  it("turns a one-finger stroke into a pinch when a second finger lands, dropping the stroke", () => {
    const arbiter = new PointerArbiter();
    arbiter.down(down(1, "touch", 0, 0));
    arbiter.move(1, { x: 10, y: 0 });
    expect(arbiter.down(down(2, "touch", 100, 0))).toEqual([
      { kind: "cancelDraw" },
      {
        kind: "pinch",
        phase: "start",
        from: [
          { x: 10, y: 0 },
          { x: 100, y: 0 },
        ],
        to: [
          { x: 10, y: 0 },
          { x: 100, y: 0 },
        ],
      },
    ]);
    expect(arbiter.move(2, { x: 200, y: 0 })).toMatchObject({
      kind: "pinch",
      phase: "move",
      to: [{ x: 10 }, { x: 200 }],
    });
    expect(arbiter.up(1)).toEqual({ kind: "none" });
    expect(arbiter.move(2, { x: 250, y: 0 })).toEqual({ kind: "none" });
    expect(arbiter.isDrawing(1)).toBe(false);
  });

  it("draws with the mouse's main button and pans with the middle one or with Space held", () => {
    const arbiter = new PointerArbiter();
    expect(arbiter.down(down(1, "mouse"))).toEqual([{ kind: "draw", phase: "start", id: 1 }]);
    arbiter.up(1);
    arbiter.down(down(1, "mouse", 0, 0, { button: 1 }));
    expect(arbiter.move(1, { x: 3, y: 4 })).toEqual({ kind: "pan", dx: 3, dy: 4 });
    arbiter.up(1);
    arbiter.down(down(1, "mouse", 0, 0, { spaceHeld: true }));
    expect(arbiter.move(1, { x: -2, y: 0 })).toEqual({ kind: "pan", dx: -2, dy: 0 });
    arbiter.up(1);
    arbiter.down(down(1, "mouse", 0, 0, { button: 2 }));
    expect(arbiter.move(1, { x: 5, y: 5 })).toEqual({ kind: "none" });
  });

  it("drops a stroke the browser cancelled", () => {
    const arbiter = new PointerArbiter();
    arbiter.down(down(7, "pen"));
    expect(arbiter.up(7, true)).toEqual({ kind: "cancelDraw" });
  });
});
