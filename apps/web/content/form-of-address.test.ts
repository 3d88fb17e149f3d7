// @vitest-environment node
/**
 * The instructions and the blog address the reader in the same form as the interface (see sentencesInOtherForm of
 * the contract). A sentence in the other form fails here unless it is listed below, by its file and exact sentence,
 * as one that only looks like it (German "Sie" meaning "they").
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { isLanguage, LANGUAGES, sentencesInOtherForm } from "@handfont/contract";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL(".", import.meta.url));

/** Sentences that match a word of the other form without addressing the reader, by file. */
const NOT_AN_ADDRESS: Record<string, string[]> = {
  // Sie: the pupils, the font; Ihre: the print type's.
  "blog/handwriting-fonts-for-teachers/de.md": [
    "Eine eigene Schrift ist ein wunderbares Projekt für ältere Schülerinnen und Schüler: Sie sehen, wie ihre Handschrift zu etwas „Echtem“ wird, und es führt ganz von selbst zu Fragen über Buchstabenformen, Abstände und darüber, wie Computer Text zeichnen.",
    "Für **lange Lesetexte**, besonders für Leseanfänger und Kinder mit Legasthenie, ist eine klare Druckschrift meist leichter zu lesen: Ihre Buchstaben sind regelmäßiger, ihre Abstände enger und ihre Formen eindeutig.",
    "Sie ist ein gutes Abbild *deiner* Schrift, aber kein Schreibunterricht – Kinder lernen Schreiben weiterhin, indem sie einer Hand zusehen und selbst schreiben.",
  ],
  // Ihre: the corner marks'.
  "blog/how-the-template-reads-itself/de.md": [
    "Ihre Position auf der Seite ist auf Bruchteile eines Millimeters bekannt – sie sind die Bezugspunkte für alles Weitere.",
    "Ihre Mittelpunkte werden danach auf einem entzerrten Ausschnitt noch einmal gemessen, mit Subpixel-Genauigkeit.",
  ],
  // Sie: the original pages.
  "blog/keeping-a-relatives-handwriting/de.md": ["Sie sind mehr wert als jede Schrift."],
  // Ihre: the second template's; Sie: the uploaded images.
  "instructions/faq/de.md": [
    "Ihre Buchstaben erscheinen im Reiter „Buchstaben“ als eigener Satz; speichere sie als Schrift und füge sie mit **Zusammenführen** unter [Meine Schriften](/de/app) deiner Hauptschrift hinzu.",
    "Sie dienen nur dazu, deine Buchstaben zu lesen.",
  ],
};

/** Every Markdown file under instructions/ and blog/, by path relative to this folder. */
const pages = ["instructions", "blog"].flatMap((section) =>
  readdirSync(join(ROOT, section))
    .sort()
    .flatMap((slug) => readdirSync(join(ROOT, section, slug)).map((name) => `${section}/${slug}/${name}`)),
);

describe("form of address in the content", () => {
  it.each([...LANGUAGES])("%s addresses the reader in one form only", (language) => {
    const slips: Record<string, string[]> = {};
    for (const file of pages) {
      const fileLanguage = file.split("/").at(-1)?.replace(/\.md$/, "");
      if (fileLanguage !== language || !isLanguage(fileLanguage)) continue;
      // Code shows what a user types into other programs, not words to the reader.
      const prose = readFileSync(join(ROOT, file), "utf8")
        .replace(/```[\s\S]*?```/g, "")
        .replace(/`[^`\n]*`/g, "");
      const sentences = sentencesInOtherForm(fileLanguage, prose);
      if (sentences.length > 0) slips[file] = sentences;
    }
    const allowed = Object.fromEntries(
      Object.entries(NOT_AN_ADDRESS).filter(([file]) => file.endsWith(`/${language}.md`)),
    );
    expect(slips).toEqual(allowed);
  });
});
