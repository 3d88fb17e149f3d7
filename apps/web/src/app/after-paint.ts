// The start of a prerendered page (build/first-paint.ts): the page paints from its HTML and inline CSS alone, and
// only then does the browser fetch the app (stylesheets, modules, the page's own chunks, listed inert in a
// <template>) and start it, which hydrates the page. Nothing the first paint does not need loads before it.
// This module imports nothing, so the page's one script before the paint stays a single small file.

/** The <template> holding the links the page fetches after its first paint. */
export const AFTER_PAINT_TEMPLATE_ID = "after-paint";
/** Marks, among those links, the module preload of the app's entry (src/main.tsx), which the loader imports. */
export const APP_ENTRY_ATTRIBUTE = "data-app-entry";
/**
 * Marks the chunks the entry imports statically, in the order the browser would evaluate them (dependencies first):
 * the loader evaluates them one per task before the entry. Evaluated together they made one task of ~25 ms of CPU
 * (React's chunk is most of it), ~100 ms on Lighthouse's 4x slower phone, all of it blocking.
 */
export const EVALUATE_FIRST_ATTRIBUTE = "data-evaluate-first";

/** The attribute the app sets on <html> once it has hydrated the page and answers clicks (src/app/RootLayout.tsx). */
export const INTERACTIVE_ATTRIBUTE = "data-interactive";

/**
 * Holds the clicks on the page's buttons (the menu, the language list, the cookie settings) until the app is
 * interactive, then clicks each held button again for it: a tap in the second or so between the first paint and
 * hydration would otherwise do nothing. Links are not held: they are real links and work before the app does.
 * (Handing the clicks to React as soon as its root exists is too early: a click on the root before its first
 * hydration pass is dropped.)
 */
export function holdClicksUntilInteractive(doc: Document): void {
  const held = new Set<HTMLElement>();
  const hold = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest("button") : null;
    if (!button) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held.add(button);
  };
  doc.addEventListener("click", hold, true);
  const observer = new (doc.defaultView as Window & typeof globalThis).MutationObserver(() => {
    if (!doc.documentElement.hasAttribute(INTERACTIVE_ATTRIBUTE)) return;
    observer.disconnect();
    doc.removeEventListener("click", hold, true);
    // React hydrates a header or footer not hydrated yet before it answers a click there.
    for (const button of held) if (button.isConnected) button.click();
  });
  observer.observe(doc.documentElement, { attributes: true, attributeFilter: [INTERACTIVE_ATTRIBUTE] });
}

/** Resolves after the next frame is painted (at once in a hidden tab, which paints none). */
export function afterNextPaint(view: Window = window): Promise<void> {
  return new Promise((resolve) => {
    if (view.document.visibilityState === "hidden") return resolve();
    // A frame's animation callbacks run just before it is painted; a task queued from one runs after that paint.
    view.requestAnimationFrame(() => view.setTimeout(resolve, 0));
  });
}

/** Resolves in a task of its own, so the browser may paint and handle input in between (no timer clamping). */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Moves the template's links into <head> (the browser fetches them all at once), evaluates the entry's chunks one
 * per task, then imports the app's entry. A page without the template (none is prerendered so) imports nothing.
 */
export async function loadApp(
  doc: Document,
  importModule: (url: string) => Promise<unknown>,
  yieldToBrowser: () => Promise<void> = nextTask,
): Promise<void> {
  const template = doc.getElementById(AFTER_PAINT_TEMPLATE_ID);
  if (!(template instanceof doc.defaultView!.HTMLTemplateElement)) return;
  // The template's content lives in a document of its own, without the page's address: resolve against the page.
  const url = (link: Element) => new URL(link.getAttribute("href") ?? "", doc.baseURI).href;
  const entry = template.content.querySelector(`link[${APP_ENTRY_ATTRIBUTE}]`);
  if (!entry) throw new Error(`The after-paint template lists no ${APP_ENTRY_ATTRIBUTE} link`);
  const first = [...template.content.querySelectorAll(`link[${EVALUATE_FIRST_ATTRIBUTE}]`)].map(url);
  doc.head.append(doc.importNode(template.content, true));
  template.remove();
  for (const chunk of first) {
    await importModule(chunk);
    await yieldToBrowser();
  }
  await importModule(url(entry));
}
