import {
  type Outline,
  OutlineError,
  outlineToSvgPath,
  parseSvgTransform,
  transformOutline,
} from "@handfont/engine/fonts";
import { SaxesParser } from "saxes";
import { DomainError } from "../services/domain-error.ts";
import { normalisePath, parsePath } from "./path-data.ts";

export const MAX_SVG_BYTES = 256 * 1024;
const MAX_DEPTH = 32;
const MAX_ELEMENTS = 5000;
/** Font units from the top of an SVG letter's box to the baseline: the box spans ascender 800 to descender -200. */
const ASCENDER = 800;

// Elements whose geometry becomes the outline; groups only carry transforms.
const SHAPES = new Set(["path", "rect", "circle", "ellipse", "polygon"]);
const CONTAINERS = new Set(["svg", "g"]);
// Editor metadata (Inkscape, Illustrator, RDF) is skipped with everything inside it: it is never drawn.
const SKIPPED = new Set(["title", "desc", "metadata"]);
const SKIPPED_PREFIXES = ["sodipodi:", "inkscape:", "rdf:", "cc:", "dc:", "i:", "x:"];

type Frame = { transform: string; skipping: boolean };

/**
 * Turns an uploaded letter SVG into path data in font units (y up). Only plain outlines pass: scripts, styles,
 * foreign content, links, external references, entities and event attributes are refused (SVG_UNSAFE), as are
 * oversize or deeply nested files (SVG_TOO_LARGE). The SVG's box (viewBox, else width and height) spans one em,
 * its top at the ascender (800 units) and its bottom at the descender (-200).
 */
export function svgToOutline(bytes: Uint8Array): string {
  if (bytes.byteLength > MAX_SVG_BYTES) throw new DomainError("SVG_TOO_LARGE");
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new DomainError("SVG_MALFORMED", { reason: "not UTF-8" });
  }
  if (/<!(DOCTYPE|ENTITY)/i.test(text)) throw new DomainError("SVG_UNSAFE", { reason: "DOCTYPE or entity" });

  const parser = new SaxesParser({ xmlns: false });
  const stack: Frame[] = [];
  const pieces: Outline = [];
  let box: { minX: number; minY: number; width: number; height: number } | null = null;
  let elements = 0;
  let unsafe: string | null = null;

  parser.on("doctype", () => {
    unsafe ??= "DOCTYPE";
  });
  parser.on("processinginstruction", () => {
    unsafe ??= "processing instruction";
  });
  parser.on("opentag", (node) => {
    const name = node.name;
    const attributes = node.attributes as Record<string, string>;
    const parent = stack.at(-1);
    elements++;
    if (stack.length >= MAX_DEPTH || elements > MAX_ELEMENTS) throw new DomainError("SVG_TOO_LARGE");
    if (parent?.skipping || SKIPPED.has(name) || SKIPPED_PREFIXES.some((p) => name.startsWith(p))) {
      stack.push({ transform: "", skipping: true });
      return;
    }
    if (stack.length === 0 && name !== "svg") throw new DomainError("SVG_NOT_OUTLINE");
    if (!CONTAINERS.has(name) && !SHAPES.has(name)) {
      unsafe ??= `element <${name}>`;
      stack.push({ transform: "", skipping: true });
      return;
    }
    for (const [key, value] of Object.entries(attributes)) {
      const lower = key.toLowerCase();
      if (lower.startsWith("on")) unsafe ??= `event attribute ${key}`;
      if (lower === "href" || lower.endsWith(":href")) unsafe ??= `reference ${key}`;
      if (/url\s*\(|javascript:|@import|expression\s*\(/i.test(value)) unsafe ??= `reference in ${key}`;
    }
    if (name === "svg" && stack.length === 0) box = readBox(attributes);
    const transform = `${parent?.transform ?? ""} ${attributes.transform ?? ""}`.trim();
    stack.push({ transform, skipping: false });
    const hidden = attributes.fill === "none" || attributes.display === "none" || attributes.visibility === "hidden";
    if (SHAPES.has(name) && !hidden) {
      const d = shapeToPath(name, attributes);
      if (d) pieces.push(...placeShape(parsePath(d, "SVG_MALFORMED"), transform));
    }
  });
  parser.on("closetag", () => {
    stack.pop();
  });
  parser.on("error", (error) => {
    throw new DomainError("SVG_MALFORMED", { reason: error.message.split("\n")[0] });
  });
  parser.write(text).close();

  if (unsafe) throw new DomainError("SVG_UNSAFE", { reason: unsafe });
  if (!box) throw new DomainError("SVG_MALFORMED", { reason: "no size: give a viewBox or width and height" });
  if (pieces.length === 0) throw new DomainError("SVG_NOT_OUTLINE");
  const { minX, minY, height } = box as { minX: number; minY: number; width: number; height: number };
  const scale = 1000 / height;
  // SVG y grows downward; font units grow upward from the baseline.
  const placed = transformOutline(pieces, scale, 0, 0, -scale, -minX * scale, minY * scale + ASCENDER);
  try {
    return normalisePath(placed, "SVG_NOT_OUTLINE");
  } catch (error) {
    if (error instanceof DomainError && error.extra.reason !== "empty") {
      throw new DomainError("SVG_TOO_LARGE", error.extra);
    }
    throw error;
  }
}

/** A shape's outline with the transforms of its element and its groups applied (SVG_MALFORMED when unreadable). */
function placeShape(outline: Outline, transform: string): Outline {
  if (!transform) return outline;
  try {
    return transformOutline(outline, ...parseSvgTransform(transform));
  } catch (error) {
    if (error instanceof OutlineError) throw new DomainError("SVG_MALFORMED", { reason: error.message });
    throw error;
  }
}

function readBox(attributes: Record<string, string>) {
  const numbers = (attributes.viewBox ?? "")
    .trim()
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number);
  if (numbers.length === 4 && numbers.every(Number.isFinite) && numbers[2]! > 0 && numbers[3]! > 0) {
    return { minX: numbers[0]!, minY: numbers[1]!, width: numbers[2]!, height: numbers[3]! };
  }
  const width = Number.parseFloat(attributes.width ?? "");
  const height = Number.parseFloat(attributes.height ?? "");
  if (width > 0 && height > 0) return { minX: 0, minY: 0, width, height };
  return null;
}

