import type { Language } from "@handfont/contract";
import { forwardRef } from "react";
import { Link, type LinkProps } from "react-router";
import { loadNamespaces } from "../i18n/i18n.ts";
import { PAGES, type PageId, pagePath } from "./pages.ts";
import { createPreloadQueue } from "./preload-queue.ts";
import { useLanguage } from "./use-language.ts";

const preloads = createPreloadQueue();

/** Starts loading a page's code and texts before the click (spec §9: at most four at once). */
export function preloadPage(language: Language, page: PageId): Promise<void> {
  const definition = PAGES[page];
  return preloads.preload(`${language}/${page}`, () =>
    Promise.all([definition.load(), loadNamespaces(language, definition.namespaces)]),
  );
}

export interface AppLinkProps extends Omit<LinkProps, "to"> {
  page: PageId;
  hash?: string;
  /** A query string, with its "?" ("?next=%2Fen%2Fapp"). */
  search?: string;
  /** Defaults to the active language. */
  language?: Language;
}

/** A link to one of our pages in the active language, preloaded on hover, focus or touch. */
export const AppLink = forwardRef<HTMLAnchorElement, AppLinkProps>(function AppLink(
  { page, hash, search, language, onMouseEnter, onFocus, onTouchStart, ...rest },
  ref,
) {
  const active = useLanguage();
  const target = language ?? active;
  const preload = () => void preloadPage(target, page);
  return (
    <Link
      ref={ref}
      to={search ? `${pagePath(target, page)}${search}${hash ? `#${hash}` : ""}` : pagePath(target, page, hash)}
      onMouseEnter={(event) => {
        preload();
        onMouseEnter?.(event);
      }}
      onFocus={(event) => {
        preload();
        onFocus?.(event);
      }}
      onTouchStart={(event) => {
        preload();
        onTouchStart?.(event);
      }}
      {...rest}
    />
  );
});
