import { availableParallelism } from "node:os";
import { CAPTCHA_PROVIDERS, type CaptchaProvider } from "@handfont/contract";
import { z } from "zod";
import { BLOB_ENV, type BlobConfig, blobConfig, blobIssues } from "./blob-config.ts";
import { PAYMENT_ENV, type PaymentConfig, paymentConfig, paymentIssues } from "./payment-config.ts";

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
  ENGINE_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  ENGINE_BOX_HELPERS: z.coerce.number().int().min(0).max(8).optional(),
  ROLE: z.enum(["all", "api", "worker"]).default("all"),
  JOB_LEASE_MS: z.coerce.number().int().min(500).max(600_000).default(30_000),
  JOB_RETRY_MS: z.coerce.number().int().min(10).max(3_600_000).default(5_000),
  JOB_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1_000),
  CAPTCHA_PROVIDER: z.enum(CAPTCHA_PROVIDERS).default("altcha"),
  CAPTCHA_SECRET: z.string().min(1).optional(),
  CAPTCHA_SITE_KEY: z.string().min(1).optional(),
  CAPTCHA_VERIFY_URL: z.url({ protocol: /^https?$/ }).optional(),
  CAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  ALTCHA_COST: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  ALTCHA_MAX_NUMBER: z.coerce.number().int().min(10).max(10_000_000).default(3000),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_ISSUER: z.url({ protocol: /^https?$/ }).default("https://accounts.google.com"),
  OIDC_ALLOW_HTTP: z.enum(["true", "false"]).default("false"),
  ADMIN_EMAILS: z.string().default(""),
  SECURED_USERNAME: z.string().min(1).optional(),
  SECURED_PASSWORD: z.string().min(12, "must be at least 12 characters").optional(),
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(64).max(4_194_304).default(19_456),
  ARGON2_ITERATIONS: z.coerce.number().int().min(1).max(100).default(2),
  ...PAYMENT_ENV,
  ...BLOB_ENV,
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
  /** Worker threads that read scans and compile fonts, so the event loop keeps answering requests. */
  engineWorkers: number;
  /** Threads each engine worker reads a page's boxes with besides its own, so one page is read sooner. */
  engineBoxHelpers: number;
  /**
   * What this process does: `all` answers requests and runs jobs (the default, one process); `api` only answers
   * requests and `worker` only runs jobs, so production runs N of each on one PostgreSQL database.
   */
  role: "all" | "api" | "worker";
  /** The job queue's lease (a dead worker's jobs are taken over after it), first retry delay and polling period. */
  jobTimes: { leaseMs: number; retryBaseMs: number; pollMs: number };
  /** Secrets given by the environment; the rest are generated and kept in DATA_DIR (see secrets.ts). */
  givenSecrets: Partial<Record<SecretName, string>>;
  captcha: CaptchaConfig;
  /**
   * `outbox`: mails are kept for GET /api/debug/outbox instead of sent. Only for the machine's owner: outside
   * production, without SMTP_URL, while the server listens on loopback alone and no proxy sits in front of it.
   */
  mail: { smtpUrl: string | null; from: string; outbox: boolean };
  /** Google sign-in (OpenID Connect); null when not configured, and then the button is not shown. */
  google: { clientId: string; clientSecret: string; issuer: string; allowInsecureRequests: boolean } | null;
  /** Addresses (lower case) that receive the ADMIN role when they are confirmed. */
  adminEmails: readonly string[];
  /** HTTP Basic credentials of `GET /secured/`; null means the call accepts nobody. */
  secured: { username: string; password: string } | null;
  argon2: { memoryKib: number; iterations: number };
  /** Premium prices and the payment routes whose keys are set (payment-config.ts). */
  payments: PaymentConfig;
  /** Where uploaded scans, built fonts and template PDFs are kept (blob-config.ts). */
  blobs: BlobConfig;
}

export interface CaptchaConfig {
  provider: CaptchaProvider;
  /** Secret of a remote provider (reCAPTCHA, Turnstile, hCaptcha); null for ALTCHA, which needs none. */
  secret: string | null;
  siteKey: string | null;
  /** The provider's siteverify address, overridable so tests can point it at a local peer. */
  verifyUrl: string | null;
  /** reCAPTCHA v3 answers a score; below this the captcha fails. */
  minScore: number;
  /** ALTCHA proof of work: PBKDF2/SHA-256 iterations per try and the largest counter to find. */
  altcha: { cost: number; maxNumber: number };
}

