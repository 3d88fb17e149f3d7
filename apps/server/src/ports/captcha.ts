import { createHmac, randomInt } from "node:crypto";
import type { CaptchaProvider } from "@handfont/contract";
import { type Challenge, createChallenge, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import type { CaptchaConfig } from "../config/config.ts";
import type { Clock } from "./clock.ts";

/** Why a captcha response was refused; kept for the log, never shown to the user (all answer CAPTCHA). */
export type CaptchaRefusal =
  | "missing"
  | "malformed"
  | "algorithm"
  | "expired"
  | "signature"
  | "solution"
  | "replay"
  | "refused"
  | "score"
  | "unreachable"
  | `http-${number}`;

/**
 * `hard`: the solution paid for a hardened challenge (HARD_CAPTCHA_FACTOR times the work). A remote provider's
 * answer counts as hard: its cost cannot be raised, so its own risk analysis stands in.
 */
export type CaptchaResult = { ok: true; hard: boolean } | { ok: false; reason: CaptchaRefusal };

/** How much more work a hardened challenge asks for (sign-in under attack, services/auth/signin.ts). */
export const HARD_CAPTCHA_FACTOR = 8;

/** One interface over ALTCHA and the remote providers; every failure, including a provider outage, refuses. */
export interface CaptchaVerifier {
  readonly provider: CaptchaProvider;
  verify(response: string, context: { ip: string }): Promise<CaptchaResult>;
  /** A fresh proof-of-work challenge, hardened on request; only ALTCHA has one. */
  createChallenge?: (options?: { hard?: boolean }) => Promise<Challenge>;
}

/** Remembers solved challenges so one solution passes once, in every process (see captcha-solutions.ts). */
export interface SolutionStore {
  /** True the first time a nonce is marked, false on every later attempt. */
  markUsed(nonce: string, expiresAt: Date): Promise<boolean>;
}

export const ALTCHA_ALGORITHM = "PBKDF2/SHA-256";
const CHALLENGE_LIFETIME_MS = 10 * 60_000;
const REMOTE_TIMEOUT_MS = 5_000;

/** Builds the verifier the configuration asks for. */
export function createCaptchaVerifier(
  config: CaptchaConfig,
  deps: { hmacSecret: string; solutions: SolutionStore; clock: Clock },
): CaptchaVerifier {
  if (config.provider === "altcha") return altchaVerifier(config.altcha, deps);
  return remoteVerifier(config);
}

function altchaVerifier(
  settings: CaptchaConfig["altcha"],
  deps: { hmacSecret: string; solutions: SolutionStore; clock: Clock },
): CaptchaVerifier {
  // The key signature needs a second secret; derive it so one configured secret suffices.
  const keySecret = createHmac("sha256", deps.hmacSecret).update("altcha key signature").digest("hex");
  return {
    provider: "altcha",
    createChallenge: (options = {}) =>
      createChallenge({
        algorithm: ALTCHA_ALGORITHM,
        // The signature covers the cost, so verify() can tell a hardened challenge from a normal one.
        cost: settings.cost * (options.hard ? HARD_CAPTCHA_FACTOR : 1),
        // Deterministic mode: the solver must find this counter, so the work is about `counter` key derivations.
        counter: randomInt(Math.ceil(settings.maxNumber / 3), settings.maxNumber + 1),
        deriveKey,
        expiresAt: new Date(deps.clock.now().getTime() + CHALLENGE_LIFETIME_MS),
        hmacSignatureSecret: deps.hmacSecret,
        hmacKeySignatureSecret: keySecret,
      }),
    async verify(response) {
      if (!response) return { ok: false, reason: "missing" };
      const payload = decodeAltchaPayload(response);
      if (!payload) return { ok: false, reason: "malformed" };
      const { parameters } = payload.challenge;
      // The signature covers the parameters, but pin the algorithm anyway so no cheaper one is ever accepted.
      if (parameters.algorithm !== ALTCHA_ALGORITHM) return { ok: false, reason: "algorithm" };
      const expiresAt = parameters.expiresAt;
      if (typeof expiresAt !== "number" || expiresAt * 1000 <= deps.clock.now().getTime()) {
        return { ok: false, reason: "expired" };
      }
      let result: Awaited<ReturnType<typeof verifySolution>>;
      try {
        result = await verifySolution({
          challenge: payload.challenge,
          solution: payload.solution,
          deriveKey,
          hmacSignatureSecret: deps.hmacSecret,
          hmacKeySignatureSecret: keySecret,
        });
      } catch {
        return { ok: false, reason: "malformed" };
      }
      if (result.expired) return { ok: false, reason: "expired" };
      if (result.invalidSignature) return { ok: false, reason: "signature" };
      if (!result.verified) return { ok: false, reason: "solution" };
      const first = await deps.solutions.markUsed(parameters.nonce, new Date(expiresAt * 1000));
      return first
        ? { ok: true, hard: parameters.cost >= settings.cost * HARD_CAPTCHA_FACTOR }
        : { ok: false, reason: "replay" };
    },
  };
}

interface AltchaPayload {
  challenge: Challenge & { signature: string };
  solution: { counter: number; derivedKey: string };
}

/** The widget posts base64(JSON({challenge: {parameters, signature}, solution})); anything else is malformed. */
export function decodeAltchaPayload(response: string): AltchaPayload | null {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(response, "base64").toString("utf8"));
  } catch {
    return null;
  }
  if (!isObject(value) || !isObject(value.challenge) || !isObject(value.solution)) return null;
  const { challenge, solution } = value;
  const parameters = challenge.parameters;
  if (!isObject(parameters) || typeof challenge.signature !== "string") return null;
  if (typeof parameters.nonce !== "string" || typeof parameters.algorithm !== "string") return null;
  if (typeof solution.counter !== "number" || typeof solution.derivedKey !== "string") return null;
  return value as unknown as AltchaPayload;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * reCAPTCHA, Turnstile and hCaptcha share one siteverify protocol: a form POST of secret, response and remoteip,
 * answered by JSON with `success` (and reCAPTCHA v3's `score`). Single use is enforced by the provider.
 */
function remoteVerifier(config: CaptchaConfig): CaptchaVerifier {
  const verifyUrl = config.verifyUrl;
  const secret = config.secret;
  if (!verifyUrl || !secret) throw new Error(`captcha ${config.provider} needs a secret and a verify URL`);
  return {
    provider: config.provider,
    async verify(response, { ip }) {
      if (!response) return { ok: false, reason: "missing" };
      const form = new URLSearchParams({ secret, response, remoteip: ip });
      if (config.provider === "hcaptcha" && config.siteKey) form.set("sitekey", config.siteKey);
      let answer: Response;
      try {
        answer = await fetch(verifyUrl, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: form,
          signal: AbortSignal.timeout(REMOTE_TIMEOUT_MS),
        });
      } catch {
        return { ok: false, reason: "unreachable" };
      }
      if (!answer.ok) return { ok: false, reason: `http-${answer.status}` };
      let body: unknown;
      try {
        body = await answer.json();
      } catch {
        return { ok: false, reason: "malformed" };
      }
      if (!isObject(body)) return { ok: false, reason: "malformed" };
      if (body.success !== true) return { ok: false, reason: "refused" };
      if (typeof body.score === "number" && body.score < config.minScore) return { ok: false, reason: "score" };
      return { ok: true, hard: true };
    },
  };
}
