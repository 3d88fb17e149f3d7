// Runs in Chromium (see runInChromium): compiles the page's FontProject to an OTF with the engine's browser entry,
// then loads it with FontFace, as the web app's live preview will.
import { compileFontSync, GlyphCache } from "../index.ts";

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
