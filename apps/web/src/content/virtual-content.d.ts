/** The documents of apps/web/content, compiled at build time by build/content/vite-plugin.ts. */
declare module "virtual:content" {
  type Language = import("@handfont/contract").Language;
  export function loadInstructions(
    language: Language,
    slug: import("./types.ts").InstructionSlug,
  ): Promise<import("./types.ts").InstructionsDocument | null>;
  export function loadPost(language: Language, slug: string): Promise<import("./types.ts").BlogPostDocument | null>;
  export function loadBlogIndex(language: Language): Promise<import("./types.ts").BlogIndex | null>;
}