function shapeToPath(name: string, a: Record<string, string>): string | null {
  const n = (key: string) => {
    const value = Number.parseFloat(a[key] ?? "0");
    return Number.isFinite(value) ? value : 0;
  };
  switch (name) {
    case "path":
      return a.d?.trim() ? a.d : null;
    case "rect": {
      const [x, y, w, h] = [n("x"), n("y"), n("width"), n("height")];
      return w > 0 && h > 0 ? `M${x} ${y}H${x + w}V${y + h}H${x}Z` : null;
    }
    case "circle":
    case "ellipse": {
      const rx = name === "circle" ? n("r") : n("rx");
      const ry = name === "circle" ? n("r") : n("ry");
      const [cx, cy] = [n("cx"), n("cy")];
      if (!(rx > 0 && ry > 0)) return null;
      return `M${cx - rx} ${cy}A${rx} ${ry} 0 1 0 ${cx + rx} ${cy}A${rx} ${ry} 0 1 0 ${cx - rx} ${cy}Z`;
    }
    case "polygon": {
      const points = (a.points ?? "")
        .trim()
        .split(/[\s,]+/)
        .filter(Boolean)
        .map(Number);
      if (points.length < 6 || points.some((p) => !Number.isFinite(p))) return null;
      const pairs: string[] = [];
      for (let i = 0; i + 1 < points.length; i += 2) pairs.push(`${points[i]} ${points[i + 1]}`);
      return `M${pairs.join("L")}Z`;
    }
    default:
      return null;
  }
}

/** Builds a standalone SVG document (y down) showing an outline given in font units, for `GET /getSvgById`. */
export function outlineToSvg(path: string, advance: number): string {
  const flipped = outlineToSvgPath(transformOutline(parsePath(path), 1, 0, 0, -1, 0, ASCENDER));
  const width = Math.max(1, Math.round(advance));
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} 1000" width="${width}" height="1000"><path d="${flipped}" fill="currentColor"/></svg>`;
}
