import classes from "./buttons.module.css";

export type ButtonVariant = "filled" | "default" | "light" | "subtle";
export type ButtonSize = "md" | "lg" | "compact" | "icon";

/** Class names of a button-styled link or button (buttons.module.css). */
export function buttonClass(variant: ButtonVariant = "filled", size: ButtonSize = "md", extra?: string): string {
  return [classes.button, classes[variant], classes[size], extra].filter(Boolean).join(" ");
}

export const responsive = { fromSm: classes.fromSm, belowSm: classes.belowSm };
