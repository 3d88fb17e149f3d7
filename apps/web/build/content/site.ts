import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { isLanguage, type Language } from "@handfont/contract";
import sharp from "sharp";
import { formatDay } from "../../src/content/dates.ts";
import {
  type BlogIndex,
  type BlogPostDocument,
  type ContentImage,
  type ContentLink,
  INSTRUCTION_SLUGS,
  type InstructionSlug,
  type InstructionsDocument,
  isInstructionSlug,
} from "../../src/content/types.ts";
import { type CompiledMarkdown, compileMarkdown, type ImageSizes } from "./markdown.ts";
import { BlogFrontMatter, describeZodError, InstructionsFrontMatter } from "./schema.ts";

export interface ContentSiteOptions {
  /** apps/web/content */
  root: string;
  languages: readonly Language[];
  /** Paths of the app's pages below `/{lang}` (PAGES in src/app/pages.ts); `:param` segments match anything. */
  pagePaths: readonly string[];
  /** Tag ids that have labels in the interface texts. */
  tagIds: readonly string[];
  /** The FAQ's least number of questions (issue 12: 15). */
  minFaqQuestions: number;
}

export interface ContentSite {
  instructions: InstructionsDocument[];
  posts: BlogPostDocument[];
  blogIndexes: BlogIndex[];
  /** Files of apps/web/content/images, served under /content-images/. */
  images: { name: string; file: string }[];
}

/** Every problem of the content at once, so one build run lists them all. */
export class ContentBuildError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`The content has ${problems.length} problem(s):\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ContentBuildError";
    this.problems = problems;
  }
}

export const IMAGE_URL_PREFIX = "/content-images/";

interface Source<T> {
  file: string;
  slug: string;
  language: Language;
  compiled: CompiledMarkdown;
  data: T;
}

function listDir(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir).sort() : [];
}

async function readImages(root: string, problems: string[]) {
  const dir = join(root, "images");
  const images: { name: string; file: string }[] = [];
  const sizes = new Map<string, { width: number; height: number }>();
  for (const name of listDir(dir)) {
    if (name.startsWith(".")) continue;
    const file = join(dir, name);
    try {
      const meta = await sharp(file).metadata();
      images.push({ name, file });
      sizes.set(`${IMAGE_URL_PREFIX}${name}`, { width: meta.width ?? 0, height: meta.height ?? 0 });
    } catch (error) {
      problems.push(`images/${name}: not a readable image (${(error as Error).message})`);
    }
  }
  return { images, sizes };
}

async function readSection<T>(
  root: string,
  section: "instructions" | "blog",
  parse: (data: unknown) => { success: true; data: T } | { success: false; error: import("zod").ZodError },
  sizes: ImageSizes,
  problems: string[],
): Promise<Source<T>[]> {
  const sources: Source<T>[] = [];
  for (const slug of listDir(join(root, section))) {
    const dir = join(root, section, slug);
    if (section === "blog" && !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)) {
      problems.push(`blog/${slug}: a post's folder name is its URL and must be lowercase ASCII kebab-case`);
      continue;
    }
    if (section === "instructions" && !isInstructionSlug(slug)) {
      problems.push(`instructions/${slug}: not an instructions page of the spec (${INSTRUCTION_SLUGS.join(", ")})`);
      continue;
    }
    for (const name of listDir(dir)) {
      const file = `${section}/${slug}/${name}`;
      const language = name.replace(/\.md$/, "");
      if (!name.endsWith(".md") || !isLanguage(language)) {
        problems.push(`${file}: expected <lang>.md with lang one of the seven interface languages`);
        continue;
      }
      const compiled = await compileMarkdown(readFileSync(join(dir, name), "utf8"), sizes);
      for (const problem of compiled.problems) problems.push(`${file}: ${problem}`);
      const parsed = parse(compiled.frontMatter ?? {});
      if (!parsed.success) {
        for (const problem of describeZodError(parsed.error)) problems.push(`${file}: ${problem}`);
        continue;
      }
      sources.push({ file, slug, language, compiled, data: parsed.data });
    }
  }
  return sources;
}

