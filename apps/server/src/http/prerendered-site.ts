import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { isLanguage, type Language, ORIGIN_PLACEHOLDER, PrerenderManifest } from "@handfont/contract";

/** How to answer a GET of a page path. */
export type PageAnswer =
  | { kind: "redirect"; status: 301 | 302; location: string }
  | { kind: "html"; status: 200 | 404; body: string }
  | { kind: "file"; type: string; body: string }
  /** index.html: a page the browser renders (behind sign-in); `status` 404 when no 404 page was built. */
  | { kind: "shell"; status: 200 | 404 };

export interface PrerenderedSite {
  answer(request: { path: string; search: string; language: () => Language }): PageAnswer;
}

// The same escaping React applies to text and attributes, so the 404 page hydrates with the path it shows.
const escapeHtml = (value: string) =>
  value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;");

function matches(pattern: string, rest: string): boolean {
  const expected = pattern === "" ? [] : pattern.split("/");
  const parts = rest === "" ? [] : rest.split("/");
  return (
    expected.length === parts.length && expected.every((segment, i) => segment.startsWith(":") || segment === parts[i])
  );
}

/**
 * The public pages the web build prerendered (apps/web/build/prerender.ts), loaded once with the site's own address
 * in place of the build's placeholder. Null when the build has none (an older build): then every page path gets
 * the app shell, as before.
 */
export function loadPrerenderedSite(webRoot: string, publicUrl: string): PrerenderedSite | null {
  const dir = join(webRoot, "prerendered");
  if (!existsSync(join(dir, "routes.json"))) return null;
  const manifest = PrerenderManifest.parse(JSON.parse(readFileSync(join(dir, "routes.json"), "utf8")));
  const read = (file: string) => readFileSync(join(dir, file), "utf8").replaceAll(ORIGIN_PLACEHOLDER, publicUrl);
  const pages = new Map(Object.entries(manifest.pages).map(([path, file]) => [path, read(file)]));
  const notFound = new Map(Object.entries(manifest.notFound).map(([language, file]) => [language, read(file)]));
  const files = new Map(
    Object.entries(manifest.files).map(([path, entry]) => [path, { ...entry, body: read(entry.file) }]),
  );

  return {
    answer({ path, search, language }) {
      const file = files.get(path);
      if (file) return { kind: "file", type: file.type, body: file.body };
      // Spec §2: `/` goes to the visitor's language (cookie, then Accept-Language, then English).
      if (path === "/") return { kind: "redirect", status: 302, location: `/${language()}${search}` };

      const [, first = "", ...restParts] = path.split("/");
      const lower = first.toLowerCase();
      if (!isLanguage(first) && isLanguage(lower)) {
        // `/EN/app`: the same page under its real address.
        return { kind: "redirect", status: 301, location: `/${lower}${path.slice(first.length + 1)}${search}` };
      }
      if (isLanguage(first)) {
        const normalized = path.length > 1 ? path.replace(/\/+$/, "") : path;
        const page = pages.get(normalized);
        if (page) return { kind: "html", status: 200, body: page };
        const rest = restParts.join("/").replace(/\/+$/, "");
        if (manifest.clientPaths.some((pattern) => matches(pattern, rest))) return { kind: "shell", status: 200 };
      }
      const shown = isLanguage(first) ? first : language();
      const page = notFound.get(shown);
      if (!page) return { kind: "shell", status: 404 };
      return {
        kind: "html",
        status: 404,
        body: page.replaceAll(`/${shown}/${manifest.missingPath}`, escapeHtml(`${path}${search}`)),
      };
    },
  };
}
