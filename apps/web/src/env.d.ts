/** The web package version, injected at build time by vite.config.ts. */
declare const __HANDFONT_VERSION__: string;
/** The short git commit the bundle was built from; null when the build ran outside a git checkout. */
declare const __HANDFONT_COMMIT__: string | null;
