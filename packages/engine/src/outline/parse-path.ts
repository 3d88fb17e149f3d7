import { quadraticToCubic } from "./bezier.ts";
import type { Contour, Outline, Point, Segment } from "./types.ts";

/** Thrown when SVG path data cannot be read; `code` is stable. */
export class OutlineError extends Error {
  readonly code: "OUTLINE_PATH_INVALID";
  constructor(message: string) {
    super(message);
    this.name = "OutlineError";
    this.code = "OUTLINE_PATH_INVALID";
  }
}

const commandArgs: Record<string, number> = { M: 2, L: 2, H: 1, V: 1, C: 6, S: 4, Q: 4, T: 2, A: 7, Z: 0 };
const commandCodes = new Set([..."MLHVCSQTAZmlhvcsqtaz"].map((c) => c.charCodeAt(0)));
const isCommand = (code: number) => commandCodes.has(code);

/** Reads path data in place, a command letter or a number at a time (paths of a font add up to megabytes). */
class PathScanner {
  private i = 0;
  private readonly d: string;
  constructor(d: string) {
    this.d = d;
    this.skip();
  }

  private skip(): void {
    let code = this.d.charCodeAt(this.i);
    while (code === 32 || code === 44 || code === 9 || code === 10 || code === 13) code = this.d.charCodeAt(++this.i);
  }

  atEnd(): boolean {
    return this.i >= this.d.length;
  }

  /** The command letter at the cursor (consumed), or null when a number or the end comes next. */
  command(): string | null {
    if (!isCommand(this.d.charCodeAt(this.i))) return null;
    const letter = this.d[this.i++]!;
    this.skip();
    return letter;
  }

  /** The number at the cursor (consumed), or null when something else comes next. */
  number(): number | null {
    const d = this.d;
    const start = this.i;
    let i = start;
    let c = d.charCodeAt(i);
    const negative = c === 45;
    if (c === 43 || c === 45) c = d.charCodeAt(++i);
    let digits = 0;
    let value = 0;
    while (c >= 48 && c <= 57) {
      value = value * 10 + (c - 48);
      digits++;
      c = d.charCodeAt(++i);
    }
    if (c === 46) {
      let scale = 0.1;
      c = d.charCodeAt(++i);
      while (c >= 48 && c <= 57) {
        value += (c - 48) * scale;
        scale /= 10;
        digits++;
        c = d.charCodeAt(++i);
      }
    }
    if (digits === 0) return null;
    if (c === 101 || c === 69) {
      // Exponents are rare: let Number() read the whole literal.
      let j = i + 1;
      if (d.charCodeAt(j) === 43 || d.charCodeAt(j) === 45) j++;
      const expStart = j;
      while (d.charCodeAt(j) >= 48 && d.charCodeAt(j) <= 57) j++;
      if (j > expStart) {
        this.i = j;
        this.skip();
        return Number(d.slice(start, j));
      }
    }
    this.i = i;
    this.skip();
    return negative ? -value : value;
  }

  /** A short excerpt at the cursor, for error messages. */
  here(): string {
    return `"${this.d.slice(this.i, this.i + 10)}" at ${this.i}`;
  }
}

/** Converts one SVG elliptical arc to cubic segments (SVG implementation notes, appendix F.6). */
function arcToCubics(from: Point, args: number[]): Segment[] {
  const [rxIn = 0, ryIn = 0, rotation = 0, largeArc = 0, sweep = 0, x = 0, y = 0] = args;
  if ((from.x === x && from.y === y) || rxIn === 0 || ryIn === 0) return [{ type: "L", x, y }];
  const phi = (rotation * Math.PI) / 180;
  const cos = Math.cos(phi);
  const sin = Math.sin(phi);
  const dx = (from.x - x) / 2;
  const dy = (from.y - y) / 2;
  const x1p = cos * dx + sin * dy;
  const y1p = -sin * dx + cos * dy;
  let rx = Math.abs(rxIn);
  let ry = Math.abs(ryIn);
  const lambda = (x1p * x1p) / (rx * rx) + (y1p * y1p) / (ry * ry);
  if (lambda > 1) {
    rx *= Math.sqrt(lambda);
    ry *= Math.sqrt(lambda);
  }
  const num = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p;
  const den = rx * rx * y1p * y1p + ry * ry * x1p * x1p;
  const factor = (largeArc !== sweep ? 1 : -1) * Math.sqrt(Math.max(0, num / den));
  const cxp = (factor * rx * y1p) / ry;
  const cyp = (-factor * ry * x1p) / rx;
  const cx = cos * cxp - sin * cyp + (from.x + x) / 2;
  const cy = sin * cxp + cos * cyp + (from.y + y) / 2;
  const angle = (ux: number, uy: number, vx: number, vy: number) => Math.atan2(ux * vy - uy * vx, ux * vx + uy * vy);
  const theta1 = angle(1, 0, (x1p - cxp) / rx, (y1p - cyp) / ry);
  let delta = angle((x1p - cxp) / rx, (y1p - cyp) / ry, (-x1p - cxp) / rx, (-y1p - cyp) / ry);
  if (!sweep && delta > 0) delta -= 2 * Math.PI;
  if (sweep && delta < 0) delta += 2 * Math.PI;
  const parts = Math.ceil(Math.abs(delta) / (Math.PI / 2));
  const step = delta / parts;
  const k = (4 / 3) * Math.tan(step / 4);
  const point = (t: number) => ({
    x: cx + rx * Math.cos(t) * cos - ry * Math.sin(t) * sin,
    y: cy + rx * Math.cos(t) * sin + ry * Math.sin(t) * cos,
  });
  const derivative = (t: number) => ({
    x: -rx * Math.sin(t) * cos - ry * Math.cos(t) * sin,
    y: -rx * Math.sin(t) * sin + ry * Math.cos(t) * cos,
  });
  const segments: Segment[] = [];
  for (let i = 0; i < parts; i++) {
    const t0 = theta1 + i * step;
    const t1 = t0 + step;
    const p0 = point(t0);
    const p1 = i === parts - 1 ? { x, y } : point(t1);
    const d0 = derivative(t0);
    const d1 = derivative(t1);
    segments.push({
      type: "C",
      x1: p0.x + k * d0.x,
      y1: p0.y + k * d0.y,
      x2: p1.x - k * d1.x,
      y2: p1.y - k * d1.y,
      x: p1.x,
      y: p1.y,
    });
  }
  return segments;
}

