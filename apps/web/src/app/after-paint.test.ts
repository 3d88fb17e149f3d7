import { describe, expect, it, vi } from "vitest";
import {
  AFTER_PAINT_TEMPLATE_ID,
  afterNextPaint,
  holdClicksUntilInteractive,
  INTERACTIVE_ATTRIBUTE,
  loadApp,
  nextTask,
} from "./after-paint.ts";

describe("a prerendered page's start after its first paint", () => {
  it("fetches the listed stylesheets and modules only when asked, then imports the app's entry", async () => {
    document.head.innerHTML = "<style>.a{}</style>";
    document.body.innerHTML = `<div id="root"><p>Text</p></div><template id="${AFTER_PAINT_TEMPLATE_ID}"><link rel="modulepreload" crossorigin href="/assets/index-a.js" data-app-entry><link rel="modulepreload" crossorigin href="/assets/react-b.js"><link rel="stylesheet" crossorigin href="/assets/index-c.css"></template>`;
    // Inert until then: a template's content is not part of the document.
    expect(document.querySelectorAll("link")).toHaveLength(0);
    const importModule = vi.fn(async () => undefined);
    await loadApp(document, importModule, async () => undefined);
    expect([...document.head.querySelectorAll("link")].map((link) => link.getAttribute("href"))).toEqual([
      "/assets/index-a.js",
      "/assets/react-b.js",
      "/assets/index-c.css",
    ]);
    expect(importModule).toHaveBeenCalledExactlyOnceWith(new URL("/assets/index-a.js", document.baseURI).href);
    expect(document.getElementById(AFTER_PAINT_TEMPLATE_ID)).toBeNull();
  });

  it("evaluates the marked chunks one per task, in their order, before the entry", async () => {
    document.body.innerHTML = `<div id="root"></div><template id="${AFTER_PAINT_TEMPLATE_ID}"><link rel="modulepreload" href="/assets/index-a.js" data-app-entry><link rel="modulepreload" href="/assets/runtime-r.js" data-evaluate-first><link rel="modulepreload" href="/assets/react-b.js" data-evaluate-first><link rel="modulepreload" href="/assets/Home-h.js"></template>`;
    const steps: string[] = [];
    await loadApp(
      document,
      async (url) => void steps.push(new URL(url).pathname),
      async () => void steps.push("yield"),
    );
    expect(steps).toEqual(["/assets/runtime-r.js", "yield", "/assets/react-b.js", "yield", "/assets/index-a.js"]);
  });

  it("yields in a task of its own", async () => {
    const order: string[] = [];
    const yielded = nextTask().then(() => order.push("next task"));
    queueMicrotask(() => order.push("microtask"));
    await yielded;
    expect(order).toEqual(["microtask", "next task"]);
  });

  it("imports nothing on a page that has no template", async () => {
    document.body.innerHTML = `<div id="root"></div>`;
    const importModule = vi.fn(async () => undefined);
    await loadApp(document, importModule);
    expect(importModule).not.toHaveBeenCalled();
  });

  it("waits for a frame to be painted, and not in a hidden tab, which paints none", async () => {
    const frames: FrameRequestCallback[] = [];
    const view = (visibilityState: DocumentVisibilityState) =>
      ({
        document: { visibilityState },
        requestAnimationFrame: (callback: FrameRequestCallback) => frames.push(callback),
        setTimeout: (callback: () => void) => setTimeout(callback, 0),
      }) as unknown as Window;
    let started = false;
    const visible = afterNextPaint(view("visible")).then(() => {
      started = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(started).toBe(false);
    for (const frame of frames) frame(0);
    await visible;
    expect(started).toBe(true);
    frames.length = 0;
    await afterNextPaint(view("hidden"));
    expect(frames).toHaveLength(0);
  });

  it("holds a tap on a button until the app is interactive, then clicks it once for the app; links are not held", async () => {
    document.documentElement.removeAttribute(INTERACTIVE_ATTRIBUTE);
    document.body.innerHTML = '<button type="button" id="menu">Menu</button><a href="#top" id="link">Top</a>';
    const menu = document.getElementById("menu")!;
    const seen: string[] = [];
    // The app's own listener, as React's root adds it.
    document.body.addEventListener("click", (event) => void seen.push((event.target as Element).id));
    holdClicksUntilInteractive(document);
    menu.click();
    menu.click();
    document.getElementById("link")!.click();
    expect(seen).toEqual(["link"]);
    document.documentElement.setAttribute(INTERACTIVE_ATTRIBUTE, "");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen).toEqual(["link", "menu"]);
    menu.click();
    expect(seen).toEqual(["link", "menu", "menu"]);
  });

  it("drops a held tap whose button the app replaced", async () => {
    document.documentElement.removeAttribute(INTERACTIVE_ATTRIBUTE);
    document.body.innerHTML = '<button type="button" id="menu">Menu</button>';
    holdClicksUntilInteractive(document);
    document.getElementById("menu")!.click();
    document.body.innerHTML = '<button type="button" id="menu">Menu</button>';
    const seen: string[] = [];
    document.body.addEventListener("click", (event) => void seen.push((event.target as Element).id));
    document.documentElement.setAttribute(INTERACTIVE_ATTRIBUTE, "");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen).toEqual([]);
  });
});
