import { describe, expect, it } from "vitest";
import { headTags, renderHeadTags } from "./head.ts";

const place = { origin: "https://fonts.example", pathname: "/de/blog/my-post", language: "de" as const };
const meta = { title: "Mein Beitrag", description: "Worum es geht." };
const attributes = (tags: ReturnType<typeof headTags>, rel: string) =>
  tags.filter((tag) => tag.attributes.rel === rel).map((tag) => tag.attributes);

describe("a page's head tags", () => {
  it("name the page, its canonical address and its Open Graph preview in its language", () => {
    const tags = headTags(meta, place);
    expect(tags[0]).toEqual({ tag: "title", attributes: {}, text: "Mein Beitrag — Handfont" });
    expect(attributes(tags, "canonical")).toEqual([
      { rel: "canonical", href: "https://fonts.example/de/blog/my-post" },
    ]);
    const og = Object.fromEntries(
      tags.filter((tag) => tag.attributes.property).map((tag) => [tag.attributes.property, tag.attributes.content]),
    );
    expect(og).toMatchObject({
      "og:title": "Mein Beitrag — Handfont",
      "og:locale": "de_DE",
      "og:url": "https://fonts.example/de/blog/my-post",
      "og:image": "https://fonts.example/og-image.png",
    });
  });

  it("link every language version, itself included, and English as x-default (Google's hreflang rules)", () => {
    const alternates = attributes(headTags(meta, place), "alternate");
    expect(alternates.map((link) => link.hreflang)).toEqual(["en", "ru", "de", "es", "fr", "it", "uk", "x-default"]);
    expect(alternates.find((link) => link.hreflang === "uk")?.href).toBe("https://fonts.example/uk/blog/my-post");
    expect(alternates.at(-1)?.href).toBe("https://fonts.example/en/blog/my-post");
  });

  it("link only the languages a post was written in; without English, x-default is the first of them", () => {
    const alternates = attributes(headTags({ ...meta, languages: ["uk", "de"] }, place), "alternate");
    expect(alternates).toEqual([
      { rel: "alternate", hreflang: "de", href: "https://fonts.example/de/blog/my-post" },
      { rel: "alternate", hreflang: "uk", href: "https://fonts.example/uk/blog/my-post" },
      { rel: "alternate", hreflang: "x-default", href: "https://fonts.example/de/blog/my-post" },
    ]);
  });

  it("keep an error page out of search results: noindex, no canonical, no alternates", () => {
    const tags = headTags({ ...meta, noindex: true }, place);
    expect(tags.some((tag) => tag.attributes.name === "robots" && tag.attributes.content === "noindex")).toBe(true);
    expect(tags.some((tag) => tag.tag === "link")).toBe(false);
  });

  it("render as HTML with attributes escaped and JSON-LD that cannot close its script early", () => {
    const html = renderHeadTags(
      headTags({ title: 'A "quoted" <title>', description: "x", jsonLd: [{ name: "</script><b>" }] }, place),
    );
    expect(html).toContain('<title>A "quoted" &lt;title&gt; — Handfont</title>');
    expect(html).toContain('content="A &quot;quoted&quot; &lt;title&gt; — Handfont"');
    expect(html).toContain(
      '<script type="application/ld+json" data-page-meta>{"name":"\\u003c/script>\\u003cb>"}</script>',
    );
  });
});
