import type { MouseEvent } from "react";
import { useNavigate } from "react-router";
import classes from "./Article.module.css";

/**
 * HTML compiled from our own Markdown at build time (no raw HTML is allowed in it, so nothing foreign gets in).
 * Clicks on links to our own pages stay in the app instead of reloading it.
 */
export function Article({ html }: { html: string }) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const link = (event.target as HTMLElement).closest("a");
    const href = link?.getAttribute("href");
    if (!href?.startsWith("/") || href.startsWith("//") || href.startsWith("/content-images/")) return;
    event.preventDefault();
    void navigate(href);
  };
  return (
    // The HTML is ours: compiled from the repository's Markdown, where raw HTML fails the build. Only the links
    // inside are interactive and keep their keyboard behaviour (Enter on a link fires this click).
    // biome-ignore lint/security/noDangerouslySetInnerHtml: see above
    // biome-ignore lint/a11y/useKeyWithClickEvents: see above
    // biome-ignore lint/a11y/noStaticElementInteractions: see above
    <div className={classes.prose} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
