import { createChallenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { deriveKey as deriveSha } from "altcha-lib/algorithms/sha";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CaptchaConfig } from "../config/config.ts";
import { type SiteverifyPeer, startSiteverifyPeer } from "../test-support/siteverify-peer.ts";
import { createCaptchaVerifier, type SolutionStore } from "./captcha.ts";
import { manualClock } from "./clock.ts";

const SECRET = "captcha-hmac-secret-for-tests-0123456789";
const context = { ip: "203.0.113.7" };

function memoryStore(): SolutionStore {
  const used = new Set<string>();
  return {
    async markUsed(nonce) {
      if (used.has(nonce)) return false;
      used.add(nonce);
      return true;
    },
  };
}

const altchaConfig: CaptchaConfig = {
  provider: "altcha",
  secret: null,
  siteKey: null,
  verifyUrl: null,
  minScore: 0.5,
  altcha: { cost: 1, maxNumber: 100 },
};

function encode(payload: unknown): string {
  return Buffer.from(JSON.stringify(payload)).toString("base64");
}

describe("ALTCHA (self-hosted proof of work)", () => {
  const clock = manualClock();
  const verifier = createCaptchaVerifier(altchaConfig, { hmacSecret: SECRET, solutions: memoryStore(), clock });

  async function solved() {
    const challenge = await verifier.createChallenge!();
    const solution = await solveChallenge({ challenge, deriveKey });
    return { challenge, solution: solution! };
  }

  it("accepts a really solved challenge once, and refuses its replay", async () => {
    const payload = encode(await solved());
    expect(await verifier.verify(payload, context)).toEqual({ ok: true, hard: false });
    expect(await verifier.verify(payload, context)).toEqual({ ok: false, reason: "replay" });
  });

  it("issues PBKDF2/SHA-256 challenges with the configured cost, signed, expiring in 10 minutes", async () => {
    const challenge = await verifier.createChallenge!();
    expect(challenge.parameters).toMatchObject({ algorithm: "PBKDF2/SHA-256", cost: 1 });
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters.expiresAt! * 1000 - clock.now().getTime()).toBeGreaterThan(9 * 60_000);
  });

  it("refuses a wrong solution, tampered parameters, an expired challenge and garbage", async () => {
    const good = await solved();
    expect(
      await verifier.verify(encode({ ...good, solution: { ...good.solution, derivedKey: "00" } }), context),
    ).toEqual({ ok: false, reason: "solution" });
    const tampered = {
      ...good,
      challenge: { ...good.challenge, parameters: { ...good.challenge.parameters, cost: 2 } },
    };
    expect(await verifier.verify(encode(tampered), context)).toEqual({ ok: false, reason: "signature" });
    const late = await solved();
    clock.advance(11 * 60_000);
    expect(await verifier.verify(encode(late), context)).toEqual({ ok: false, reason: "expired" });
    expect(await verifier.verify("", context)).toEqual({ ok: false, reason: "missing" });
    expect(await verifier.verify("not base64 json", context)).toEqual({ ok: false, reason: "malformed" });
    // The widget's test mode posts no challenge at all.
    expect(await verifier.verify(encode({ challenge: null, solution: null, test: true }), context)).toEqual({
      ok: false,
      reason: "malformed",
    });
  });

  it("refuses a cheaper algorithm even when signed with the right secret", async () => {
    const challenge = await createChallenge({
      algorithm: "SHA-256",
      cost: 1,
      counter: 5,
      deriveKey: deriveSha,
      expiresAt: new Date(Date.now() + 60_000),
      hmacSignatureSecret: SECRET,
    });
    const solution = await solveChallenge({ challenge, deriveKey: deriveSha });
    expect(await verifier.verify(encode({ challenge, solution }), context)).toEqual({ ok: false, reason: "algorithm" });
  });
});

describe("remote providers (siteverify protocol, local peer)", () => {
  let peer: SiteverifyPeer;
  beforeAll(async () => {
    peer = await startSiteverifyPeer("remote-secret");
  });
  afterAll(async () => {
    await peer.close();
  });

  const remote = (overrides: Partial<CaptchaConfig>) =>
    createCaptchaVerifier(
      {
        ...altchaConfig,
        provider: "turnstile",
        secret: "remote-secret",
        siteKey: "site",
        verifyUrl: peer.url,
        ...overrides,
      },
      { hmacSecret: SECRET, solutions: memoryStore(), clock: manualClock() },
    );

  it("posts secret, response and the client address as a form, and accepts success", async () => {
    expect(await remote({}).verify("pass", context)).toEqual({ ok: true, hard: true });
    const sent = peer.requests.at(-1)!;
    expect(sent.contentType).toBe("application/x-www-form-urlencoded");
    expect(Object.fromEntries(sent.form)).toEqual({
      secret: "remote-secret",
      response: "pass",
      remoteip: "203.0.113.7",
    });
  });

  it("sends hCaptcha its site key", async () => {
    await remote({ provider: "hcaptcha" }).verify("pass", context);
    expect(peer.requests.at(-1)!.form.get("sitekey")).toBe("site");
  });

  it("fails closed: refused token, wrong secret, low reCAPTCHA score, 502, non-JSON, unreachable", async () => {
    expect(await remote({}).verify("bad", context)).toEqual({ ok: false, reason: "refused" });
    expect(await remote({ secret: "wrong" }).verify("pass", context)).toEqual({ ok: false, reason: "refused" });
    expect(await remote({ provider: "recaptcha" }).verify("low-score", context)).toEqual({
      ok: false,
      reason: "score",
    });
    expect(await remote({ verifyUrl: peer.url.replace("/siteverify", "/status/502") }).verify("pass", context)).toEqual(
      {
        ok: false,
        reason: "http-502",
      },
    );
    expect(await remote({ verifyUrl: peer.url.replace("/siteverify", "/html") }).verify("pass", context)).toEqual({
      ok: false,
      reason: "malformed",
    });
    expect(await remote({ verifyUrl: "http://127.0.0.1:1/siteverify" }).verify("pass", context)).toEqual({
      ok: false,
      reason: "unreachable",
    });
    expect(await remote({}).verify("", context)).toEqual({ ok: false, reason: "missing" });
  });
});
