import { describe, expect, it } from "vitest";
import { type ConfigError, loadConfig } from "./config.ts";
import { parsePriceList } from "./payment-config.ts";

const load = (env: Record<string, string>) => loadConfig({ NODE_ENV: "test", ...env }, "/srv");
const issuesOf = (env: Record<string, string>) => {
  try {
    load(env);
    return [];
  } catch (error) {
    return (error as ConfigError).issues;
  }
};
const stripe = { STRIPE_SECRET_KEY: "sk_test_1", STRIPE_WEBHOOK_SECRET: "whsec_1" };
const robokassa = { ROBOKASSA_LOGIN: "shop", ROBOKASSA_PASSWORD1: "a", ROBOKASSA_PASSWORD2: "b" };

describe("payment configuration", () => {
  it("offers no route without keys, and each route once its keys are given", () => {
    expect(load({}).payments).toMatchObject({ stripe: null, robokassa: null });
    const both = load({ ...stripe, ...robokassa, ROBOKASSA_TEST: "true", ROBOKASSA_HASH: "sha512" }).payments;
    expect(both.stripe).toEqual({ secretKey: "sk_test_1", webhookSecret: "whsec_1", apiUrl: null, currency: "EUR" });
    expect(both.robokassa).toMatchObject({ login: "shop", test: true, hash: "sha512", receipt: null });
  });

  it("refuses keys given by halves, equal Robokassa passwords and malformed keys, naming the variables", () => {
    expect(issuesOf({ STRIPE_SECRET_KEY: "sk_test_1" })).toEqual([
      "STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: give both or neither",
    ]);
    expect(issuesOf({ ROBOKASSA_LOGIN: "shop" })[0]).toContain("ROBOKASSA_LOGIN, ROBOKASSA_PASSWORD1");
    expect(issuesOf({ ...robokassa, ROBOKASSA_PASSWORD2: "a" })[0]).toContain("ROBOKASSA_PASSWORD2");
    expect(issuesOf({ ...stripe, STRIPE_SECRET_KEY: "pk_live_1" })[0]).toMatch(/^STRIPE_SECRET_KEY:/);
    expect(issuesOf({ ROBOKASSA_HASH: "crc32" })[0]).toMatch(/^ROBOKASSA_HASH:/);
  });

  it("needs a price in the Stripe currency and in roubles for Robokassa", () => {
    expect(issuesOf({ ...stripe, STRIPE_CURRENCY: "usd" })).toContain("PRICE_1M: needs a USD price for Stripe");
    expect(issuesOf({ ...robokassa, PRICE_6M: "EUR:19.99" })).toEqual(["PRICE_6M: needs a RUB price for Robokassa"]);
    expect(issuesOf({ PRICE_12M: "29,99 EUR" })[0]).toMatch(/^PRICE_12M:/);
  });

  it("reads prices into minor units without floating point, and can switch the subscription off", () => {
    expect(parsePriceList("EUR:4.99, rub:490,USD:0.1")).toEqual([
      { currency: "EUR", amountMinor: 499 },
      { currency: "RUB", amountMinor: 49_000 },
      { currency: "USD", amountMinor: 10 },
    ]);
    expect(load({ PRICE_MONTHLY: "off" }).payments.prices.monthly).toEqual([]);
    expect(load({}).payments.prices.monthly).toEqual([{ currency: "EUR", amountMinor: 399 }]);
  });
});
