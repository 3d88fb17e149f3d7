export * from "./errors.ts";
export * from "./health.ts";
export * from "./languages.ts";
export * from "./plans.ts";
export * from "./public-config.ts";
export * from "./scan-warnings.ts";
export * from "./workspace.ts";
export * from "./workspace-errors.ts";
