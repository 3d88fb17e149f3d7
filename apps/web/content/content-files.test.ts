// @vitest-environment node
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { LANGUAGES, type Language } from "@handfont/contract";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { PAGES } from "../src/app/pages.ts";

// The rules of /work/wt/notes/content-format.md (agreed with the content build) and of issue 12, checked on the
// files themselves so a broken text fails here, next to it, before any build runs.

const ROOT = fileURLToPath(new URL(".", import.meta.url));
const INSTRUCTION_SLUGS = ["overview", "withtemplate", "witheditor", "randomize", "ligatures", "faq"];
const MIN_FAQ_QUESTIONS = 15;
const MIN_POSTS = 6;
/** Pages below /{lang}/ that exist: a link to a page that is not in the route table would be a dead link. */
const PAGE_PATHS = new Set(Object.values(PAGES).map((page) => page.path));
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

type Page = { file: string; language: Language; data: Record<string, unknown>; body: string };

function readPage(file: string, language: Language): Page {
  const source = readFileSync(join(ROOT, file), "utf8");
  const match = /^---\n([\s\S]*?)\n---\n/.exec(source);
  if (!match) throw new Error(`${file}: no front matter`);
  return { file, language, data: parseYaml(match[1]!) as Record<string, unknown>, body: source.slice(match[0].length) };
}

const pagesOf = (section: "instructions" | "blog"): Page[] =>
  readdirSync(join(ROOT, section))
    .sort()
    .flatMap((slug) =>
      readdirSync(join(ROOT, section, slug))
        .sort()
        .map((name) => readPage(`${section}/${slug}/${name}`, name.replace(/\.md$/, "") as Language)),
    );

const instructions = pagesOf("instructions");
const posts = pagesOf("blog");
const all = [...instructions, ...posts];
const slugOf = (page: Page) => page.file.split("/")[1]!;

