import type { Point } from "@handfont/engine/fonts";
import type { PointerKind } from "../tools/tool.ts";

/**
 * Decides what each pointer on the canvas does (tldraw's "pen mode", which users asked to stay put): once a stylus
 * has touched the canvas, fingers only pan and zoom and never draw, so a palm resting on a tablet leaves no marks.
 * Without a stylus one finger draws, and a second finger turns the gesture into a pinch (the half-drawn stroke is
 * dropped). A mouse draws with its main button and pans with the middle one or while Space is held.
 */

/** Whether fingers may draw: "auto" until a stylus is seen, then "on"; the user may switch it "off" (or on again). */
export type PenMode = "auto" | "on" | "off";

export interface PointerDown {
  id: number;
  kind: PointerKind;
  /** Screen pixels. */
  at: Point;
  /** 0 main, 1 middle, 2 secondary (mouse); 0 for pens and fingers. */
  button: number;
  /** Space held down: the hand tool for as long as it is. */
  spaceHeld: boolean;
}

/** What the adapter should do with an event. */
export type ArbiterAction =
  | { kind: "draw"; phase: "start" | "move" | "end"; id: number }
  | { kind: "cancelDraw" }
  | { kind: "pan"; dx: number; dy: number }
  | { kind: "pinch"; phase: "start" | "move"; from: [Point, Point]; to: [Point, Point] }
  | { kind: "none" };

type Role = "draw" | "pan" | "pinch" | "ignore";

export class PointerArbiter {
  mode: PenMode;
  private roles = new Map<number, { role: Role; kind: PointerKind; at: Point }>();
  private pinchFrom: [Point, Point] | null = null;

  constructor(mode: PenMode = "auto") {
    this.mode = mode;
  }

  /** True when fingers pan and zoom only. */
  get fingersNavigate(): boolean {
    return this.mode === "on";
  }

  private pinchPair(): [number, number] | null {
    const ids = [...this.roles].filter(([, entry]) => entry.role === "pinch").map(([id]) => id);
    return ids.length === 2 ? [ids[0]!, ids[1]!] : null;
  }

  down(event: PointerDown): ArbiterAction[] {
    if (event.kind === "pen" && this.mode === "auto") this.mode = "on";
    const drawing = [...this.roles.values()].some((entry) => entry.role === "draw");
    const entry = { kind: event.kind, at: event.at, role: "ignore" as Role };
    this.roles.set(event.id, entry);

    if (event.kind === "touch") {
      const fingers = [...this.roles].filter(([, other]) => other.kind === "touch");
      if (fingers.length === 2) {
        // Two fingers: pinch, whatever the first one was doing.
        const actions: ArbiterAction[] = [];
        if (fingers.some(([, other]) => other.role === "draw")) actions.push({ kind: "cancelDraw" });
        for (const [, other] of fingers) other.role = "pinch";
        const from: [Point, Point] = [fingers[0]![1].at, fingers[1]![1].at];
        this.pinchFrom = from;
        actions.push({ kind: "pinch", phase: "start", from, to: from });
        return actions;
      }
      if (fingers.length > 2) return [{ kind: "none" }];
      entry.role = this.fingersNavigate || drawing ? "pan" : "draw";
    } else if (event.kind === "mouse") {
      entry.role = event.button === 1 || event.spaceHeld ? "pan" : event.button === 0 && !drawing ? "draw" : "ignore";
    } else {
      entry.role = event.spaceHeld ? "pan" : drawing ? "ignore" : "draw";
    }
    return entry.role === "draw" ? [{ kind: "draw", phase: "start", id: event.id }] : [{ kind: "none" }];
  }

  move(id: number, at: Point): ArbiterAction {
    const entry = this.roles.get(id);
    if (!entry) return { kind: "none" };
    const before = entry.at;
    entry.at = at;
    if (entry.role === "draw") return { kind: "draw", phase: "move", id };
    if (entry.role === "pan") return { kind: "pan", dx: at.x - before.x, dy: at.y - before.y };
    if (entry.role === "pinch") {
      const pair = this.pinchPair();
      if (!pair || !this.pinchFrom) return { kind: "none" };
      const to: [Point, Point] = [this.roles.get(pair[0])!.at, this.roles.get(pair[1])!.at];
      return { kind: "pinch", phase: "move", from: this.pinchFrom, to };
    }
    return { kind: "none" };
  }

  /** The pointer lifted (`cancelled`: the browser took it, e.g. for a system gesture). */
  up(id: number, cancelled = false): ArbiterAction {
    const entry = this.roles.get(id);
    this.roles.delete(id);
    if (!entry) return { kind: "none" };
    if (entry.role === "draw") return cancelled ? { kind: "cancelDraw" } : { kind: "draw", phase: "end", id };
    if (entry.role === "pinch") {
      // The finger left on the screen pans no further: lifting one of two ends the pinch.
      for (const other of this.roles.values()) if (other.role === "pinch") other.role = "ignore";
      this.pinchFrom = null;
    }
    return { kind: "none" };
  }

  /** Whether this pointer is the one drawing. */
  isDrawing(id: number): boolean {
    return this.roles.get(id)?.role === "draw";
  }
}
