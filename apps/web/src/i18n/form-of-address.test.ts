/**
 * Each language addresses the user one way in every interface text (du in German, vous in French, …: see
 * sentencesInOtherForm of the contract). A sentence in the other form fails here unless it is listed below, by its
 * exact key and sentence, as one that only looks like it (German "Sie" meaning "they").
 */
import { LANGUAGES, type Language, sentencesInOtherForm } from "@handfont/contract";
import { describe, expect, it } from "vitest";
import { flatten } from "./test-support/translation-keys.ts";

const bundles = import.meta.glob<unknown>("../locales/*/*.json", { eager: true, import: "default" });

/** Sentences that match a word of the other form without addressing anyone, by "namespace:key". */
const NOT_AN_ADDRESS: Partial<Record<Language, Record<string, string[]>>> = {
  de: {
    // "Sie" is the e-mail address, the settings, the contents and the card data: "it" and "they".
    "account:rules.emailFormat": ["Sie sollte wie name@example.com aussehen."],
    "font-settings:hint": ["Sie gelten für die ganze Schrift."],
    "legal-privacy:sections.3.paragraphs.0": [
      "Sie werden nicht verkauft, nicht an Dritte weitergegeben und nicht zum Trainieren von Modellen genutzt.",
    ],
    "legal-privacy:sections.4.paragraphs.1": ["Sie laufen nie über Handfont und werden von Handfont nie gespeichert."],
  },
  // A pangram shown as sample text, not a sentence to the user.
  uk: { "workspace:preview.sample": ["Кумедна ж ти, прощайся без ґольфів!"] },
};

describe("form of address", () => {
  it.each([...LANGUAGES])("%s addresses the user in one form only", (language) => {
    const slips: Record<string, string[]> = {};
    for (const [file, tree] of Object.entries(bundles)) {
      const [, fileLanguage, namespace] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
      if (fileLanguage !== language) continue;
      for (const { path, value } of flatten(tree)) {
        const sentences = sentencesInOtherForm(language, value);
        if (sentences.length > 0) slips[`${namespace}:${path}`] = sentences;
      }
    }
    expect(slips).toEqual(NOT_AN_ADDRESS[language] ?? {});
  });
});
