import { readCookie, writeCookie } from "../../lib/cookies.ts";

/** Cookie names of the consent flags (spec §3: policy = a choice was made, policyReject = analytics refused). */
export const POLICY_COOKIE = "policy";
export const POLICY_REJECT_COOKIE = "policyReject";
/** Consent is asked again after a year, like the language cookie. */
export const CONSENT_MAX_AGE_DAYS = 365;

export interface ConsentFlags {
  policy: boolean;
  policyReject: boolean;
}

/** Spec §4: a flag counts as set when it is boolean true or the string "true"; anything else is unset. */
export function isFlagSet(value: unknown): boolean {
  return value === true || value === "true";
}

/** Reads both consent flags from a `document.cookie`-style string. */
export function readConsentFlags(cookieString: string): ConsentFlags {
  return {
    policy: isFlagSet(readCookie(POLICY_COOKIE, cookieString)),
    policyReject: isFlagSet(readCookie(POLICY_REJECT_COOKIE, cookieString)),
  };
}

/** Spec §4: the banner shows while no policy flag is stored. */
export function shouldShowBanner(flags: ConsentFlags): boolean {
  return !flags.policy;
}

/** Analytics needs an explicit Accept: a stored choice that is not a rejection. */
export function analyticsConsented(flags: ConsentFlags): boolean {
  return flags.policy && !flags.policyReject;
}

const cookieOptions = { maxAgeDays: CONSENT_MAX_AGE_DAYS, path: "/", sameSite: "Lax" } as const;

/** Spec §4, Accept: policy = true. */
export function storeAccept(): void {
  writeCookie(POLICY_COOKIE, "true", cookieOptions);
}

/** Spec §4, Reject: policyReject = true and policy = true. */
export function storeReject(): void {
  writeCookie(POLICY_REJECT_COOKIE, "true", cookieOptions);
  writeCookie(POLICY_COOKIE, "true", cookieOptions);
}

/** Forgets the choice, so the banner asks again (consent must be as easy to withdraw as to give). */
export function clearConsent(): void {
  const expired = { maxAgeDays: 0, path: "/", sameSite: "Lax" } as const;
  writeCookie(POLICY_COOKIE, "", expired);
  writeCookie(POLICY_REJECT_COOKIE, "", expired);
}
