import type { Element, ElementContent, Root as HastRoot } from "hast";
import { toString as hastToString } from "hast-util-to-string";
import type { Root as MdastRoot } from "mdast";
import rehypeSlug from "rehype-slug";
import rehypeStringify from "rehype-stringify";
import remarkDirective from "remark-directive";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { visit } from "unist-util-visit";
import { parse as parseYaml } from "yaml";

/** The callouts the format allows (`:::tip`, `:::warning`). */
const CALLOUTS = new Set(["tip", "warning"]);

/** Reading speed for the "N min read" figure: a common estimate for adults reading on a screen. */
const WORDS_PER_MINUTE = 200;

export interface CompiledMarkdown {
  frontMatter: unknown;
  html: string;
  /** Every `href` of a link, in order. */
  links: string[];
  images: { src: string; alt: string }[];
  /** Every `id` in the document (headings via rehype-slug), for `#anchor` checks. */
  ids: Set<string>;
  /** Level-2 headings with the plain text that follows each, up to the next level-2 heading. */
  sections: { question: string; answer: string }[];
  readingMinutes: number;
  /** Problems that make the file unusable, without its name (the caller adds it). */
  problems: string[];
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/** Splits `---` YAML front matter from the Markdown body. */
export function splitFrontMatter(source: string): { data: unknown; body: string } {
  const match = FRONT_MATTER.exec(source);
  if (!match) return { data: undefined, body: source };
  return { data: parseYaml(match[1] ?? ""), body: source.slice(match[0].length) };
}

/**
 * remark-directive reads `:name` inside ordinary text ("Note:this") as a text directive; only the container
 * callouts are meant, so text and leaf directives go back to the text they were written as, and an unknown
 * container is a problem.
 */
function directives(problems: string[]) {
  return (tree: MdastRoot) => {
    visit(tree, (node, index, parent) => {
      if (node.type === "containerDirective") {
        if (!CALLOUTS.has(node.name)) {
          problems.push(`unknown block ":::${node.name}" (allowed: ${[...CALLOUTS].map((c) => `:::${c}`).join(", ")})`);
          return;
        }
        node.data = {
          hName: "aside",
          hProperties: { className: ["callout", `callout-${node.name}`], role: "note" },
        };
        return;
      }
      if ((node.type === "textDirective" || node.type === "leafDirective") && parent && index !== undefined) {
        const prefix = node.type === "leafDirective" ? "::" : ":";
        const label = node.children.length > 0 ? node.children : [];
        const replacement =
          label.length > 0
            ? [
                { type: "text" as const, value: `${prefix}${node.name}[` },
                ...label,
                { type: "text" as const, value: "]" },
              ]
            : [{ type: "text" as const, value: `${prefix}${node.name}` }];
        parent.children.splice(index, 1, ...(replacement as typeof parent.children));
        return index + replacement.length;
      }
      if (node.type === "html") problems.push("raw HTML is not allowed in content (write Markdown)");
      if (node.type === "heading" && node.depth === 1) {
        problems.push("the page title comes from the front matter: start the text's headings at ## (no # heading)");
      }
      return undefined;
    });
  };
}

/** Wide tables scroll inside their own box instead of widening the page on a phone. */
function wrapTables() {
  return (tree: HastRoot) => {
    visit(tree, "element", (node, index, parent) => {
      if (node.tagName !== "table" || !parent || index === undefined) return;
      const wrapper: Element = {
        type: "element",
        tagName: "div",
        properties: { className: ["table-scroll"], tabIndex: 0 },
        children: [node],
      };
      parent.children.splice(index, 1, wrapper as ElementContent);
    });
  };
}

function faqSections(tree: HastRoot): { question: string; answer: string }[] {
  const sections: { question: string; answer: string[] }[] = [];
  for (const node of tree.children) {
    if (node.type === "element" && node.tagName === "h2") {
      sections.push({ question: hastToString(node).trim(), answer: [] });
    } else if (sections.length > 0 && node.type === "element") {
      sections.at(-1)?.answer.push(hastToString(node).trim());
    }
  }
  return sections.map((s) => ({ question: s.question, answer: s.answer.filter(Boolean).join("\n") }));
}

function countWords(text: string): number {
  return text.split(/\s+/u).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

export type ImageSizes = ReadonlyMap<string, { width: number; height: number }>;

/**
 * Markdown (GFM + callouts) with front matter → HTML, plus what the site checks need. `imageSizes` (by `src`) gives
 * images their width and height, so the page keeps its layout while they load.
 */
export async function compileMarkdown(source: string, imageSizes: ImageSizes = new Map()): Promise<CompiledMarkdown> {
  const problems: string[] = [];
  let data: unknown;
  let body: string;
  try {
    ({ data, body } = splitFrontMatter(source));
  } catch (error) {
    return {
      frontMatter: undefined,
      html: "",
      links: [],
      images: [],
      ids: new Set(),
      sections: [],
      readingMinutes: 0,
      problems: [`front matter is not valid YAML: ${(error as Error).message}`],
    };
  }
  const processor = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkDirective)
    .use(directives, problems)
    .use(remarkRehype)
    .use(rehypeSlug)
    .use(wrapTables);
  const tree = (await processor.run(processor.parse(body))) as HastRoot;

  const links: string[] = [];
  const images: { src: string; alt: string }[] = [];
  const ids = new Set<string>();
  visit(tree, "element", (node) => {
    const id = node.properties.id;
    if (typeof id === "string") ids.add(id);
    if (node.tagName === "a" && typeof node.properties.href === "string") links.push(node.properties.href);
    if (node.tagName === "img") {
      const src = String(node.properties.src ?? "");
      const alt = String(node.properties.alt ?? "").trim();
      images.push({ src, alt });
      const size = imageSizes.get(src);
      if (size) Object.assign(node.properties, size);
      // Images sit below the fold in articles; the browser fetches them when they come near.
      node.properties.loading = "lazy";
      node.properties.decoding = "async";
    }
  });

  const html = unified().use(rehypeStringify).stringify(tree);
  const words = countWords(hastToString(tree));
  return {
    frontMatter: data,
    html,
    links,
    images,
    ids,
    sections: faqSections(tree),
    readingMinutes: Math.max(1, Math.round(words / WORDS_PER_MINUTE)),
    problems,
  };
}
