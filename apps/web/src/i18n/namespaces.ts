/** Namespaces every page needs: the shell, the error pages and the cookie banner. */
export const SHELL_NAMESPACES = ["common", "errors", "cookie-consent"] as const;
