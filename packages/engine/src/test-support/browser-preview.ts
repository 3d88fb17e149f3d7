// Runs in Chromium (see runInChromium): compiles the page's FontProject to an OTF with the engine's browser entry,
// then loads it with FontFace, as the web app's live preview will; also compiles and loads a WOFF2 (wasm encoder).
import {
  compileFont,
  compileFontSync,
  DEFAULT_PEN,
  emptyGlyphDocument,
  fontProjectFromLetters,
  GlyphCache,
} from "../fonts.ts";

// The few DOM names used here, declared locally: the engine compiles without the DOM library on purpose.
interface Element {
  style: { font: string };
  textContent: string | null;
  append(child: Element): void;
  getBoundingClientRect(): { width: number };
}
declare const document: {
  createElement(tag: string): Element;
  body: Element;
  fonts: { add(face: FontFace): void };
};
declare const report: (value: unknown) => void;
declare class FontFace {
  constructor(family: string, source: ArrayBuffer);
  status: string;
  load(): Promise<FontFace>;
}

const project = (globalThis as unknown as { INPUT: Parameters<typeof compileFontSync>[0] }).INPUT;
const cache = new GlyphCache();
const font = compileFontSync(project, ["otf"], { cache, timestamp: 0 }).fonts.otf!;
const face = new FontFace("Preview", font.slice().buffer);
Promise.all([face.load(), compileFont(project, { format: "woff2", timestamp: 0 })]).then(
  async ([, woff2]) => {
    document.fonts.add(face);
    const span = document.createElement("span");
    span.style.font = "100px Preview";
    span.textContent = "abc";
    document.body.append(span);
    const web = new FontFace("PreviewWoff2", woff2.bytes.slice().buffer);
    await web.load();
    // A drawn letter through the one path from letters to bytes (pen strokes, union, curve fitting) in the browser.
    const stroke = (id: string, from: [number, number], to: [number, number]) => ({
      id,
      pen: { ...DEFAULT_PEN },
      points: Array.from({ length: 40 }, (_, i) => ({
        x: from[0] + ((to[0] - from[0]) * i) / 39,
        y: from[1] + ((to[1] - from[1]) * i) / 39,
        pressure: 0.5,
        t: i * 8,
      })),
    });
    const drawn = {
      ...emptyGlyphDocument(),
      strokes: [stroke("a", [0, 0], [300, 500]), stroke("b", [300, 500], [600, 0])],
    };
    const letters = fontProjectFromLetters([{ chars: "x", variant: 1, document: drawn }], {}, { family: "Drawn" });
    const drawnFont = compileFontSync(letters, ["otf"], { timestamp: 0 }).fonts.otf!;
    report({
      bytes: font.length,
      drawnBytes: drawnFont.length,
      status: face.status,
      width: span.getBoundingClientRect().width,
      woff2Status: web.status,
    });
  },
  (error: Error) => report({ status: `error ${error.message}` }),
);
