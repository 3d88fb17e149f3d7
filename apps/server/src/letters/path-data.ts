import svgpath from "svgpath";
import { DomainError, type DomainErrorCode } from "../services/domain-error.ts";

/** Largest coordinate (in font units) an outline may use: ten ems around the origin is far beyond any letter. */
const MAX_COORDINATE = 10_000;
const MAX_SEGMENTS = 20_000;
export const MAX_PATH_CHARS = 200_000;

type Parsed = ReturnType<typeof svgpath> & { err?: string };

/** Parses path data, throwing PATH_INVALID (or the given code) when it is not valid SVG path syntax. */
export function parsePath(d: string, code: DomainErrorCode = "PATH_INVALID"): Parsed {
  if (d.length > MAX_PATH_CHARS) throw new DomainError(code, { reason: "too long" });
  const parsed = svgpath(d) as Parsed;
  if (parsed.err) throw new DomainError(code, { reason: parsed.err });
  return parsed;
}

/**
 * Normalises an outline to absolute M, L, C, Q and Z commands with coordinates rounded to 1/100 unit, so what is
 * stored and compiled is simple and bounded. Throws PATH_INVALID for bad syntax, huge coordinates or no drawing.
 */
export function normalisePath(path: Parsed | string, code: DomainErrorCode = "PATH_INVALID"): string {
  const parsed = typeof path === "string" ? parsePath(path, code) : path;
  const out: string[] = [];
  let drawing = 0;
  let problem: string | null = null;
  parsed
    .abs()
    .unarc()
    .unshort()
    .iterate((segment, _index, x, y) => {
      const [command, ...numbers] = segment as [string, ...number[]];
      if (numbers.some((n) => !Number.isFinite(n) || Math.abs(n) > MAX_COORDINATE)) problem ??= "coordinate";
      const r = (n: number) => Math.round(n * 100) / 100;
      switch (command) {
        case "H":
          out.push(`L${r(numbers[0]!)} ${r(y)}`);
          drawing++;
          break;
        case "V":
          out.push(`L${r(x)} ${r(numbers[0]!)}`);
          drawing++;
          break;
        case "Z":
        case "z":
          out.push("Z");
          break;
        default:
          out.push(`${command}${numbers.map(r).join(" ")}`);
          if (command !== "M") drawing++;
      }
    });
  if (out.length > MAX_SEGMENTS) problem ??= "too many segments";
  if (problem) throw new DomainError(code, { reason: problem });
  if (drawing === 0) throw new DomainError(code, { reason: "empty" });
  return out.join("");
}