function matchesPagePath(rest: string, pagePaths: readonly string[]): boolean {
  const parts = rest.split("/");
  return pagePaths.some((path) => {
    const pattern = path === "" ? [] : path.split("/");
    return (
      (rest === "" && pattern.length === 0) ||
      (pattern.length === parts.length &&
        pattern.every((segment, i) => segment.startsWith(":") || segment === parts[i]))
    );
  });
}

/** Reads, validates and compiles apps/web/content; throws ContentBuildError listing every problem. */
export async function loadContentSite(options: ContentSiteOptions): Promise<ContentSite> {
  const { root, languages } = options;
  const problems: string[] = [];
  const { images, sizes } = await readImages(root, problems);
  const instructions = await readSection(
    root,
    "instructions",
    (d) => InstructionsFrontMatter.safeParse(d),
    sizes,
    problems,
  );
  const posts = await readSection(root, "blog", (d) => BlogFrontMatter.safeParse(d), sizes, problems);

  const key = (section: string, language: string, slug: string) => `${section}/${language}/${slug}`;
  const ids = new Map<string, Set<string>>();
  for (const s of instructions) ids.set(key("instructions", s.language, s.slug), s.compiled.ids);
  for (const s of posts) ids.set(key("blog", s.language, s.slug), s.compiled.ids);

  // Once instructions exist at all, the spec's six pages must all exist, in every language.
  if (instructions.length > 0 || existsSync(join(root, "instructions"))) {
    for (const slug of INSTRUCTION_SLUGS) {
      for (const language of languages) {
        if (!ids.has(key("instructions", language, slug))) {
          problems.push(
            `instructions/${slug}/${language}.md: missing (every instructions page exists in every language)`,
          );
        }
      }
    }
  }

  const checkLinks = (source: Source<unknown>, section: string) => {
    const own = ids.get(key(section, source.language, source.slug)) ?? new Set<string>();
    for (const href of source.compiled.links) {
      if (/^(https?:|mailto:)/i.test(href)) continue;
      const [path = "", hash] = href.split("#");
      if (path === "") {
        if (hash && !own.has(hash))
          problems.push(`${source.file}: link "${href}": no heading with that id on this page`);
        continue;
      }
      if (!path.startsWith("/")) {
        problems.push(`${source.file}: link "${href}": internal links are absolute paths (/${source.language}/…)`);
        continue;
      }
      if (path.startsWith(IMAGE_URL_PREFIX)) {
        if (!sizes.has(path)) problems.push(`${source.file}: link "${href}": no such image in content/images`);
        continue;
      }
      const [, language = "", ...restParts] = path.replace(/\/+$/, "").split("/");
      const rest = restParts.join("/");
      if (!isLanguage(language)) {
        problems.push(`${source.file}: link "${href}": not a page of the site (paths start with /{lang}/)`);
        continue;
      }
      if (language !== source.language) {
        problems.push(`${source.file}: link "${href}": links stay in the page's own language (/${source.language}/…)`);
        continue;
      }
      const instructionsMatch = /^instructions(?:\/([^/]+))?$/.exec(rest);
      const blogMatch = /^blog\/([^/]+)$/.exec(rest);
      const target = instructionsMatch
        ? key("instructions", language, instructionsMatch[1] ?? "overview")
        : blogMatch
          ? key("blog", language, blogMatch[1] ?? "")
          : null;
      if (target) {
        const targetIds = ids.get(target);
        if (!targetIds) problems.push(`${source.file}: link "${href}": that page or post does not exist`);
        else if (hash && !targetIds.has(hash))
          problems.push(`${source.file}: link "${href}": no heading "#${hash}" there`);
        continue;
      }
      if (rest !== "blog" && !matchesPagePath(rest, options.pagePaths)) {
        problems.push(`${source.file}: link "${href}": no such page`);
      }
    }
    for (const image of source.compiled.images) {
      if (!sizes.has(image.src)) problems.push(`${source.file}: image "${image.src}" does not exist in content/images`);
      if (!image.alt) problems.push(`${source.file}: image "${image.src}" has no alt text`);
    }
  };
  for (const s of instructions) checkLinks(s, "instructions");
  for (const s of posts) checkLinks(s, "blog");

  const knownTags = new Set(options.tagIds);
  for (const post of posts) {
    for (const tag of post.data.tags) {
      if (!knownTags.has(tag)) problems.push(`${post.file}: tag "${tag}" has no label (locales/*/content.json tags)`);
    }
    if (post.data.image && !sizes.has(post.data.image)) {
      problems.push(`${post.file}: front matter image "${post.data.image}" does not exist in content/images`);
    }
  }
  for (const faq of instructions.filter((s) => s.slug === "faq")) {
    if (faq.compiled.sections.length < options.minFaqQuestions) {
      problems.push(
        `${faq.file}: ${faq.compiled.sections.length} questions; the FAQ needs at least ${options.minFaqQuestions} (## headings)`,
      );
    }
  }
  if (problems.length > 0) throw new ContentBuildError(problems);

  return {
    instructions: buildInstructions(instructions, languages),
    ...buildBlog(posts, languages, sizes),
    images,
  };
}

