import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { ORIGIN_PLACEHOLDER, type PrerenderManifest } from "@handfont/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test-support/test-app.ts";
import { htmlEncoding } from "./web-app.ts";

const page = (text: string) =>
  `<!doctype html><html><head><link rel="canonical" href="${ORIGIN_PLACEHOLDER}/x"></head><body><div id="root">${text}</div></body></html>`;

/** A web build as apps/web/build/prerender.ts writes it, in miniature. */
const manifest: PrerenderManifest = {
  pages: {
    "/en": "pages/en.html",
    "/de/blog/first-post": "pages/de/blog/first-post.html",
    "/en/blog/long-post": "pages/en/blog/long-post.html",
  },
  notFound: {
    en: "pages/en/404.html",
    de: "pages/de/404.html",
  },
  missingPath: "__missing__",
  files: { "/sitemap.xml": { file: "sitemap.xml", type: "application/xml; charset=utf-8" } },
  clientPaths: ["app", "app/templates", "fonts/:id"],
};
const webFiles = {
  "prerendered/routes.json": JSON.stringify(manifest),
  "prerendered/pages/en.html": page("Home in English"),
  "prerendered/pages/de/blog/first-post.html": page("Erster Beitrag"),
  "prerendered/pages/en/blog/long-post.html": page(`<p>${"A long post. ".repeat(400)}</p>`),
  "prerendered/pages/en/404.html": page(`<h1>Page Not Found: /en/__missing__</h1>`),
  "prerendered/pages/de/404.html": page(`<h1>Seite nicht gefunden: /de/__missing__</h1>`),
  "prerendered/sitemap.xml": `<urlset><url><loc>${ORIGIN_PLACEHOLDER}/en</loc></url></urlset>`,
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: "https://fonts.example" }, undefined, { webFiles });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url, headers: { accept: "text/html", ...headers } });

describe("prerendered pages", () => {
  it("answers a public page with its prerendered HTML, absolute URLs on the site's own address", async () => {
    const res = await get("/en");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.body).toContain("Home in English");
    expect(res.body).toContain('<link rel="canonical" href="https://fonts.example/x">');
    expect((await get("/de/blog/first-post/")).body).toContain("Erster Beitrag");
  });

  it("compresses a page of HTML for a client that accepts it, brotli first, and never a tiny one", async () => {
    const expected = page(`<p>${"A long post. ".repeat(400)}</p>`).replace(ORIGIN_PLACEHOLDER, "https://fonts.example");
    const br = await get("/en/blog/long-post", { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toBe("accept-encoding");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(expected);
    expect(br.rawPayload.length).toBeLessThan(expected.length / 4);
    const again = await get("/en/blog/long-post/", { "accept-encoding": "br" });
    expect(again.rawPayload.equals(br.rawPayload)).toBe(true);
    const gzip = await get("/en/blog/long-post", { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(expected);
    const plain = await get("/en/blog/long-post", { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(expected);
    expect((await get("/en", { "accept-encoding": "br" })).headers["content-encoding"]).toBeUndefined();
  });

  it("reads Accept-Encoding with its qualities: a refused encoding is never sent", () => {
    expect(htmlEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(htmlEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(htmlEncoding("BR; q=0.1")).toBe("br");
    expect(htmlEncoding("*")).toBe("br");
    expect(htmlEncoding("*, br;q=0")).toBe("gzip");
    expect(htmlEncoding("identity")).toBeNull();
    expect(htmlEncoding(undefined)).toBeNull();
  });

  it("answers pages the browser renders with the app shell", async () => {
    for (const url of ["/en/app", "/de/app/templates", "/uk/fonts/42"]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain("<div id=root></div>");
    }
  });

  it("answers an unknown path with status 404 and the 404 page naming it, in the path's language", async () => {
    const res = await get("/de/nothing-here?x=%27a%27&y=1");
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain("<h1>Seite nicht gefunden: /de/nothing-here?x=%27a%27&amp;y=1</h1>");
    expect((await get("/en/blog/no-such-post")).statusCode).toBe(404);
  });

  it("shows the 404 of an unknown language in the visitor's language", async () => {
    const res = await get("/xx/page", { "accept-language": "de-AT,de;q=0.9" });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain("Seite nicht gefunden: /xx/page");
  });

  it("redirects a wrong-case language prefix to the real address, keeping the rest", async () => {
    const res = await get("/EN/app/templates?tab=2");
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe("/en/app/templates?tab=2");
    expect((await get("/De")).headers.location).toBe("/de");
  });

  it("redirects / to the language of the cookie, then of Accept-Language", async () => {
    expect((await get("/", { "accept-language": "uk-UA,uk;q=0.9" })).headers.location).toBe("/uk");
    const withCookie = await get("/?ref=x", { cookie: "lang=fr", "accept-language": "uk" });
    expect(withCookie.statusCode).toBe(302);
    expect(withCookie.headers.location).toBe("/fr?ref=x");
    expect(withCookie.headers.vary).toContain("Accept-Language");
  });

  it("serves generated files (sitemap) with the site's address, and never the build's private files", async () => {
    const sitemap = await get("/sitemap.xml");
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(sitemap.body).toBe("<urlset><url><loc>https://fonts.example/en</loc></url></urlset>");
    expect((await get("/prerendered/routes.json")).statusCode).toBe(404);
    expect((await get("/prerendered/pages/en.html")).statusCode).toBe(404);
  });
});
