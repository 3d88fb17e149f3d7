import { LANGUAGES, type Language, REGIONAL_CODES } from "@handfont/contract";
import { switchLanguagePath } from "./language-path.ts";

export const SITE_NAME = "Handfont";

/**
 * Prerendered HTML is built before anyone knows where the site will be served: absolute URLs (canonical,
 * alternates, Open Graph, sitemap, feeds) carry this placeholder, which the server replaces with PUBLIC_URL.
 */
export const ORIGIN_PLACEHOLDER = "https://public-origin.handfont.invalid";

/** What a page says about itself to browsers, search engines and link previews. */
export interface PageMeta {
  title: string;
  description: string;
  /** Languages the page exists in (alternates link only these); all seven by default. */
  languages?: readonly Language[];
  type?: "website" | "article";
  /** Path of the preview image; the site's default image otherwise. */
  image?: string;
  /** Structured data (schema.org objects), each written as one JSON-LD script. */
  jsonLd?: readonly object[];
  /** Path of an RSS feed that belongs to the page. */
  feed?: string;
  /** Pages that must stay out of search results (error pages). */
  noindex?: boolean;
}

export interface HeadTag {
  tag: "title" | "meta" | "link" | "script";
  attributes: Record<string, string>;
  text?: string;
}

/** The `<head>` tags of a page: the same list for the prerendered HTML and the browser. */
export function headTags(meta: PageMeta, place: { origin: string; pathname: string; language: Language }): HeadTag[] {
  const { origin, language } = place;
  const pathname = place.pathname.length > 1 ? place.pathname.replace(/\/+$/, "") : place.pathname;
  const fullTitle = `${meta.title} — ${SITE_NAME}`;
  const url = `${origin}${pathname}`;
  const tags: HeadTag[] = [
    { tag: "title", attributes: {}, text: fullTitle },
    { tag: "meta", attributes: { name: "description", content: meta.description } },
    { tag: "meta", attributes: { property: "og:type", content: meta.type ?? "website" } },
    { tag: "meta", attributes: { property: "og:title", content: fullTitle } },
    { tag: "meta", attributes: { property: "og:description", content: meta.description } },
    { tag: "meta", attributes: { property: "og:locale", content: REGIONAL_CODES[language].replace("-", "_") } },
    { tag: "meta", attributes: { property: "og:url", content: url } },
    { tag: "meta", attributes: { property: "og:image", content: `${origin}${meta.image ?? "/og-image.png"}` } },
    { tag: "meta", attributes: { name: "twitter:card", content: "summary_large_image" } },
  ];
  if (meta.noindex) {
    tags.push({ tag: "meta", attributes: { name: "robots", content: "noindex" } });
    return tags;
  }
  tags.push({ tag: "link", attributes: { rel: "canonical", href: url } });
  // Google: every version lists itself and all the others, plus x-default (the English one when it exists).
  const languages = LANGUAGES.filter((code) => (meta.languages ?? LANGUAGES).includes(code));
  const hrefOf = (code: Language) => `${origin}${switchLanguagePath({ pathname, search: "", hash: "" }, code)}`;
  for (const code of languages) {
    tags.push({ tag: "link", attributes: { rel: "alternate", hreflang: code, href: hrefOf(code) } });
  }
  const fallback = languages.includes("en") ? "en" : languages[0];
  if (fallback)
    tags.push({ tag: "link", attributes: { rel: "alternate", hreflang: "x-default", href: hrefOf(fallback) } });
  if (meta.feed) {
    tags.push({
      tag: "link",
      attributes: { rel: "alternate", type: "application/rss+xml", title: SITE_NAME, href: `${origin}${meta.feed}` },
    });
  }
  for (const data of meta.jsonLd ?? []) {
    tags.push({ tag: "script", attributes: { type: "application/ld+json" }, text: JSON.stringify(data) });
  }
  return tags;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeText = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Marks the tags this module manages, so the browser can replace them on the next page. */
export const MANAGED_ATTRIBUTE = "data-page-meta";

/** HTML of the tags, for the prerendered page. */
export function renderHeadTags(tags: readonly HeadTag[]): string {
  return tags
    .map(({ tag, attributes, text }) => {
      const attrs = Object.entries({ ...attributes, ...(tag === "title" ? {} : { [MANAGED_ATTRIBUTE]: "" }) })
        .map(([name, value]) => (value === "" ? ` ${name}` : ` ${name}="${escapeAttribute(value)}"`))
        .join("");
      if (tag === "meta" || tag === "link") return `<${tag}${attrs}>`;
      // JSON-LD: "<" inside a script would end it early; \u003c is the same character to JSON.
      const body = tag === "script" ? (text ?? "").replace(/</g, "\\u003c") : escapeText(text ?? "");
      return `<${tag}${attrs}>${body}</${tag}>`;
    })
    .join("\n    ");
}
