import { LANGUAGES, REGIONAL_CODES } from "@handfont/contract";
import { useEffect } from "react";
import { useLocation } from "react-router";
import { switchLanguagePath } from "./language-path.ts";
import { useLanguage } from "./use-language.ts";

export const SITE_NAME = "Handfont";

function setMeta(attribute: "name" | "property", key: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement("meta");
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  element.content = content;
}

function setLink(rel: string, href: string, extra: Record<string, string> = {}): void {
  const selector = `link[rel="${rel}"]${Object.entries(extra)
    .map(([key, value]) => `[${key}="${value}"]`)
    .join("")}`;
  let element = document.head.querySelector<HTMLLinkElement>(selector);
  if (!element) {
    element = document.createElement("link");
    element.rel = rel;
    for (const [key, value] of Object.entries(extra)) element.setAttribute(key, value);
    document.head.append(element);
  }
  element.href = href;
}

/** Sets the title, description, Open Graph tags, icon and language alternates of the current page. */
export function usePageMeta({ title, description }: { title: string; description: string }): void {
  const language = useLanguage();
  const location = useLocation();
  useEffect(() => {
    const origin = window.location.origin;
    const fullTitle = `${title} — ${SITE_NAME}`;
    document.title = fullTitle;
    setMeta("name", "description", description);
    setMeta("property", "og:site_name", SITE_NAME);
    setMeta("property", "og:type", "website");
    setMeta("property", "og:title", fullTitle);
    setMeta("property", "og:description", description);
    setMeta("property", "og:locale", REGIONAL_CODES[language].replace("-", "_"));
    setMeta("property", "og:url", `${origin}${location.pathname}`);
    setMeta("property", "og:image", `${origin}/og-image.png`);
    setLink("icon", "/favicon.svg");
    for (const other of LANGUAGES) {
      const href = `${origin}${switchLanguagePath({ pathname: location.pathname, search: "", hash: "" }, other)}`;
      setLink("alternate", href, { hreflang: other });
    }
  }, [title, description, language, location.pathname]);
}
