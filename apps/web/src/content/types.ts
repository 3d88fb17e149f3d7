import type { Language } from "@handfont/contract";

/**
 * What the content build (build/content) hands the pages: Markdown already turned into HTML at build time, so the
 * browser downloads no Markdown parser. Shared by the compiler (Node) and the pages (browser and prerender).
 */

/** The instructions pages of spec §2, in URL order; `overview` is `/{lang}/instructions` itself. */
export const INSTRUCTION_SLUGS = ["overview", "withtemplate", "witheditor", "randomize", "ligatures", "faq"] as const;
export type InstructionSlug = (typeof INSTRUCTION_SLUGS)[number];

export function isInstructionSlug(value: unknown): value is InstructionSlug {
  return typeof value === "string" && (INSTRUCTION_SLUGS as readonly string[]).includes(value);
}

/** A neighbour or menu entry: where it lives and what it is called. */
export interface ContentLink {
  slug: string;
  title: string;
}

export interface ContentImage {
  /** `/content-images/<file>` */
  src: string;
  alt: string;
  width: number;
  height: number;
}

/** One question of the FAQ, as its JSON-LD needs it (plain text). */
export interface FaqEntry {
  question: string;
  answer: string;
}

interface DocumentBase {
  slug: string;
  language: Language;
  title: string;
  description: string;
  html: string;
  readingMinutes: number;
  /** Languages this document exists in (itself included): the only alternates a page may link. */
  languages: Language[];
  previous: ContentLink | null;
  next: ContentLink | null;
}

export interface InstructionsDocument extends DocumentBase {
  kind: "instructions";
  slug: InstructionSlug;
  updated: string;
  /** `updated` in the page's language, written at build time (see BlogPostSummary.dateText). */
  updatedText: string;
  /** Every instructions page of this language, in menu order. */
  menu: ContentLink[];
  /** Filled for the FAQ page only. */
  faq: FaqEntry[];
}

export interface BlogPostSummary {
  slug: string;
  title: string;
  description: string;
  /** YYYY-MM-DD */
  date: string;
  /**
   * `date` in the post's language ("10. Januar 2026"), written at build time: the browser's first Intl.DateTimeFormat
   * loads its locale data, the longest single piece of a post's hydration (~13 ms of CPU, 50 ms on a phone).
   */
  dateText: string;
  author: string;
  tags: string[];
  readingMinutes: number;
  image: ContentImage | null;
}

export interface BlogPostDocument extends DocumentBase, BlogPostSummary {
  kind: "blog";
}

/** The blog list of one language, newest first. */
export interface BlogIndex {
  language: Language;
  posts: BlogPostSummary[];
}

/** The URL path of an instructions page. */
export function instructionsPath(language: Language, slug: InstructionSlug): string {
  return slug === "overview" ? `/${language}/instructions` : `/${language}/instructions/${slug}`;
}

export function blogPath(language: Language, slug?: string): string {
  return slug ? `/${language}/blog/${slug}` : `/${language}/blog`;
}

/**
 * The RSS feed of a language's posts (written by the prerender step). Here rather than in the list page, so a post
 * page links it without downloading the list page's code.
 */
export function feedPath(language: Language): string {
  return `/${language}/blog/rss.xml`;
}
