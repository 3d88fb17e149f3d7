import { z } from "zod";

/** Every environment variable the server reads, declared once (CONVENTIONS.md: configuration declared once). */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("localhost"),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|memory:\/\/)/, "must start with postgres://, postgresql:// or memory://")
    .optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  ANALYTICS_ID: z
    .string()
    .regex(/^[A-Za-z0-9-]{3,40}$/, "must look like a tag id such as G-XXXXXXX")
    .optional(),
  OPERATOR_NAME: z.string().min(1).max(200).default("Handfont"),
  CONTACT_EMAIL: z.email().optional(),
  TRUST_PROXY: z.enum(["true", "false"]).default("false"),
  COOKIE_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  XSRF_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  CAPTCHA_HMAC_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  JWT_PRIVATE_KEY: z.string().includes("PRIVATE KEY", { message: "must be a PEM private key" }).optional(),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  database: { driver: "pglite"; dataDir: string } | { driver: "pglite-memory" } | { driver: "postgres"; url: string };
  logLevel: Env["LOG_LEVEL"];
  environment: Env["NODE_ENV"];
  analyticsId: string | null;
  operator: { name: string; contactEmail: string };
  trustProxy: boolean;
  /** Secrets given by the environment; the rest are generated and kept in DATA_DIR (see secrets.ts). */
  givenSecrets: Partial<Record<SecretName, string>>;
}

export const SECRET_NAMES = ["COOKIE_SECRET", "XSRF_SECRET", "CAPTCHA_HMAC_SECRET", "JWT_PRIVATE_KEY"] as const;
export type SecretName = (typeof SECRET_NAMES)[number];

export class ConfigError extends Error {
  readonly issues: string[];
  constructor(issues: string[]) {
    super(`Invalid configuration:\n  ${issues.join("\n  ")}`);
    this.name = "ConfigError";
    this.issues = issues;
  }
}

/** Validates the environment and derives the server configuration; every problem names its variable. */
export function loadConfig(env: Record<string, string | undefined>, cwd: string): Config {
  // An empty variable means "not set", as in .env files where `ANALYTICS_ID=` is left blank.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`));
  }
  const e = parsed.data;
  if (e.NODE_ENV === "production" && !e.CONTACT_EMAIL) {
    throw new ConfigError(["CONTACT_EMAIL: required when NODE_ENV=production (the legal pages name it)"]);
  }
  if (e.NODE_ENV === "production" && !e.PUBLIC_URL) {
    throw new ConfigError(["PUBLIC_URL: required when NODE_ENV=production (links in e-mails use it)"]);
  }
  const dataDir = resolvePath(cwd, e.DATA_DIR);
  const database: Config["database"] =
    e.DATABASE_URL === undefined
      ? { driver: "pglite", dataDir: `${dataDir}/pglite` }
      : e.DATABASE_URL.startsWith("memory://")
        ? { driver: "pglite-memory" }
        : { driver: "postgres", url: e.DATABASE_URL };
  const givenSecrets: Config["givenSecrets"] = {};
  for (const name of SECRET_NAMES) if (e[name]) givenSecrets[name] = e[name];
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    dataDir,
    database,
    logLevel: e.LOG_LEVEL,
    environment: e.NODE_ENV,
    analyticsId: e.ANALYTICS_ID ?? null,
    operator: { name: e.OPERATOR_NAME, contactEmail: e.CONTACT_EMAIL ?? "admin@localhost" },
    trustProxy: e.TRUST_PROXY === "true",
    givenSecrets,
  };
}

function resolvePath(cwd: string, path: string): string {
  if (path.startsWith("/")) return path;
  return `${cwd.replace(/\/+$/, "")}/${path.replace(/^\.\//, "")}`.replace(/\/+$/, "");
}