/** The Markdown without fenced code and inline code, where prose rules apply. */
const prose = (body: string) => body.replace(/```[\s\S]*?```/g, "").replace(/`[^`\n]*`/g, "");
const images = (body: string) =>
  [...prose(body).matchAll(/!\[([^\]]*)\]\(([^)\s]+)\)/g)].map((m) => ({ alt: m[1]!, src: m[2]! }));
const links = (body: string) => [...prose(body).matchAll(/(?<!!)\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
const groupBy = (pages: Page[], keyOf: (page: Page) => string) => {
  const groups = new Map<string, Page[]>();
  for (const page of pages) groups.set(keyOf(page), [...(groups.get(keyOf(page)) ?? []), page]);
  return groups;
};
const isDay = (value: unknown) =>
  typeof value === "string" &&
  /^\d{4}-\d{2}-\d{2}$/.test(value) &&
  new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

describe("content files", () => {
  it("every file is named <lang>.md after one of the seven languages", () => {
    for (const page of all) expect(LANGUAGES, page.file).toContain(page.language);
  });

  it("instructions have the six pages of the spec, each in every language, with their front matter", () => {
    expect(readdirSync(join(ROOT, "instructions")).sort()).toEqual([...INSTRUCTION_SLUGS].sort());
    for (const slug of INSTRUCTION_SLUGS) {
      for (const language of LANGUAGES) {
        expect(existsSync(join(ROOT, "instructions", slug, `${language}.md`)), `${slug}/${language}`).toBe(true);
      }
    }
    for (const page of instructions) {
      expect(Object.keys(page.data).sort(), page.file).toEqual(["description", "order", "title", "updated"]);
      expect(String(page.data.title ?? "").length, `${page.file}: title`).toBeGreaterThan(0);
      expect(String(page.data.title).length, `${page.file}: title`).toBeLessThanOrEqual(70);
      expect(String(page.data.description ?? "").length, `${page.file}: description`).toBeGreaterThan(0);
      expect(String(page.data.description).length, `${page.file}: description`).toBeLessThanOrEqual(160);
      expect(Number.isInteger(page.data.order) && (page.data.order as number) >= 0, page.file).toBe(true);
      expect(isDay(page.data.updated), page.file).toBe(true);
    }
  });

  it("a page keeps its menu position in every language", () => {
    for (const slug of INSTRUCTION_SLUGS) {
      const orders = new Set(instructions.filter((p) => slugOf(p) === slug).map((p) => p.data.order));
      expect(orders.size, slug).toBe(1);
    }
  });

  it(`the FAQ asks at least ${MIN_FAQ_QUESTIONS} questions, and as many in every language`, () => {
    const faq = instructions.filter((page) => slugOf(page) === "faq");
    const counts = faq.map((page) => prose(page.body).match(/^## .+/gm)?.length ?? 0);
    for (const [index, count] of counts.entries()) {
      expect(count, faq[index]!.file).toBeGreaterThanOrEqual(MIN_FAQ_QUESTIONS);
    }
    expect(new Set(counts).size).toBe(1);
  });

  it(`the blog has at least ${MIN_POSTS} posts in every language, each with valid front matter`, () => {
    // Later posts may exist in fewer languages (their alternates are then left out); the first six exist in all.
    for (const language of LANGUAGES) {
      expect(posts.filter((page) => page.language === language).length, language).toBeGreaterThanOrEqual(MIN_POSTS);
    }
    for (const page of posts) {
      expect(slugOf(page), page.file).toMatch(KEBAB);
      const { title, description, date, author, tags, image, imageAlt, ...rest } = page.data;
      expect(rest, page.file).toEqual({});
      expect(String(title ?? "").length, `${page.file}: title`).toBeGreaterThan(0);
      expect(String(title).length, `${page.file}: title`).toBeLessThanOrEqual(70);
      expect(String(description ?? "").length, `${page.file}: description`).toBeGreaterThan(0);
      expect(String(description).length, `${page.file}: description`).toBeLessThanOrEqual(160);
      expect(isDay(date), page.file).toBe(true);
      expect(typeof author === "string" && author.trim().length > 0, page.file).toBe(true);
      expect(Array.isArray(tags) && tags.length >= 1 && tags.length <= 6, page.file).toBe(true);
      for (const tag of tags as unknown[]) expect(String(tag), page.file).toMatch(KEBAB);
      if (image !== undefined) {
        expect(String(image), page.file).toMatch(/^\/content-images\/[\w.-]+\.(png|webp|svg|jpe?g)$/);
        expect(existsSync(join(ROOT, "images", String(image).slice("/content-images/".length))), page.file).toBe(true);
        expect(typeof imageAlt === "string" && imageAlt.trim().length > 0, page.file).toBe(true);
      }
    }
  });

  it("a post has the same date, tags and image in every language", () => {
    const bySlug = groupBy(posts, slugOf);
    for (const [slug, versions] of bySlug) {
      const shape = (p: Page) => JSON.stringify([p.data.date, p.data.tags, p.data.image ?? null]);
      expect(new Set(versions.map(shape)).size, slug).toBe(1);
    }
  });

  it("every image exists, has alt text, and each language of a page shows the same images", () => {
    for (const page of all) {
      for (const { alt, src } of images(page.body)) {
        expect(alt.trim(), `${page.file}: ${src}`).not.toBe("");
        expect(src, page.file).toMatch(/^\/content-images\//);
        expect(existsSync(join(ROOT, "images", src.slice("/content-images/".length))), `${page.file}: ${src}`).toBe(
          true,
        );
      }
    }
    const bySlug = groupBy(all, (p) => p.file.split("/").slice(0, 2).join("/"));
    for (const [slug, versions] of bySlug) {
      const used = versions.map((p) => JSON.stringify(images(p.body).map((i) => i.src)));
      expect(new Set(used).size, slug).toBe(1);
    }
  });

  it("every image in content/images is used", () => {
    const used = new Set(
      all.flatMap((page) => [...images(page.body).map((i) => i.src), String(page.data.image ?? "")]),
    );
    for (const name of readdirSync(join(ROOT, "images"))) {
      expect(used.has(`/content-images/${name}`), name).toBe(true);
    }
  });

  it("internal links are absolute, stay in the page's language and lead to pages that exist", () => {
    for (const page of all) {
      for (const href of links(page.body)) {
        if (/^https?:\/\//.test(href)) continue;
        expect(href.startsWith(`/${page.language}`), `${page.file}: ${href}`).toBe(true);
        const rest = href
          .replace(/#.*$/, "")
          .slice(page.language.length + 2)
          .replace(/\/$/, "");
        const target = /^(instructions|blog)\/([^/]+)$/.exec(rest);
        if (target) {
          expect(existsSync(join(ROOT, target[1]!, target[2]!, `${page.language}.md`)), `${page.file}: ${href}`).toBe(
            true,
          );
        } else {
          expect(PAGE_PATHS.has(rest), `${page.file}: ${href}`).toBe(true);
        }
      }
    }
  });

  it("uses Markdown only: no raw HTML, no level-1 heading, only the tip and warning callouts", () => {
    for (const page of all) {
      const text = prose(page.body);
      expect(text, page.file).not.toMatch(/<\/?[a-zA-Z][^>]*>/);
      expect(text, page.file).not.toMatch(/^# /m);
      const opened = text.match(/^:::[a-z]+/gm) ?? [];
      for (const callout of opened) expect(["tip", "warning"], page.file).toContain(callout.slice(3));
      expect(text.match(/^:::\s*$/gm)?.length ?? 0, page.file).toBe(opened.length);
    }
  });

  it("follows each language's quotation marks in prose", () => {
    // Straight double quotes belong to code; prose uses “ ” (English), „ “ (German) or « » (the others).
    for (const page of all) {
      expect(prose(page.body), page.file).not.toMatch(/"/);
    }
    for (const page of all.filter((p) => p.language === "fr")) {
      // A French guillemet is separated from its words by a (narrow) no-break space.
      expect(prose(page.body), page.file).not.toMatch(/«(?![\u202f\u00a0])|(?<![\u202f\u00a0])»/);
    }
  });
});
