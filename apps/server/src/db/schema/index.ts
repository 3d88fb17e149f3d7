// One schema for PGlite and PostgreSQL, one file per feature; drizzle-kit reads this index.
export * from "./audit.ts";
export * from "./auth.ts";
export * from "./idempotency.ts";
export * from "./jobs.ts";
export * from "./payments.ts";
export * from "./workspace.ts";