const VERIFY_URLS: Record<Exclude<CaptchaProvider, "altcha">, string> = {
  recaptcha: "https://www.google.com/recaptcha/api/siteverify",
  turnstile: "https://challenges.cloudflare.com/turnstile/v0/siteverify",
  hcaptcha: "https://api.hcaptcha.com/siteverify",
};

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
  const issues = [...captchaIssues(e), ...productionIssues(e), ...paymentIssues(e), ...blobIssues(e)];
  if ((e.GOOGLE_CLIENT_ID === undefined) !== (e.GOOGLE_CLIENT_SECRET === undefined)) {
    issues.push("GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET: give both or neither");
  }
  if ((e.SECURED_USERNAME === undefined) !== (e.SECURED_PASSWORD === undefined)) {
    issues.push("SECURED_USERNAME, SECURED_PASSWORD: give both or neither");
  }
  if (e.ROLE !== "all" && !e.DATABASE_URL?.startsWith("postgres")) {
    issues.push(`ROLE: ${e.ROLE} needs DATABASE_URL=postgres://… (the embedded database belongs to one process)`);
  }
  if (issues.length > 0) throw new ConfigError(issues);
  const dataDir = resolvePath(cwd, e.DATA_DIR);
  const database: Config["database"] =
    e.DATABASE_URL === undefined
      ? { driver: "pglite", dataDir: `${dataDir}/pglite` }
      : e.DATABASE_URL.startsWith("memory://")
        ? { driver: "pglite-memory" }
        : { driver: "postgres", url: e.DATABASE_URL };
  const givenSecrets: Config["givenSecrets"] = {};
  for (const name of SECRET_NAMES) if (e[name]) givenSecrets[name] = e[name];
  // One core stays free for the event loop and the database when there are several.
  const engineWorkers = e.ENGINE_WORKERS ?? Math.max(1, availableParallelism() - 1);
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
    engineWorkers,
    // Cores the workers leave idle read a page's boxes alongside them: on two cores one worker reads with one helper.
    engineBoxHelpers:
      e.ENGINE_BOX_HELPERS ?? Math.max(0, Math.min(3, Math.floor(availableParallelism() / engineWorkers) - 1)),
    role: e.ROLE,
    jobTimes: { leaseMs: e.JOB_LEASE_MS, retryBaseMs: e.JOB_RETRY_MS, pollMs: e.JOB_POLL_MS },
    givenSecrets,
    captcha: {
      provider: e.CAPTCHA_PROVIDER,
      secret: e.CAPTCHA_SECRET ?? null,
      siteKey: e.CAPTCHA_SITE_KEY ?? null,
      verifyUrl: e.CAPTCHA_PROVIDER === "altcha" ? null : (e.CAPTCHA_VERIFY_URL ?? VERIFY_URLS[e.CAPTCHA_PROVIDER]),
      minScore: e.CAPTCHA_MIN_SCORE,
      altcha: { cost: e.ALTCHA_COST, maxNumber: e.ALTCHA_MAX_NUMBER },
    },
    mail: {
      smtpUrl: e.SMTP_URL ?? null,
      from: e.MAIL_FROM ?? `${e.OPERATOR_NAME} <no-reply@localhost>`,
      outbox:
        e.NODE_ENV !== "production" &&
        e.SMTP_URL === undefined &&
        e.TRUST_PROXY === "false" &&
        isLoopbackHost(e.HOST) &&
        (e.PUBLIC_URL === undefined || isLoopbackHost(new URL(e.PUBLIC_URL).hostname)),
    },
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            issuer: e.OIDC_ISSUER,
            allowInsecureRequests: e.OIDC_ALLOW_HTTP === "true",
          }
        : null,
    adminEmails: e.ADMIN_EMAILS.split(",")
      .map((address) => address.trim().toLowerCase())
      .filter((address) => address !== ""),
    secured:
      e.SECURED_USERNAME && e.SECURED_PASSWORD ? { username: e.SECURED_USERNAME, password: e.SECURED_PASSWORD } : null,
    argon2: { memoryKib: e.ARGON2_MEMORY_KIB, iterations: e.ARGON2_ITERATIONS },
    payments: paymentConfig(e),
    blobs: blobConfig(e, dataDir),
  };
}

// A remote captcha without its keys would let everybody through or nobody: refuse to start instead (fail closed).
function captchaIssues(e: Env): string[] {
  if (e.CAPTCHA_PROVIDER === "altcha") return [];
  const missing = (["CAPTCHA_SECRET", "CAPTCHA_SITE_KEY"] as const).filter((name) => e[name] === undefined);
  return missing.map((name) => `${name}: required when CAPTCHA_PROVIDER=${e.CAPTCHA_PROVIDER}`);
}

// OWASP's minimum for Argon2id is 19 MiB and 2 iterations; lower settings exist only to keep tests fast.
function productionIssues(e: Env): string[] {
  if (e.NODE_ENV !== "production") return [];
  const issues: string[] = [];
  if (e.ARGON2_MEMORY_KIB < 19_456) issues.push("ARGON2_MEMORY_KIB: at least 19456 when NODE_ENV=production");
  if (e.ARGON2_ITERATIONS < 2) issues.push("ARGON2_ITERATIONS: at least 2 when NODE_ENV=production");
  if (e.OIDC_ALLOW_HTTP === "true") issues.push("OIDC_ALLOW_HTTP: only for tests against a local provider");
  // Without a mail server nobody could confirm an address or reset a password (and the outbox never exists there).
  if (e.SMTP_URL === undefined) {
    issues.push("SMTP_URL: required when NODE_ENV=production (confirmation and password-reset mails are sent over it)");
  }
  return issues;
}

/**
 * True for names and addresses that reach only this machine: localhost, 127.0.0.0/8 and ::1 (also in brackets, as
 * URLs write it). 0.0.0.0, :: and every other address may be reachable from elsewhere.
 */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[(.*)\]$/, "$1");
  return (
    name === "localhost" ||
    name === "::1" ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name) ||
    /^::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name)
  );
}

function resolvePath(cwd: string, path: string): string {
  if (path.startsWith("/")) return path;
  return `${cwd.replace(/\/+$/, "")}/${path.replace(/^\.\//, "")}`.replace(/\/+$/, "");
}
