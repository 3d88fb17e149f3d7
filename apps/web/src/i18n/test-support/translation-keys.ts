/** Helpers of the i18n completeness test: flatten translation trees and find which keys the sources use. */

export type TranslationTree = { [key: string]: unknown };

export interface FlatEntry {
  /** Dotted path; array elements appear as numeric segments (sections.0.title). */
  path: string;
  value: string;
}

export const PLURAL_SUFFIXES = ["zero", "one", "two", "few", "many", "other"] as const;
const PLURAL_SUFFIX = new RegExp(`_(${PLURAL_SUFFIXES.join("|")})$`);

/** Every string leaf of a translation tree with its path. */
export function flatten(tree: unknown, prefix = ""): FlatEntry[] {
  if (typeof tree === "string") return [{ path: prefix, value: tree }];
  if (Array.isArray(tree))
    return tree.flatMap((item, index) => flatten(item, prefix ? `${prefix}.${index}` : `${index}`));
  if (tree && typeof tree === "object") {
    return Object.entries(tree).flatMap(([key, value]) => flatten(value, prefix ? `${prefix}.${key}` : key));
  }
  return [{ path: prefix, value: String(tree) }];
}

/** Splits `values.fonts_few` into its base `values.fonts` and plural category `few`. */
export function splitPlural(path: string): { base: string; category: string | undefined } {
  const match = PLURAL_SUFFIX.exec(path);
  return match ? { base: path.slice(0, match.index), category: match[1] } : { base: path, category: undefined };
}

/**
 * The key a source file must mention for a leaf to count as used: plural suffixes dropped, and for data read
 * with `returnObjects` (arrays) the key of the array itself.
 */
export function usageKey(path: string): string {
  const base = splitPlural(path).base;
  const segments = base.split(".");
  const firstIndex = segments.findIndex((segment) => /^\d+$/.test(segment));
  return firstIndex < 0 ? base : segments.slice(0, firstIndex).join(".");
}

/** Interpolation variables of a string ({{count, number}} → count). */
export function variablesOf(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((match) => match[1] ?? "").sort();
}

export interface SourceUsage {
  /** Namespaces the file declares through useTranslation; "*" when it cannot be told (or none is declared). */
  namespaces: string[] | "*";
  /** String literals of the file. */
  literals: Set<string>;
  /** Keys built at run time, as patterns: `why.${id}.title` → /^why\.[^.]+\.title$/. */
  patterns: RegExp[];
  /** Literal first arguments of t(...) calls, to catch typos. */
  calledKeys: string[];
}

// Each quote kind is scanned on its own, so a "key" inside a template's ${…} is still seen.
const QUOTED = [/"((?:[^"\\\n]|\\.)*)"/g, /'((?:[^'\\\n]|\\.)*)'/g];
const TEMPLATE = /`((?:[^`\\]|\\.)*)`/g;
const KEY_LIKE_TEMPLATE = /^([\w-]+:)?[\w-]+(\.[\w-]+)*\.$/;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function declaredNamespaces(source: string): string[] | "*" {
  const calls = [...source.matchAll(/useTranslation\(([^)]*)\)/g)].map((match) => (match[1] ?? "").trim());
  if (calls.length === 0) return "*";
  const namespaces: string[] = [];
  for (const args of calls) {
    if (args === "") {
      namespaces.push("common");
      continue;
    }
    const items = args
      .replace(/^\[|\]$/g, "")
      .split(",")
      .map((item) => item.trim());
    for (const item of items) {
      const literal = /^"([\w-]+)"$/.exec(item);
      if (!literal?.[1]) return "*"; // a namespace chosen at run time: attribute the file's literals everywhere
      namespaces.push(literal[1]);
    }
  }
  return namespaces;
}

/** What one source file tells about translation keys. */
export function analyseSource(source: string): SourceUsage {
  const literals = new Set<string>();
  const patterns: RegExp[] = [];
  for (const quoted of QUOTED) for (const match of source.matchAll(quoted)) literals.add(match[1] ?? "");
  for (const match of source.matchAll(TEMPLATE)) {
    const text = match[1] ?? "";
    if (!text.includes("${")) {
      literals.add(text);
      continue;
    }
    const prefix = text.slice(0, text.indexOf("${"));
    // Only templates that start like a key path (`plans.${id}`) are keys; `${origin}/x` is not.
    if (!KEY_LIKE_TEMPLATE.test(prefix)) continue;
    const regex = text
      .split(/\$\{[^}]*\}/)
      .map(escapeRegExp)
      .join("[^.]+");
    patterns.push(new RegExp(`^${regex}$`));
  }
  const calledKeys = [...source.matchAll(/\bt\(\s*"([^"]+)"/g)].map((match) => match[1] ?? "");
  return { namespaces: declaredNamespaces(source), literals, patterns, calledKeys };
}

/** Whether a usage key of a namespace is mentioned by a source file. */
export function isUsedBy(usage: SourceUsage, namespace: string, key: string): boolean {
  const prefixed = `${namespace}:${key}`;
  if (usage.literals.has(prefixed) || usage.patterns.some((pattern) => pattern.test(prefixed))) return true;
  if (usage.namespaces !== "*" && !usage.namespaces.includes(namespace)) return false;
  return usage.literals.has(key) || usage.patterns.some((pattern) => pattern.test(key));
}
