/** One section of a legal page as stored in its namespace: a heading, paragraphs and an optional list. */
export interface LegalSection {
  id: string;
  title: string;
  paragraphs: string[];
  items: string[];
}

/** The date the legal texts were last changed; shown on every legal page. Update it with the texts. */
export const LEGAL_TEXTS_UPDATED = new Date(Date.UTC(2026, 10, 24));

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}

/**
 * Checks the shape of the `sections` array of a legal namespace. The texts are data, so a translation that
 * breaks the shape is reported here (and by the i18n completeness test) instead of rendering half a page.
 */
export function parseLegalSections(value: unknown): LegalSection[] {
  if (!Array.isArray(value)) throw new Error("Legal texts: `sections` must be an array");
  return value.map((raw, index) => {
    const section = raw as Record<string, unknown>;
    const paragraphs = section.paragraphs ?? [];
    const items = section.items ?? [];
    if (typeof section.id !== "string" || typeof section.title !== "string") {
      throw new Error(`Legal texts: section ${index} needs an id and a title`);
    }
    if (!isStringArray(paragraphs) || !isStringArray(items)) {
      throw new Error(`Legal texts: section "${section.id}" has paragraphs or items that are not strings`);
    }
    return { id: section.id, title: section.title, paragraphs, items };
  });
}
