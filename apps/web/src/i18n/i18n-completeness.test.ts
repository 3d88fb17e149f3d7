/**
 * Every namespace under src/locales/{lang}/ must exist in all seven languages with the same keys, the plural
 * forms each language needs, the same interpolation variables and real translations; and every key must be used.
 *
 * How "used" is decided, so new features can follow it:
 * - a source file that calls useTranslation("ns") (or ["a", "b"]) uses the keys of those namespaces whose names
 *   appear in it as string literals ("hero.title"); a literal "ns:key" works from any file;
 * - a file with no literal namespace (none declared, or chosen at run time) counts for every namespace;
 * - keys built at run time must start with a literal key path: t(`plans.${id}.title`) covers plans.<any>.title;
 * - plural keys (x_one, x_few, …) are used through their base x; arrays read with returnObjects through the
 *   array's key (sections).
 */
import { LANGUAGES } from "@handfont/contract";
import { describe, expect, it } from "vitest";
import {
  analyseSource,
  flatten,
  isUsedBy,
  splitPlural,
  type TranslationTree,
  usageKey,
  variablesOf,
} from "./test-support/translation-keys.ts";

const bundles = import.meta.glob<TranslationTree>("../locales/*/*.json", { eager: true, import: "default" });
const sources = import.meta.glob<string>(["../**/*.{ts,tsx}", "!../**/*.test.{ts,tsx}", "!../**/test-support/**"], {
  eager: true,
  query: "?raw",
  import: "default",
});

const byLanguage = new Map<string, Map<string, TranslationTree>>();
for (const [file, tree] of Object.entries(bundles)) {
  const [, language = "", namespace = ""] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
  if (!byLanguage.has(language)) byLanguage.set(language, new Map());
  byLanguage.get(language)?.set(namespace, tree);
}
const reference = byLanguage.get("en") ?? new Map<string, TranslationTree>();
const namespaces = [...reference.keys()].sort();
const usages = Object.entries(sources).map(([file, text]) => ({ file, usage: analyseSource(text) }));

/**
 * Texts of three words or more that may equal the English one (single words such as "Tablet" or "Premium" are
 * shared by many languages and are not checked).
 */
const SAME_AS_ENGLISH_ALLOWED = new Set<string>(["common:footer.copyright"]);

/** Words of prose, not counting {{placeholders}}, numbers or symbols. */
function wordCount(text: string): number {
  return text
    .replace(/\{\{[^}]*\}\}/g, " ")
    .split(/\s+/)
    .filter((word) => /\p{L}{2,}/u.test(word)).length;
}

function structure(tree: TranslationTree): Map<string, string> {
  return new Map(flatten(tree).map((entry) => [entry.path, entry.value]));
}

describe("translations", () => {
  it("exist for exactly the seven languages, each with the namespaces of English", () => {
    expect([...byLanguage.keys()].sort()).toEqual([...LANGUAGES].sort());
    expect(namespaces.length).toBeGreaterThan(0);
    for (const language of LANGUAGES) {
      expect([...(byLanguage.get(language)?.keys() ?? [])].sort(), language).toEqual(namespaces);
    }
  });

  for (const namespace of namespaces) {
    describe(namespace, () => {
      const english = structure(reference.get(namespace) ?? {});

      it.each([...LANGUAGES])("%s has the same keys, plural forms and variables as English", (language) => {
        const leaves = structure(byLanguage.get(language)?.get(namespace) ?? {});
        const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
        const problems: string[] = [];
        const expectedPaths = new Set<string>();
        for (const path of english.keys()) {
          const { base, category } = splitPlural(path);
          if (category === undefined) expectedPaths.add(path);
          else for (const needed of categories) expectedPaths.add(`${base}_${needed}`);
        }
        for (const path of expectedPaths) if (!leaves.has(path)) problems.push(`missing ${path}`);
        for (const path of leaves.keys()) if (!expectedPaths.has(path)) problems.push(`unexpected ${path}`);
        for (const [path, value] of leaves) {
          if (value.trim() === "") problems.push(`empty ${path}`);
          const englishValue = english.get(path) ?? english.get(`${splitPlural(path).base}_other`);
          if (englishValue === undefined) continue;
          const variables = new Set(variablesOf(englishValue));
          if (splitPlural(path).category) variables.add("count");
          const own = new Set(variablesOf(value));
          for (const variable of variables) {
            if (!own.has(variable) && !(variable === "count" && splitPlural(path).category)) {
              problems.push(`${path} lacks {{${variable}}}`);
            }
          }
          for (const variable of own)
            if (!variables.has(variable)) problems.push(`${path} has unknown {{${variable}}}`);
          if (path.endsWith(".id")) {
            // Section ids are URL anchors: equal in every language, so a language switch keeps #target.
            if (value !== englishValue) problems.push(`${path} differs from the English id`);
          } else if (
            language !== "en" &&
            value === englishValue &&
            wordCount(value) >= 3 &&
            !SAME_AS_ENGLISH_ALLOWED.has(`${namespace}:${path}`)
          ) {
            problems.push(`${path} is an English copy`);
          }
        }
        expect(problems).toEqual([]);
      });

      it("uses every key somewhere in the sources", () => {
        const unused = [...new Set([...english.keys()].map(usageKey))].filter(
          (key) => !usages.some(({ usage }) => isUsedBy(usage, namespace, key)),
        );
        expect(unused).toEqual([]);
      });
    });
  }

  it('has every key that a t("…") call names', () => {
    const known = new Map(
      namespaces.map((ns) => [ns, new Set([...structure(reference.get(ns) ?? {}).keys()].map(usageKey))]),
    );
    const missing: string[] = [];
    for (const { file, usage } of usages) {
      for (const key of usage.calledKeys) {
        const [namespace, plain] = key.includes(":") ? key.split(":", 2) : [undefined, key];
        const candidates = namespace ? [namespace] : usage.namespaces === "*" ? namespaces : usage.namespaces;
        if (!candidates.some((ns) => known.get(ns)?.has(plain ?? ""))) missing.push(`${file}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
