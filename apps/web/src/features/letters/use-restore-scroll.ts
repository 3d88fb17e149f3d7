import { useLayoutEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";

const STORAGE_KEY = "handfont.scroll";

function positions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "{}") as Record<string, number>;
  } catch {
    return {};
  }
}

/**
 * Spec §2's "back restores the saved position" for a page whose content arrives after the router has already
 * restored (and, the page being short then, lost) the position: the position is kept per history entry while the
 * page is shown, and put back on back/forward once `ready` says the content is there.
 */
export function useRestoreScroll(ready: boolean) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const restored = useRef(false);

  // A layout effect, so its clean-up still reads this page's position before the next page scrolls to its own.
  useLayoutEffect(() => {
    let frame = 0;
    const save = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        try {
          // The latest few dozen history entries are enough for back and forward.
          const kept = Object.entries(positions())
            .filter(([key]) => key !== location.key)
            .slice(-49);
          sessionStorage.setItem(
            STORAGE_KEY,
            JSON.stringify({ ...Object.fromEntries(kept), [location.key]: window.scrollY }),
          );
        } catch {
          // No storage: back simply starts at the top.
        }
      });
    };
    window.addEventListener("scroll", save, { passive: true });
    return () => {
      window.removeEventListener("scroll", save);
      cancelAnimationFrame(frame);
    };
  }, [location.key]);

  useLayoutEffect(() => {
    if (!ready || restored.current) return;
    restored.current = true;
    if (navigationType !== "POP") return;
    const saved = positions()[location.key];
    if (typeof saved === "number" && Math.abs(window.scrollY - saved) > 1) window.scrollTo(0, saved);
  }, [ready, navigationType, location.key]);
}
