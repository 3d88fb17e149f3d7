import { createReadStream, readFileSync } from "node:fs";
import { extname } from "node:path";
import type { Plugin } from "vite";
import { siteOptions } from "./options.ts";
import { type ContentSite, IMAGE_URL_PREFIX, loadContentSite } from "./site.ts";

const PUBLIC_ID = "virtual:content";
const PREFIX = "\0virtual:content";

const MIME: Record<string, string> = {
  ".png": "image/png",
  ".webp": "image/webp",
  ".svg": "image/svg+xml",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
};

/** `virtual:content`: one loader per document, each document its own lazy chunk. */
function indexModule(site: ContentSite): string {
  const entries = (ids: string[]) =>
    ids.map((id) => `  ${JSON.stringify(id)}: () => import(${JSON.stringify(`${PUBLIC_ID}/${id}`)})`).join(",\n");
  const instructionIds = site.instructions.map((doc) => `instructions/${doc.language}/${doc.slug}`);
  const postIds = site.posts.map((doc) => `blog/${doc.language}/${doc.slug}`);
  const indexIds = site.blogIndexes.map((index) => `blog-index/${index.language}`);
  return `const loaders = {\n${entries([...instructionIds, ...postIds, ...indexIds])}\n};
async function load(id) {
  const loader = loaders[id];
  return loader ? (await loader()).default : null;
}
export const loadInstructions = (language, slug) => load(\`instructions/\${language}/\${slug}\`);
export const loadPost = (language, slug) => load(\`blog/\${language}/\${slug}\`);
export const loadBlogIndex = (language) => load(\`blog-index/\${language}\`);
`;
}

function documentModule(site: ContentSite, id: string): string | null {
  const [section, language, slug] = id.split("/");
  const value =
    section === "instructions"
      ? site.instructions.find((doc) => doc.language === language && doc.slug === slug)
      : section === "blog"
        ? site.posts.find((doc) => doc.language === language && doc.slug === slug)
        : section === "blog-index"
          ? site.blogIndexes.find((index) => index.language === language)
          : undefined;
  return value ? `export default ${JSON.stringify(value)};` : null;
}

/**
 * Compiles apps/web/content at build start (a content problem fails the build), serves the documents as virtual
 * modules and the images under /content-images/.
 */
export function contentPlugin(webRoot: string): Plugin {
  let site: ContentSite | null = null;
  let ssr = false;
  return {
    name: "handfont-content",
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    async buildStart() {
      site = await loadContentSite(await siteOptions(webRoot));
      for (const image of site.images) this.addWatchFile(image.file);
    },
    resolveId(id) {
      if (id === PUBLIC_ID || id.startsWith(`${PUBLIC_ID}/`)) return `\0${id}`;
      return null;
    },
    load(id) {
      if (!id.startsWith(PREFIX) || !site) return null;
      if (id === PREFIX) return indexModule(site);
      return documentModule(site, id.slice(PREFIX.length + 1));
    },
    generateBundle() {
      if (ssr || !site) return;
      for (const image of site.images) {
        this.emitFile({
          type: "asset",
          fileName: `${IMAGE_URL_PREFIX.slice(1)}${image.name}`,
          source: readFileSync(image.file),
        });
      }
    },
    configureServer(server) {
      server.middlewares.use(IMAGE_URL_PREFIX, (request, response, next) => {
        const name = decodeURIComponent((request.url ?? "").replace(/^\//, "").split("?")[0] ?? "");
        const image = site?.images.find((entry) => entry.name === name);
        if (!image) return next();
        response.setHeader("content-type", MIME[extname(name).toLowerCase()] ?? "application/octet-stream");
        createReadStream(image.file).pipe(response);
      });
    },
  };
}