/**
 * Reads SVG path data (all commands, absolute and relative) into closed contours of lines and cubics.
 * Every subpath is closed, because a glyph outline has no open strokes.
 */
export function parseSvgPath(d: string): Outline {
  const scan = new PathScanner(d);
  const outline: Outline = [];
  let contour: Contour | null = null;
  let current: Point = { x: 0, y: 0 };
  let lastControl: Point | null = null;
  let lastQuadControl: Point | null = null;
  let command = "";
  const args: number[] = [];
  const finish = () => {
    if (contour && contour.segments.length > 0) outline.push(contour);
    contour = null;
  };
  const push = (segment: Segment) => {
    if (!contour) contour = { start: { ...current }, segments: [] };
    contour.segments.push(segment);
    current = { x: segment.x, y: segment.y };
  };
  while (!scan.atEnd()) {
    const letter = scan.command();
    if (letter !== null) command = letter;
    else if (command === "" || command === "Z" || command === "z") {
      throw new OutlineError(`path data must start with a command, not ${scan.here()}`);
    }
    const upper = command.toUpperCase();
    const relative = command !== upper;
    const count = commandArgs[upper] ?? 0;
    args.length = 0;
    for (let k = 0; k < count; k++) {
      const value = scan.number();
      if (value === null) throw new OutlineError(`command ${command} expects ${count} numbers; found ${scan.here()}`);
      args.push(value);
    }
    if (count === 0 && letter === null) throw new OutlineError(`unexpected ${scan.here()} in path data`);
    const ox = relative ? current.x : 0;
    const oy = relative ? current.y : 0;
    let control: Point | null = null;
    let quadControl: Point | null = null;
    switch (upper) {
      case "M":
        finish();
        current = { x: args[0]! + ox, y: args[1]! + oy };
        contour = { start: { ...current }, segments: [] };
        command = relative ? "l" : "L";
        break;
      case "Z": {
        const start: Point = (contour as Contour | null)?.start ?? current;
        finish();
        current = { ...start };
        break;
      }
      case "L":
        push({ type: "L", x: args[0]! + ox, y: args[1]! + oy });
        break;
      case "H":
        push({ type: "L", x: args[0]! + ox, y: current.y });
        break;
      case "V":
        push({ type: "L", x: current.x, y: args[0]! + oy });
        break;
      case "C":
        control = { x: args[2]! + ox, y: args[3]! + oy };
        push({
          type: "C",
          x1: args[0]! + ox,
          y1: args[1]! + oy,
          x2: control.x,
          y2: control.y,
          x: args[4]! + ox,
          y: args[5]! + oy,
        });
        break;
      case "S": {
        const reflected = lastControl
          ? { x: 2 * current.x - lastControl.x, y: 2 * current.y - lastControl.y }
          : current;
        control = { x: args[0]! + ox, y: args[1]! + oy };
        push({
          type: "C",
          x1: reflected.x,
          y1: reflected.y,
          x2: control.x,
          y2: control.y,
          x: args[2]! + ox,
          y: args[3]! + oy,
        });
        break;
      }
      case "Q":
      case "T": {
        quadControl =
          upper === "Q"
            ? { x: args[0]! + ox, y: args[1]! + oy }
            : lastQuadControl
              ? { x: 2 * current.x - lastQuadControl.x, y: 2 * current.y - lastQuadControl.y }
              : { ...current };
        const end = upper === "Q" ? { x: args[2]! + ox, y: args[3]! + oy } : { x: args[0]! + ox, y: args[1]! + oy };
        const [x1, x2] = quadraticToCubic(current.x, quadControl.x, end.x);
        const [y1, y2] = quadraticToCubic(current.y, quadControl.y, end.y);
        push({ type: "C", x1, y1, x2, y2, x: end.x, y: end.y });
        break;
      }
      case "A":
        for (const segment of arcToCubics(current, [...args.slice(0, 5), args[5]! + ox, args[6]! + oy])) push(segment);
        break;
      default:
        throw new OutlineError(`unknown path command ${command}`);
    }
    lastControl = control;
    lastQuadControl = quadControl;
  }
  finish();
  return outline.map(dropClosingDuplicate);
}

function dropClosingDuplicate(contour: Contour): Contour {
  const segments = contour.segments.filter((segment, index, all) => {
    const previous = index === 0 ? contour.start : all[index - 1]!;
    return !(segment.type === "L" && segment.x === previous.x && segment.y === previous.y);
  });
  const last = segments.at(-1);
  if (last?.type === "L" && last.x === contour.start.x && last.y === contour.start.y) segments.pop();
  return { start: contour.start, segments };
}
