export * from "./auth.ts";
export * from "./auth-messages.ts";
export * from "./errors.ts";
export * from "./health.ts";
export * from "./languages.ts";
export * from "./plans.ts";
export * from "./public-config.ts";
