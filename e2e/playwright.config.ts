import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "@playwright/test";
import { E2E_ADMIN_EMAIL, E2E_ANALYTICS_ID, E2E_OIDC_CLIENT, E2E_STRIPE } from "./support/constants.ts";

const root = fileURLToPath(new URL("..", import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

// The runner evaluates this file first and its workers again; workers inherit the runner's environment, so the
// port and data directory chosen here are the same everywhere.
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "handfont-e2e-"));
process.env.E2E_OIDC_PORT ??= String(await freePort());
process.env.E2E_STRIPE_PORT ??= String(await freePort());
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
const oidcIssuer = `http://127.0.0.1:${process.env.E2E_OIDC_PORT}`;
const stripeApi = `http://127.0.0.1:${process.env.E2E_STRIPE_PORT}`;

export default defineConfig({
  testDir: "tests",
  // Every test keeps its screenshots here (gitignored); scripts/test-all.mjs reads the JSON report.
  outputDir: "output",
  timeout: 30_000,
  expect: { timeout: 10_000 },
  workers: 1,
  // One retry in CI, where a loaded 2-core machine can time out a browser step; a retried pass is reported as flaky.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME
    ? [["list"], ["json"]]
    : [["list"], ["json", { outputFile: "output/report.json" }]],
  globalTeardown: "./support/global-teardown.ts",
  use: {
    baseURL,
    browserName: "chromium",
    locale: "en-US",
    screenshot: "on",
    // Recording a trace (a DOM snapshot and a screencast of every step) took a quarter of the tier's time, on every
    // test that passed. CI records one only when it retries a failed test; a local run, which does not retry, keeps
    // the trace of a failure.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    launchOptions: {
      // Debian's Chromium: Playwright never downloads a browser here.
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: [
    {
      // A local OpenID provider standing in for Google (it cannot be reached from here).
      command: "./node_modules/.bin/node e2e/support/oidc-server.ts",
      cwd: root,
      url: `${oidcIssuer}/.well-known/openid-configuration`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "ignore",
      env: { OIDC_PORT: process.env.E2E_OIDC_PORT, OIDC_REDIRECT_URI: `${baseURL}/api/auth/google/callback` },
    },
    {
      // A local stand-in for the Stripe API whose checkout page pays with a signed webhook (no network here).
      command: "./node_modules/.bin/node apps/server/src/test-support/fake-stripe-server.ts",
      cwd: root,
      url: `${stripeApi}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        FAKE_STRIPE_PORT: process.env.E2E_STRIPE_PORT,
        STRIPE_WEBHOOK_SECRET: E2E_STRIPE.webhookSecret,
        WEBHOOK_URL: `${baseURL}/api/payments/stripe/webhook`,
        // The payment is confirmed a few seconds after the browser is back, so the success page must wait for it.
        FAKE_STRIPE_CONFIRM_DELAY_MS: "4000",
      },
    },
    {
      // The repository's Node 24 (Node 20 on PATH cannot strip types), serving the built web app.
      command: "./node_modules/.bin/node apps/server/src/main.ts",
      cwd: root,
      url: `${baseURL}/api/health`,
      timeout: 90_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        PORT: process.env.E2E_PORT,
        HOST: "127.0.0.1",
        DATA_DIR: process.env.E2E_DATA_DIR,
        NODE_ENV: "test",
        LOG_LEVEL: "warn",
        ANALYTICS_ID: E2E_ANALYTICS_ID,
        OPERATOR_NAME: "Handfont E2E",
        CONTACT_EMAIL: "privacy@handfont.test",
        PUBLIC_URL: baseURL,
        GOOGLE_CLIENT_ID: E2E_OIDC_CLIENT.id,
        GOOGLE_CLIENT_SECRET: E2E_OIDC_CLIENT.secret,
        OIDC_ISSUER: oidcIssuer,
        OIDC_ALLOW_HTTP: "true",
        STRIPE_SECRET_KEY: E2E_STRIPE.secretKey,
        STRIPE_WEBHOOK_SECRET: E2E_STRIPE.webhookSecret,
        STRIPE_API_URL: stripeApi,
        ADMIN_EMAILS: E2E_ADMIN_EMAIL,
        // A real proof of work, at a tenth of the default cost: the browser solves one per sign-up and sign-in, and
        // on a busy machine the default took over 30 s. The captcha's strength is tested on the server.
        ALTCHA_COST: "100",
      },
    },
  ],
});