function languagesOf(sources: Source<unknown>[], slug: string, languages: readonly Language[]): Language[] {
  const present = new Set(sources.filter((s) => s.slug === slug).map((s) => s.language));
  return languages.filter((language) => present.has(language));
}

function neighbours<T extends ContentLink>(list: T[], index: number) {
  const link = (entry: T | undefined): ContentLink | null => (entry ? { slug: entry.slug, title: entry.title } : null);
  return { previous: link(list[index - 1]), next: link(list[index + 1]) };
}

function buildInstructions(
  sources: Source<import("zod").infer<typeof InstructionsFrontMatter>>[],
  languages: readonly Language[],
): InstructionsDocument[] {
  return languages.flatMap((language) => {
    const ordered = sources
      .filter((s) => s.language === language)
      .sort((a, b) => a.data.order - b.data.order || a.slug.localeCompare(b.slug));
    const menu = ordered.map((s) => ({ slug: s.slug, title: s.data.title }));
    return ordered.map(
      (s, index): InstructionsDocument => ({
        kind: "instructions",
        slug: s.slug as InstructionSlug,
        language,
        title: s.data.title,
        description: s.data.description,
        updated: s.data.updated,
        updatedText: formatDay(s.data.updated, language),
        html: s.compiled.html,
        readingMinutes: s.compiled.readingMinutes,
        languages: languagesOf(sources, s.slug, languages),
        menu,
        ...neighbours(menu, index),
        faq: s.slug === "faq" ? s.compiled.sections : [],
      }),
    );
  });
}

function buildBlog(
  sources: Source<import("zod").infer<typeof BlogFrontMatter>>[],
  languages: readonly Language[],
  sizes: ImageSizes,
): { posts: BlogPostDocument[]; blogIndexes: BlogIndex[] } {
  const image = (data: import("zod").infer<typeof BlogFrontMatter>): ContentImage | null => {
    const size = data.image ? sizes.get(data.image) : undefined;
    return data.image && data.imageAlt && size ? { src: data.image, alt: data.imageAlt, ...size } : null;
  };
  const posts: BlogPostDocument[] = [];
  const blogIndexes: BlogIndex[] = [];
  for (const language of languages) {
    // Newest first; "previous" is the older neighbour, "next" the newer one.
    const ordered = sources
      .filter((s) => s.language === language)
      .sort((a, b) => b.data.date.localeCompare(a.data.date) || a.slug.localeCompare(b.slug));
    const summaries = ordered.map((s) => ({
      slug: s.slug,
      title: s.data.title,
      description: s.data.description,
      date: s.data.date,
      dateText: formatDay(s.data.date, language),
      author: s.data.author,
      tags: s.data.tags,
      readingMinutes: s.compiled.readingMinutes,
      image: image(s.data),
    }));
    blogIndexes.push({ language, posts: summaries });
    ordered.forEach((s, index) => {
      const summary = summaries[index]!;
      const newer = summaries[index - 1];
      const older = summaries[index + 1];
      posts.push({
        kind: "blog",
        ...summary,
        language,
        html: s.compiled.html,
        languages: languagesOf(sources, s.slug, languages),
        previous: older ? { slug: older.slug, title: older.title } : null,
        next: newer ? { slug: newer.slug, title: newer.title } : null,
      });
    });
  }
  return { posts, blogIndexes };
}
