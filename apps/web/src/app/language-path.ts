import { isLanguage, type Language } from "@handfont/contract";

/**
 * The same location in another language: the language segment is replaced, or added when the path has none
 * (an unknown `/xx/page` keeps its path and stays a 404, now in the chosen language).
 */
export function switchLanguagePath(location: { pathname: string; search: string; hash: string }, to: Language): string {
  const segments = location.pathname.split("/");
  const rest = isLanguage(segments[1]) ? segments.slice(2) : segments.slice(1);
  const tail = rest.join("/");
  return `/${to}${tail ? `/${tail}` : ""}${location.search}${location.hash}`;
}
