import { createTheme } from "@mantine/core";
import { MANTINE_BREAKPOINTS } from "../device/breakpoints.ts";

/** Handfont's Mantine theme: dark by default (set on the provider), violet ink, the spec's breakpoints. */
export const theme = createTheme({
  primaryColor: "violet",
  // Shade 6 keeps white button text above 4.5:1 (WCAG AA); shade 5 reached only 4.26:1.
  primaryShade: { light: 6, dark: 6 },
  breakpoints: MANTINE_BREAKPOINTS,
  defaultRadius: "md",
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Helvetica Neue', Arial, sans-serif",
  headings: { fontWeight: "700" },
  focusRing: "auto",
  components: {
    // Links are told apart from the text around them by an underline, not by colour alone (WCAG 1.4.1). By name,
    // not Anchor.extend: the theme is on every page, and importing Anchor would put it there too.
    Anchor: { defaultProps: { underline: "always" } },
  },
});
