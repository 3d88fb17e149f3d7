// The start of a prerendered page (build/first-paint.ts): the page paints from its HTML and inline CSS alone, and
// only then does the browser fetch the app (stylesheets, modules, the page's own chunks, listed inert in a
// <template>) and start it, which hydrates the page. Nothing the first paint does not need loads before it.
// This module imports nothing, so the page's one script before the paint stays a single small file.

/** The <template> holding the links the page fetches after its first paint. */
export const AFTER_PAINT_TEMPLATE_ID = "after-paint";
/** Marks, among those links, the module preload of the app's entry (src/main.tsx), which the loader imports. */
export const APP_ENTRY_ATTRIBUTE = "data-app-entry";

/** Resolves after the next frame is painted (at once in a hidden tab, which paints none). */
export function afterNextPaint(view: Window = window): Promise<void> {
  return new Promise((resolve) => {
    if (view.document.visibilityState === "hidden") return resolve();
    // A frame's animation callbacks run just before it is painted; a task queued from one runs after that paint.
    view.requestAnimationFrame(() => view.setTimeout(resolve, 0));
  });
}

/**
 * Moves the template's links into <head> (the browser fetches them all at once) and imports the app's entry.
 * A page without the template (none is prerendered so) imports nothing.
 */
export function loadApp(doc: Document, importModule: (url: string) => Promise<unknown>): Promise<unknown> {
  const template = doc.getElementById(AFTER_PAINT_TEMPLATE_ID);
  if (!(template instanceof doc.defaultView!.HTMLTemplateElement)) return Promise.resolve();
  // The template's content lives in a document of its own, without the page's address: resolve against the page.
  const entry = template.content.querySelector(`link[${APP_ENTRY_ATTRIBUTE}]`)?.getAttribute("href");
  if (!entry) throw new Error(`The after-paint template lists no ${APP_ENTRY_ATTRIBUTE} link`);
  doc.head.append(doc.importNode(template.content, true));
  template.remove();
  return importModule(new URL(entry, doc.baseURI).href);
}
