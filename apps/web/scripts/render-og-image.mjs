#!/usr/bin/env node
// Renders assets/og-image.svg to public/og-image.png (1200×630) with Debian's Chromium. Run it after editing the
// SVG: `node apps/web/scripts/render-og-image.mjs` from the repository root.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const web = fileURLToPath(new URL("..", import.meta.url));
const svg = readFileSync(`${web}assets/og-image.svg`, "utf8");
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
await page.setContent(`<html><body style="margin:0">${svg}</body></html>`);
await page.screenshot({ path: `${web}public/og-image.png`, clip: { x: 0, y: 0, width: 1200, height: 630 } });
await browser.close();
