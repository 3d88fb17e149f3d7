// jsdom lacks the layout APIs Mantine reads at mount; these stubs answer "no match" and "no resize".
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

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
