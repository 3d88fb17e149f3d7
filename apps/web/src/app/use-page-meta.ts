import { createContext, useContext, useEffect } from "react";
import { useLocation } from "react-router";
import { type HeadTag, headTags, MANAGED_ATTRIBUTE, ORIGIN_PLACEHOLDER, type PageMeta } from "./head.ts";
import { useLanguage } from "./use-language.ts";

export type { PageMeta } from "./head.ts";
export { SITE_NAME } from "./head.ts";

/** Set while prerendering: the page being rendered leaves its meta here for the HTML's `<head>`. */
export interface HeadCollector {
  meta: PageMeta | null;
}
export const HeadCollectorContext = createContext<HeadCollector | null>(null);

/** The selector of the tag a page tag replaces: its managed copy, or the static default of index.html. */
function sameTagSelector({ tag, attributes }: HeadTag): string | null {
  if (tag === "meta" && attributes.name) return `meta[name="${attributes.name}"]`;
  if (tag === "meta" && attributes.property) return `meta[property="${attributes.property}"]`;
  if (tag === "link" && attributes.rel === "canonical") return 'link[rel="canonical"]';
  return null;
}

function apply(tags: readonly HeadTag[]): void {
  for (const element of document.head.querySelectorAll(`[${MANAGED_ATTRIBUTE}]`)) element.remove();
  // index.html carries defaults for visitors without JavaScript; a page's own tag replaces its default.
  for (const tag of tags) {
    const selector = sameTagSelector(tag);
    if (selector) for (const element of document.head.querySelectorAll(selector)) element.remove();
  }
  for (const { tag, attributes, text } of tags) {
    if (tag === "title") {
      document.title = text ?? "";
      continue;
    }
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    element.setAttribute(MANAGED_ATTRIBUTE, "");
    if (text !== undefined) element.textContent = text;
    document.head.append(element);
  }
}

/**
 * Sets the title, description, canonical URL, Open Graph tags, language alternates and structured data of the
 * current page: written into the prerendered HTML, and kept up to date in the browser as the visitor navigates.
 */
export function usePageMeta(meta: PageMeta): void {
  const language = useLanguage();
  const { pathname } = useLocation();
  const collector = useContext(HeadCollectorContext);
  // Prerendering has no effects: the page's meta is collected while it renders (the innermost page wins).
  if (collector) collector.meta = meta;
  const key = JSON.stringify(meta);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `meta`, a new object on every render.
  useEffect(() => {
    apply(headTags(meta, { origin: window.location.origin, pathname, language }));
  }, [key, language, pathname]);
}

/** Where the site is served: the placeholder while prerendering (the server fills in PUBLIC_URL). */
export function useSiteOrigin(): string {
  return useContext(HeadCollectorContext) ? ORIGIN_PLACEHOLDER : window.location.origin;
}
