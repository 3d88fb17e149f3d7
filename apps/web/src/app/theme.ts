import { createTheme } from "@mantine/core";
import { MANTINE_BREAKPOINTS } from "../device/breakpoints.ts";

/** Handfont's Mantine theme: dark by default (set on the provider), violet ink, the spec's breakpoints. */
export const theme = createTheme({
  primaryColor: "violet",
  primaryShade: { light: 6, dark: 5 },
  breakpoints: MANTINE_BREAKPOINTS,
  defaultRadius: "md",
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Helvetica Neue', Arial, sans-serif",
  headings: { fontWeight: "700" },
  focusRing: "auto",
});
