import { describe, expect, it } from "vitest";
import { parseLetterFileName } from "./letter-file-name.ts";
import { normalisePath } from "./path-data.ts";
import { outlineToSvg, svgToOutline } from "./svg-letter.ts";

const svg = (body: string, attributes = 'viewBox="0 0 100 100"') =>
  new TextEncoder().encode(`<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" ${attributes}>${body}</svg>`);
const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return "no error";
};

describe("letter SVGs", () => {
  it("places the SVG box on the em: top at the ascender, bottom at the descender, y up", () => {
    const d = svgToOutline(svg('<path d="M0 0H50V100H0Z"/>'));
    expect(d).toBe("M0 800L500 800L500 -200L0 -200Z");
  });

  it("applies group and shape transforms and converts basic shapes to outlines", () => {
    const d = svgToOutline(svg('<g transform="translate(10 0)"><rect x="0" y="20" width="10" height="10"/></g>'));
    expect(d).toBe("M100 600L200 600L200 500L100 500Z");
    const circle = svgToOutline(svg('<circle cx="50" cy="50" r="10"/>'));
    expect(circle).toMatch(/^M400 300C/);
  });

  it("skips editor metadata but keeps the drawing", () => {
    const inkscape = svg(
      '<metadata><rdf:RDF xmlns:rdf="x"><cc:Work xmlns:cc="y"/></rdf:RDF></metadata><sodipodi:namedview xmlns:sodipodi="z"/><title>A</title><path d="M0 0L10 0L10 10Z" fill="#000"/>',
    );
    expect(svgToOutline(inkscape)).toMatch(/^M0 800/);
  });

  it("refuses scripts, foreign content, links, entities and event handlers", () => {
    expect(code(() => svgToOutline(svg('<script>alert(1)</script><path d="M0 0L1 1L0 1Z"/>')))).toBe("SVG_UNSAFE");
    expect(code(() => svgToOutline(svg('<foreignObject><div/></foreignObject><path d="M0 0L1 1Z"/>')))).toBe(
      "SVG_UNSAFE",
    );
    expect(code(() => svgToOutline(svg('<path d="M0 0L1 1L0 1Z" onclick="x()"/>')))).toBe("SVG_UNSAFE");
    expect(code(() => svgToOutline(svg('<use href="other.svg#a"/>')))).toBe("SVG_UNSAFE");
    expect(code(() => svgToOutline(svg('<path d="M0 0L1 1L0 1Z" fill="url(http://x/y)"/>')))).toBe("SVG_UNSAFE");
    expect(code(() => svgToOutline(svg('<image href="http://example.com/x.png"/>')))).toBe("SVG_UNSAFE");
    expect(code(() => svgToOutline(svg("<style>@import url(x)</style>")))).toBe("SVG_UNSAFE");
    const entity = new TextEncoder().encode(
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg viewBox="0 0 1 1">&x;</svg>',
    );
    expect(code(() => svgToOutline(entity))).toBe("SVG_UNSAFE");
  });

  it("refuses malformed, empty, oversize and deeply nested files", () => {
    expect(code(() => svgToOutline(new TextEncoder().encode("<svg><path></svg>")))).toBe("SVG_MALFORMED");
    expect(code(() => svgToOutline(new Uint8Array([0xff, 0xfe, 0x00])))).toBe("SVG_MALFORMED");
    expect(code(() => svgToOutline(svg('<path d="M0 0H50V100H0Z"/>', "")))).toBe("SVG_MALFORMED");
    expect(code(() => svgToOutline(svg("<g/>")))).toBe("SVG_NOT_OUTLINE");
    expect(code(() => svgToOutline(svg('<path d="M0 0L10 10" fill="none" stroke="#000"/>')))).toBe("SVG_NOT_OUTLINE");
    expect(code(() => svgToOutline(new Uint8Array(300 * 1024)))).toBe("SVG_TOO_LARGE");
    const deep = `${"<g>".repeat(40)}<path d="M0 0L1 1L0 1Z"/>${"</g>".repeat(40)}`;
    expect(code(() => svgToOutline(svg(deep)))).toBe("SVG_TOO_LARGE");
    expect(code(() => svgToOutline(svg('<path d="M0 0L1e9 0L0 1Z"/>')))).toBe("SVG_TOO_LARGE");
  });

  it("draws a stored outline back as an SVG document, y down", () => {
    const document = outlineToSvg("M0 0L100 0L100 700Z", 500);
    expect(document).toContain('viewBox="0 0 500 1000"');
    expect(normalisePath(/ d="([^"]+)"/.exec(document)![1]!)).toBe("M0 800L100 800L100 100Z");
  });
});

describe("path data", () => {
  it("normalises relative, arc and shorthand commands to absolute M L C Q Z", () => {
    const d = normalisePath("m10 10 h 10 v 10 s 5 5 10 0 a 5 5 0 0 1 10 0 z");
    expect(d).toMatch(/^M10 10L20 10L20 20C/);
    expect(d).not.toMatch(/[hvsSaA]/);
  });

  it("refuses bad syntax, empty outlines and absurd coordinates", () => {
    expect(code(() => normalisePath("M0 0 L x"))).toBe("PATH_INVALID");
    expect(code(() => normalisePath("M0 0"))).toBe("PATH_INVALID");
    expect(code(() => normalisePath("L1 1"))).toBe("PATH_INVALID");
    expect(code(() => normalisePath("M0 0L99999 0Z"))).toBe("PATH_INVALID");
  });
});

describe("letter file names", () => {
  it("reads characters, code points, ligatures and variants", () => {
    expect(parseLetterFileName("A.svg")).toEqual({ chars: "A", variant: 1 });
    expect(parseLetterFileName("a.2.svg")).toEqual({ chars: "a", variant: 2 });
    expect(parseLetterFileName("U+0416.svg")).toEqual({ chars: "Ж", variant: 1 });
    expect(parseLetterFileName("uni0066_0066.3.SVG")).toEqual({ chars: "ff", variant: 3 });
    expect(parseLetterFileName("th.svg")).toEqual({ chars: "th", variant: 1 });
  });

  it("refuses names that are not a letter file", () => {
    for (const name of ["A.png", "a.99.svg", "a b.svg", ".svg", "toolongname.svg", "U+D800.svg"]) {
      expect(
        code(() => parseLetterFileName(name)),
        name,
      ).toBe("LETTER_NAME_INVALID");
    }
  });
});
