import { startFakeStripeApi } from "./fake-stripe-api.ts";

// The fake Stripe API as a process, for the end-to-end tests (e2e/playwright.config.ts starts it): its checkout page
// "pays" by sending a signed webhook to WEBHOOK_URL and returning the browser to the session's success_url.
const port = Number(process.env.FAKE_STRIPE_PORT);
const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET;
const webhookUrl = process.env.WEBHOOK_URL;
if (!port || !webhookSecret || !webhookUrl) {
  process.stderr.write("FAKE_STRIPE_PORT, STRIPE_WEBHOOK_SECRET and WEBHOOK_URL are required\n");
  process.exit(2);
}
const confirmDelayMs = Number(process.env.FAKE_STRIPE_CONFIRM_DELAY_MS ?? 0);
const fake = await startFakeStripeApi({ port, webhookSecret, webhookUrl, confirmDelayMs });
process.stdout.write(`fake Stripe API at ${fake.url}\n`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
