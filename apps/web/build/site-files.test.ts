// @vitest-environment node
import { describe, expect, it } from "vitest";
import { robotsTxt, rssXml, sitemapXml } from "./site-files.ts";

describe("generated site files", () => {
  it("list each page in the sitemap with its language versions and x-default", () => {
    const xml = sitemapXml("https://fonts.example", [
      { path: "/de/blog/post", alternates: { en: "/en/blog/post", de: "/de/blog/post" }, lastModified: "2026-03-02" },
    ]);
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(xml).toContain(
      [
        "  <url>",
        "    <loc>https://fonts.example/de/blog/post</loc>",
        "    <lastmod>2026-03-02</lastmod>",
        '    <xhtml:link rel="alternate" hreflang="en" href="https://fonts.example/en/blog/post"/>',
        '    <xhtml:link rel="alternate" hreflang="de" href="https://fonts.example/de/blog/post"/>',
        '    <xhtml:link rel="alternate" hreflang="x-default" href="https://fonts.example/en/blog/post"/>',
        "  </url>",
      ].join("\n"),
    );
  });

  it("write an RSS 2.0 feed with escaped text and RFC 822 dates", () => {
    const xml = rssXml(
      "https://fonts.example",
      {
        title: "Handfont — Blog",
        description: "Posts",
        path: "/en/blog",
        feedPath: "/en/blog/rss.xml",
        language: "en",
      },
      [{ title: "Fonts & <teachers>", description: "d", path: "/en/blog/t", date: "2026-03-02", author: "Ada" }],
    );
    expect(xml).toContain("<title>Fonts &amp; &lt;teachers&gt;</title>");
    expect(xml).toContain("<pubDate>Mon, 02 Mar 2026 00:00:00 GMT</pubDate>");
    expect(xml).toContain(
      '<atom:link href="https://fonts.example/en/blog/rss.xml" rel="self" type="application/rss+xml"/>',
    );
    expect(xml).toContain("<language>en</language>");
  });

  it("let robots crawl everything but the API and point them to the sitemap", () => {
    expect(robotsTxt("https://fonts.example")).toBe(
      "User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: https://fonts.example/sitemap.xml\n",
    );
  });
});
