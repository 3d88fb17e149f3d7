import { type FontProject, fontProjectFromLetters, type GlyphDocument } from "@handfont/engine/fonts";
import type { BuildProject } from "../ports/engine-ports.ts";

/**
 * The compiler's input of a build: the engine's one path from letters to font bytes (the browser's preview takes the
 * same), with the outlines stored beside the documents so no drawing is outlined again. A plain function, so a build
 * runs the same wherever it is scheduled.
 */
export function projectOfBuild(project: BuildProject): FontProject {
  return fontProjectFromLetters(
    project.letters.map((letter) => ({ ...letter, document: letter.document as GlyphDocument })),
    project.settings,
    { family: project.family, style: project.style, designer: project.designer },
  );
}
