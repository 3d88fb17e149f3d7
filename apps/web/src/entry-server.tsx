import type { Language } from "@handfont/contract";
import { prerenderToNodeStream } from "react-dom/static";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { AppProviders } from "./app/AppProviders.tsx";
import type { PageMeta } from "./app/head.ts";
import { createQueryClient } from "./app/query-client.ts";
import { createRoutes } from "./app/router.tsx";
import { type HeadCollector, HeadCollectorContext } from "./app/use-page-meta.ts";
import { i18n } from "./i18n/i18n.ts";

export { headTags, ORIGIN_PLACEHOLDER, renderHeadTags } from "./app/head.ts";

export interface PrerenderedPage {
  status: number;
  /** The HTML of `#root`. */
  html: string;
  meta: PageMeta | null;
  language: Language;
}

/**
 * Renders one URL of the app to HTML the way the browser's first render will draw it (signed out, no consent
 * banner yet), for scripts/prerender.ts. Loaders and lazy pages are awaited; a redirect is returned as such.
 */
export async function render(pathname: string): Promise<PrerenderedPage | { redirect: string; status: number }> {
  const handler = createStaticHandler(createRoutes());
  const context = await handler.query(new Request(`http://prerender.invalid${pathname}`));
  if (context instanceof Response) {
    return { redirect: context.headers.get("location") ?? "/", status: context.status };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const collector: HeadCollector = { meta: null };
  const { prelude } = await prerenderToNodeStream(
    <HeadCollectorContext.Provider value={collector}>
      <AppProviders queryClient={createQueryClient()}>
        {/* hydrate={false}: no inline data script (the CSP allows none); the browser runs the same loaders. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </HeadCollectorContext.Provider>,
    // Every Suspense boundary's content inline where it stands: past this size React would move a boundary's
    // content to the end of the document and reveal it with an inline script, which the CSP blocks.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk));
  return {
    status: context.statusCode,
    html: Buffer.concat(chunks).toString("utf8"),
    meta: collector.meta,
    language: i18n.language as Language,
  };
}
