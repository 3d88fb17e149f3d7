// @vitest-environment node
import { appendFileSync, cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { ContentBuildError, type ContentSiteOptions, loadContentSite } from "./site.ts";

const FIXTURE = fileURLToPath(new URL("./fixtures/site", import.meta.url));

const options = (root: string): ContentSiteOptions => ({
  root,
  languages: ["en", "de"],
  pagePaths: ["", "functions", "app/templates", "instructions", "blog", "blog/:slug"],
  tagIds: ["how-to", "templates"],
  minFaqQuestions: 2,
});

const temporary: string[] = [];
/** A writable copy of the fixture site, to break in one place. */
function copyOfFixture(): string {
  const dir = mkdtempSync(join(tmpdir(), "handfont-content-"));
  temporary.push(dir);
  cpSync(FIXTURE, dir, { recursive: true });
  return dir;
}
afterEach(() => {
  for (const dir of temporary.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function problemsOf(root: string): Promise<string[]> {
  try {
    await loadContentSite(options(root));
  } catch (error) {
    if (error instanceof ContentBuildError) return error.problems;
    throw error;
  }
  return [];
}

describe("the content site", () => {
  it("compiles every instructions page of each language in menu order, with neighbours", async () => {
    const site = await loadContentSite(options(FIXTURE));
    const german = site.instructions.filter((doc) => doc.language === "de");
    expect(german.map((doc) => doc.slug)).toEqual([
      "overview",
      "withtemplate",
      "witheditor",
      "randomize",
      "ligatures",
      "faq",
    ]);
    const editor = german.find((doc) => doc.slug === "witheditor")!;
    expect(editor.previous).toEqual({ slug: "withtemplate", title: "Schrift mit Vorlage" });
    expect(editor.next).toEqual({ slug: "randomize", title: "Zufällige Varianten" });
    expect(editor.languages).toEqual(["en", "de"]);
  });

  it("turns the FAQ's level-2 headings into questions with their answers", async () => {
    const site = await loadContentSite(options(FIXTURE));
    const faq = site.instructions.find((doc) => doc.slug === "faq" && doc.language === "en")!;
    expect(faq.faq).toEqual([
      { question: "First question", answer: "The first answer." },
      { question: "Second question", answer: "The second answer, in two paragraphs.\nSee a post." },
    ]);
  });

  it("renders callouts, scrollable tables and images with their size and lazy loading", async () => {
    const site = await loadContentSite(options(FIXTURE));
    const overview = site.instructions.find((doc) => doc.slug === "overview" && doc.language === "en")!;
    expect(overview.html).toContain('<aside class="callout callout-tip" role="note">');
    expect(overview.html).toContain('<div class="table-scroll" tabindex="0"><table>');
    expect(overview.html).toMatch(/<img src="\/content-images\/grid.png" alt="A template page"[^>]*width="8"/);
    expect(overview.html).toContain('loading="lazy"');
  });

  it("keeps a colon inside ordinary text as text", async () => {
    const site = await loadContentSite(options(FIXTURE));
    expect(site.posts[0]!.html).toContain("Intro at 10:30 with Note:this stays text.");
  });

  it("lists posts newest first, counts reading time at 200 words a minute and links only existing languages", async () => {
    const site = await loadContentSite(options(FIXTURE));
    const english = site.blogIndexes.find((index) => index.language === "en")!;
    expect(english.posts.map((post) => post.slug)).toEqual(["second-post", "first-post"]);
    // 450 filler words plus a dozen others: a bit over two minutes.
    expect(english.posts[0]!.readingMinutes).toBe(2);
    expect(english.posts[0]!.image).toEqual({
      src: "/content-images/grid.png",
      alt: "A letter grid",
      width: 8,
      height: 6,
    });
    const second = site.posts.find((post) => post.slug === "second-post")!;
    expect(second.languages).toEqual(["en"]);
    expect(second.previous).toEqual({ slug: "first-post", title: "First Post en" });
    expect(second.next).toBeNull();
    const first = site.posts.find((post) => post.slug === "first-post" && post.language === "en")!;
    expect(first.languages).toEqual(["en", "de"]);
    expect(site.blogIndexes.find((index) => index.language === "de")!.posts).toHaveLength(1);
  });

  it("writes each post's date and each page's update day in its language's long form", async () => {
    const site = await loadContentSite(options(FIXTURE));
    const first = (language: string) =>
      site.posts.find((post) => post.slug === "first-post" && post.language === language)!;
    // 2026-01-10 and 2026-05-01 in the fixtures' front matter.
    expect(first("en").dateText).toBe("January 10, 2026");
    expect(first("de").dateText).toBe("10. Januar 2026");
    const editor = site.instructions.find((doc) => doc.slug === "witheditor" && doc.language === "de")!;
    expect(editor.updatedText).toBe("1. Mai 2026");
  });

  it("fails on a link to a page that does not exist", async () => {
    const root = copyOfFixture();
    appendFileSync(join(root, "blog/first-post/en.md"), "\nSee [the missing post](/en/blog/no-such-post).\n");
    expect(await problemsOf(root)).toEqual([
      'blog/first-post/en.md: link "/en/blog/no-such-post": that page or post does not exist',
    ]);
  });

  it("fails on a link to a missing heading, an unknown app page and another language", async () => {
    const root = copyOfFixture();
    appendFileSync(
      join(root, "instructions/ligatures/en.md"),
      "\n[a](/en/instructions/faq#nowhere) [b](/en/app/nowhere) [c](/de/functions) [d](functions)\n",
    );
    expect(await problemsOf(root)).toEqual([
      'instructions/ligatures/en.md: link "/en/instructions/faq#nowhere": no heading "#nowhere" there',
      'instructions/ligatures/en.md: link "/en/app/nowhere": no such page',
      'instructions/ligatures/en.md: link "/de/functions": links stay in the page\'s own language (/en/…)',
      'instructions/ligatures/en.md: link "functions": internal links are absolute paths (/en/…)',
    ]);
  });

  it("fails on a missing image and on an image without alt text", async () => {
    const root = copyOfFixture();
    rmSync(join(root, "images/grid.png"));
    appendFileSync(join(root, "instructions/faq/de.md"), "\n![](/content-images/other.png)\n");
    const problems = await problemsOf(root);
    expect(problems).toContain(
      'instructions/overview/en.md: image "/content-images/grid.png" does not exist in content/images',
    );
    expect(problems).toContain('instructions/faq/de.md: image "/content-images/other.png" has no alt text');
    expect(problems).toContain(
      'blog/second-post/en.md: front matter image "/content-images/grid.png" does not exist in content/images',
    );
  });

  it("fails on invalid front matter, an unknown tag and an unknown callout", async () => {
    const root = copyOfFixture();
    writeFileSync(
      join(root, "blog/second-post/en.md"),
      "---\ntitle: T\ndescription: D\ndate: 2026-02-30\nauthor: A\ntags: [knitting]\nimage: /content-images/grid.png\n---\n\n:::danger\nx\n:::\n",
    );
    expect(await problemsOf(root)).toEqual([
      'blog/second-post/en.md: unknown block ":::danger" (allowed: :::tip, :::warning)',
      "blog/second-post/en.md: front matter date: is not a real date",
      "blog/second-post/en.md: front matter imageAlt: imageAlt is required with image",
    ]);
    writeFileSync(
      join(root, "blog/second-post/en.md"),
      "---\ntitle: T\ndescription: D\ndate: 2026-02-03\nauthor: A\ntags: [knitting]\n---\n\nText.\n",
    );
    expect(await problemsOf(root)).toEqual([
      'blog/second-post/en.md: tag "knitting" has no label (locales/*/content.json tags)',
    ]);
  });

  it("fails when an instructions page lacks a language or the FAQ has too few questions", async () => {
    const root = copyOfFixture();
    rmSync(join(root, "instructions/randomize/de.md"));
    writeFileSync(
      join(root, "instructions/faq/en.md"),
      "---\ntitle: FAQ\ndescription: D\norder: 5\nupdated: 2026-05-01\n---\n\n## Only one\n\nAnswer.\n",
    );
    expect(await problemsOf(root)).toEqual([
      "instructions/randomize/de.md: missing (every instructions page exists in every language)",
      'instructions/overview/en.md: link "/en/instructions/faq#first-question": no heading "#first-question" there',
      "instructions/faq/en.md: 1 questions; the FAQ needs at least 2 (## headings)",
    ]);
  });
});
