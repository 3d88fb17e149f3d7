import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

function issuesOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env, "/srv/handfont");
  } catch (error) {
    if (error instanceof ConfigError) return error.issues;
    throw error;
  }
  return [];
}

describe("configuration", () => {
  it("needs nothing to run: port 3000, ./data, embedded database", () => {
    const config = loadConfig({}, "/srv/handfont");
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe("/srv/handfont/data");
    expect(config.database).toEqual({ driver: "pglite", dataDir: "/srv/handfont/data/pglite" });
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.analyticsId).toBeNull();
    expect(config.environment).toBe("development");
  });

  it("chooses PostgreSQL for a postgres:// DATABASE_URL", () => {
    const config = loadConfig({ DATABASE_URL: "postgres://u@127.0.0.1:5432/db" }, "/");
    expect(config.database).toEqual({ driver: "postgres", url: "postgres://u@127.0.0.1:5432/db" });
  });

  it("names the variable in every complaint", () => {
    expect(issuesOf({ PORT: "eighty" })[0]).toMatch(/^PORT: /);
    expect(issuesOf({ DATABASE_URL: "mysql://x" })[0]).toMatch(/^DATABASE_URL: /);
    expect(issuesOf({ LOG_LEVEL: "loud" })[0]).toMatch(/^LOG_LEVEL: /);
    expect(issuesOf({ PUBLIC_URL: "ftp://x" })[0]).toMatch(/^PUBLIC_URL: /);
    expect(issuesOf({ ANALYTICS_ID: "<script>" })[0]).toMatch(/^ANALYTICS_ID: /);
    expect(issuesOf({ XSRF_SECRET: "short" })[0]).toMatch(/^XSRF_SECRET: /);
  });

  it("reports every bad variable at once", () => {
    expect(issuesOf({ PORT: "-1", NODE_ENV: "staging" })).toHaveLength(2);
  });

  it("insists on a contact address and public URL in production", () => {
    expect(issuesOf({ NODE_ENV: "production", PUBLIC_URL: "https://fonts.example" })[0]).toMatch(/^CONTACT_EMAIL: /);
    expect(issuesOf({ NODE_ENV: "production", CONTACT_EMAIL: "a@b.example" })[0]).toMatch(/^PUBLIC_URL: /);
  });

  it("refuses to start in production without a mail server, naming SMTP_URL", () => {
    const production = { NODE_ENV: "production", PUBLIC_URL: "https://fonts.example", CONTACT_EMAIL: "a@b.example" };
    expect(issuesOf(production)).toEqual([expect.stringMatching(/^SMTP_URL: required when NODE_ENV=production/)]);
    expect(issuesOf({ ...production, SMTP_URL: "smtps://user:pass@mail.example:465" })).toEqual([]);
  });

  it("keeps the development outbox only while the server answers this machine alone", () => {
    expect(loadConfig({}, "/").mail.outbox).toBe(true);
    expect(loadConfig({ HOST: "127.0.0.1", PUBLIC_URL: "http://[::1]:3000" }, "/").mail.outbox).toBe(true);
    expect(loadConfig({ HOST: "0.0.0.0" }, "/").mail.outbox).toBe(false);
    expect(loadConfig({ HOST: "::" }, "/").mail.outbox).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "true" }, "/").mail.outbox).toBe(false);
    expect(loadConfig({ PUBLIC_URL: "https://fonts.example" }, "/").mail.outbox).toBe(false);
    expect(loadConfig({ SMTP_URL: "smtp://127.0.0.1:25" }, "/").mail.outbox).toBe(false);
  });

  it("sizes the engine's worker pool from ENGINE_WORKERS, else leaves one core free", () => {
    expect(loadConfig({ ENGINE_WORKERS: "3" }, "/").engineWorkers).toBe(3);
    expect(loadConfig({}, "/").engineWorkers).toBe(Math.max(1, availableParallelism() - 1));
    expect(issuesOf({ ENGINE_WORKERS: "0" })[0]).toMatch(/^ENGINE_WORKERS: /);
  });

  it("gives each engine worker helper threads for a page's boxes from the cores the pool leaves idle", () => {
    // Whatever this machine has: 8 cores over 2 workers leave each 3 more; 4 workers take them all.
    const cores = availableParallelism();
    expect(loadConfig({ ENGINE_WORKERS: "1" }, "/").engineBoxHelpers).toBe(Math.min(3, cores - 1));
    expect(loadConfig({ ENGINE_WORKERS: String(cores) }, "/").engineBoxHelpers).toBe(0);
    expect(loadConfig({ ENGINE_WORKERS: "1", ENGINE_BOX_HELPERS: "2" }, "/").engineBoxHelpers).toBe(2);
    expect(loadConfig({ ENGINE_BOX_HELPERS: "0" }, "/").engineBoxHelpers).toBe(0);
    expect(issuesOf({ ENGINE_BOX_HELPERS: "9" })[0]).toMatch(/^ENGINE_BOX_HELPERS: /);
  });

  it("runs everything in one process by default; API and worker roles only on PostgreSQL", () => {
    expect(loadConfig({}, "/")).toMatchObject({
      role: "all",
      jobTimes: { leaseMs: 30_000, retryBaseMs: 5_000, pollMs: 1_000 },
    });
    const url = "postgres://db/handfont";
    expect(loadConfig({ ROLE: "worker", DATABASE_URL: url, JOB_LEASE_MS: "2000" }, "/")).toMatchObject({
      role: "worker",
      jobTimes: { leaseMs: 2_000 },
    });
    expect(issuesOf({ ROLE: "api" })[0]).toMatch(/^ROLE: api needs DATABASE_URL=postgres/);
    expect(issuesOf({ ROLE: "worker", DATABASE_URL: "memory://" })[0]).toMatch(/^ROLE: worker needs/);
    expect(issuesOf({ ROLE: "both" })[0]).toMatch(/^ROLE: /);
  });

  it("treats an empty variable as unset", () => {
    expect(loadConfig({ ANALYTICS_ID: "", PORT: "" }, "/").port).toBe(3000);
  });

  it("keeps an absolute DATA_DIR and trims the public URL's trailing slash", () => {
    const config = loadConfig({ DATA_DIR: "/var/lib/handfont", PUBLIC_URL: "https://fonts.example/" }, "/x");
    expect(config.dataDir).toBe("/var/lib/handfont");
    expect(config.publicUrl).toBe("https://fonts.example");
  });

  it("defaults accounts to ALTCHA, the log outbox, no Google and OWASP argon2 settings", () => {
    const config = loadConfig({}, "/");
    expect(config.captcha).toMatchObject({ provider: "altcha", secret: null, verifyUrl: null });
    expect(config.mail.smtpUrl).toBeNull();
    expect(config.google).toBeNull();
    expect(config.secured).toBeNull();
    expect(config.argon2).toEqual({ memoryKib: 19_456, iterations: 2 });
  });

  it("refuses a remote captcha without its keys (fail closed) and fills in its verify address", () => {
    expect(issuesOf({ CAPTCHA_PROVIDER: "turnstile" })).toEqual([
      "CAPTCHA_SECRET: required when CAPTCHA_PROVIDER=turnstile",
      "CAPTCHA_SITE_KEY: required when CAPTCHA_PROVIDER=turnstile",
    ]);
    const config = loadConfig({ CAPTCHA_PROVIDER: "hcaptcha", CAPTCHA_SECRET: "s", CAPTCHA_SITE_KEY: "k" }, "/");
    expect(config.captcha.verifyUrl).toBe("https://api.hcaptcha.com/siteverify");
  });

  it("refuses weak argon2 settings in production and half-given credential pairs", () => {
    const production = {
      NODE_ENV: "production",
      PUBLIC_URL: "https://f.example",
      CONTACT_EMAIL: "a@f.example",
      SMTP_URL: "smtp://mail.f.example",
    };
    expect(issuesOf({ ...production, ARGON2_MEMORY_KIB: "256" })).toEqual([
      "ARGON2_MEMORY_KIB: at least 19456 when NODE_ENV=production",
    ]);
    expect(issuesOf({ ...production, OIDC_ALLOW_HTTP: "true" })).toEqual([
      "OIDC_ALLOW_HTTP: only for tests against a local provider",
    ]);
    expect(issuesOf({ GOOGLE_CLIENT_ID: "id" })[0]).toMatch(/^GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET: /);
    expect(issuesOf({ SECURED_USERNAME: "ops" })[0]).toMatch(/^SECURED_USERNAME, SECURED_PASSWORD: /);
  });

  it("lower-cases the admin addresses", () => {
    expect(loadConfig({ ADMIN_EMAILS: " Boss@Example.com, ,ops@example.com" }, "/").adminEmails).toEqual([
      "boss@example.com",
      "ops@example.com",
    ]);
  });
});
