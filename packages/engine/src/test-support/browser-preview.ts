// Runs in Chromium (see runInChromium): compiles the page's FontProject to an OTF with the engine's browser entry,
// then loads it with FontFace, as the web app's live preview will.
import { compileFontSync, GlyphCache } from "../index.ts";

// The few DOM names used here, declared locally: the engine compiles without the DOM library on purpose.
interface Element {
  style: { font: string };
  textContent: string | null;
  append(child: Element): void;
  getBoundingClientRect(): { width: number };
}
declare const document: {
  createElement(tag: string): Element;
  getElementById(id: string): Element | null;
  body: Element;
  fonts: { add(face: FontFace): void };
};
declare class FontFace {
  constructor(family: string, source: ArrayBuffer);
  status: string;
  load(): Promise<FontFace>;
}

const project = (globalThis as unknown as { INPUT: Parameters<typeof compileFontSync>[0] }).INPUT;
const cache = new GlyphCache();
const font = compileFontSync(project, ["otf"], { cache, timestamp: 0 }).fonts.otf!;
const face = new FontFace("Preview", font.slice().buffer);
face.load().then(
  () => {
    document.fonts.add(face);
    const span = document.createElement("span");
    span.style.font = "100px Preview";
    span.textContent = "abc";
    document.body.append(span);
    document.getElementById("result")!.textContent = JSON.stringify({
      bytes: font.length,
      status: face.status,
      width: span.getBoundingClientRect().width,
    });
  },
  (error: Error) => {
    document.getElementById("result")!.textContent = JSON.stringify({ status: `error ${error.message}` });
  },
);
