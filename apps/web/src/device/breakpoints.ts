/** Layout breakpoints of spec §9, in CSS pixels. */
export const BREAKPOINTS = { sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 } as const;
export type Breakpoint = keyof typeof BREAKPOINTS;

/** Spec §9: below this breakpoint the layout is the mobile one (collapsed navigation). */
export const MOBILE_BREAKPOINT: Breakpoint = "lg";

/** Mantine takes breakpoints in em (16 px); xs is Mantine's own extra step below the spec's sm. */
export const MANTINE_BREAKPOINTS = {
  xs: "30em",
  sm: `${BREAKPOINTS.sm / 16}em`,
  md: `${BREAKPOINTS.md / 16}em`,
  lg: `${BREAKPOINTS.lg / 16}em`,
  xl: `${BREAKPOINTS.xl / 16}em`,
  xxl: `${BREAKPOINTS.xxl / 16}em`,
};

/** The largest breakpoint whose width the viewport reaches, or "xs" below sm. */
export function breakpointOf(width: number): Breakpoint | "xs" {
  let current: Breakpoint | "xs" = "xs";
  for (const [name, min] of Object.entries(BREAKPOINTS) as [Breakpoint, number][]) {
    if (width >= min) current = name;
  }
  return current;
}
