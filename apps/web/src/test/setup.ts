// jsdom lacks the layout APIs Mantine reads at mount; these stubs answer "no match" and "no resize".
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// findBy… waits up to 5 s instead of 1 s: whole pages render slowly in jsdom on a busy machine.
configure({ asyncUtilTimeout: 5_000 });

// Files that run under `@vitest-environment node` (the API client against a real server) have no window.
const browserLike = typeof window !== "undefined";

if (browserLike && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

if (browserLike && typeof window.ResizeObserver === "undefined") {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

if (browserLike) window.scrollTo = () => {};

afterEach(() => {
  if (browserLike) cleanup();
});
