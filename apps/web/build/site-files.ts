import type { Language } from "@handfont/contract";

/** One page of the sitemap with the other languages it exists in (itself included). */
export interface SitemapEntry {
  /** Path of this language's version. */
  path: string;
  /** Every language version of the page, by language. */
  alternates: Partial<Record<Language, string>>;
  /** YYYY-MM-DD of the last real change, when known. */
  lastModified?: string;
}

const escapeXml = (value: string) =>
  value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");

/** sitemap.xml with `xhtml:link` alternates (Google's format for language versions), x-default English. */
export function sitemapXml(origin: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const alternates = Object.entries(entry.alternates) as [Language, string][];
    const fallback = entry.alternates.en ?? alternates[0]?.[1];
    const links = [
      ...alternates.map(([language, path]) => ({ hreflang: language, path })),
      ...(fallback ? [{ hreflang: "x-default", path: fallback }] : []),
    ].map(
      (link) =>
        `    <xhtml:link rel="alternate" hreflang="${link.hreflang}" href="${escapeXml(`${origin}${link.path}`)}"/>`,
    );
    return [
      "  <url>",
      `    <loc>${escapeXml(`${origin}${entry.path}`)}</loc>`,
      ...(entry.lastModified ? [`    <lastmod>${entry.lastModified}</lastmod>`] : []),
      ...links,
      "  </url>",
    ].join("\n");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

export interface FeedItem {
  title: string;
  description: string;
  path: string;
  /** YYYY-MM-DD */
  date: string;
  author: string;
}

/** RSS 2.0 of one language's posts, newest first. */
export function rssXml(
  origin: string,
  channel: { title: string; description: string; path: string; feedPath: string; language: string },
  items: readonly FeedItem[],
): string {
  const date = (day: string) => new Date(`${day}T00:00:00Z`).toUTCString();
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    "  <channel>",
    `    <title>${escapeXml(channel.title)}</title>`,
    `    <link>${escapeXml(`${origin}${channel.path}`)}</link>`,
    `    <description>${escapeXml(channel.description)}</description>`,
    `    <language>${channel.language}</language>`,
    `    <atom:link href="${escapeXml(`${origin}${channel.feedPath}`)}" rel="self" type="application/rss+xml"/>`,
    ...(items[0] ? [`    <lastBuildDate>${date(items[0].date)}</lastBuildDate>`] : []),
    ...items.map((item) =>
      [
        "    <item>",
        `      <title>${escapeXml(item.title)}</title>`,
        `      <link>${escapeXml(`${origin}${item.path}`)}</link>`,
        `      <guid isPermaLink="true">${escapeXml(`${origin}${item.path}`)}</guid>`,
        `      <pubDate>${date(item.date)}</pubDate>`,
        `      <dc:creator>${escapeXml(item.author)}</dc:creator>`,
        `      <description>${escapeXml(item.description)}</description>`,
        "    </item>",
      ].join("\n"),
    ),
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}

/** robots.txt: everything public may be crawled except the API; the sitemap is named. */
export function robotsTxt(origin: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${origin}/sitemap.xml\n`;
}
