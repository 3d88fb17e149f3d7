import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defaultClientConditions, defineConfig } from "vite";
import { contentPlugin } from "./build/content/vite-plugin.ts";

const packageJson = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as { version: string };

/** The short commit of the checkout being built; null outside a git checkout (e.g. a source tarball). */
function gitShortSha(): string | null {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { stdio: ["ignore", "pipe", "ignore"] })
      .toString()
      .trim();
  } catch {
    return null;
  }
}

export default defineConfig({
  plugins: [react(), contentPlugin(fileURLToPath(new URL(".", import.meta.url)))],
  // "source" makes @handfont/contract resolve to its TypeScript sources, so a fresh clone needs no contract build.
  resolve: { conditions: ["source", ...defaultClientConditions] },
  define: {
    __HANDFONT_VERSION__: JSON.stringify(packageJson.version),
    __HANDFONT_COMMIT__: JSON.stringify(gitShortSha()),
  },
  server: { proxy: { "/api": "http://127.0.0.1:3000" } },
  // The live preview's font compiler runs in a module worker, which may load chunks of its own.
  worker: { format: "es" },
  build: {
    // build/prerender.ts reads which chunks and styles each prerendered page needs.
    manifest: true,
    rolldownOptions: {
      // The prerendered pages start from a loader of their own (src/after-paint-entry.ts, build/first-paint.ts).
      input: { index: "index.html", "after-paint": "src/after-paint-entry.ts" },
      output: {
        // Vendor chunks keep the entry under Vite's 500 kB warning and cache well across our releases. Mantine is left
        // to the bundler, which splits it by component: the home page downloads only the components it shows.
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie-es)[\\/]/ },
            { name: "zod", test: /node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
});
