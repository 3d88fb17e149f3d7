import { afterEach, describe, expect, it } from "vitest";
import {
  analyticsConsented,
  clearConsent,
  isFlagSet,
  readConsentFlags,
  shouldShowBanner,
  storeAccept,
  storeReject,
} from "./consent.ts";

afterEach(clearConsent);

describe("cookie consent flags (spec §4)", () => {
  it("treats boolean true and the string 'true' as set, nothing else", () => {
    expect(isFlagSet(true)).toBe(true);
    expect(isFlagSet("true")).toBe(true);
    for (const value of [false, "false", "1", "TRUE", 1, undefined, null, ""]) expect(isFlagSet(value)).toBe(false);
  });

  it("shows the banner until a policy flag is stored", () => {
    expect(shouldShowBanner(readConsentFlags(""))).toBe(true);
    expect(shouldShowBanner(readConsentFlags("policy=false"))).toBe(true);
    expect(shouldShowBanner(readConsentFlags("policy=true"))).toBe(false);
  });

  it("Accept stores policy=true only", () => {
    storeAccept();
    expect(readConsentFlags(document.cookie)).toEqual({ policy: true, policyReject: false });
    expect(analyticsConsented(readConsentFlags(document.cookie))).toBe(true);
  });

  it("Reject stores policyReject=true and policy=true", () => {
    storeReject();
    expect(readConsentFlags(document.cookie)).toEqual({ policy: true, policyReject: true });
    expect(shouldShowBanner(readConsentFlags(document.cookie))).toBe(false);
    expect(analyticsConsented(readConsentFlags(document.cookie))).toBe(false);
  });

  it("does not count analytics as consented before any choice", () => {
    expect(analyticsConsented(readConsentFlags(""))).toBe(false);
  });
});

describe("changing the choice", () => {
  it("clearing the flags shows the banner again", () => {
    storeReject();
    clearConsent();
    expect(readConsentFlags(document.cookie)).toEqual({ policy: false, policyReject: false });
  });
});
