import { afterEach, describe, expect, it } from "vitest";
import { analyticsScriptUrl, loadAnalytics, shouldLoadAnalytics } from "./analytics.ts";

afterEach(() => {
  for (const script of document.querySelectorAll("script")) script.remove();
  window.dataLayer = undefined;
});

describe("analytics loading (spec §4)", () => {
  const accepted = { policy: true, policyReject: false };
  const rejected = { policy: true, policyReject: true };
  const undecided = { policy: false, policyReject: false };

  it("loads only with an id and an Accept", () => {
    expect(shouldLoadAnalytics("G-TEST", accepted)).toBe(true);
    expect(shouldLoadAnalytics("G-TEST", rejected)).toBe(false);
    expect(shouldLoadAnalytics("G-TEST", undecided)).toBe(false);
    expect(shouldLoadAnalytics(null, accepted)).toBe(false);
    expect(shouldLoadAnalytics("", accepted)).toBe(false);
  });

  it("adds the Google tag once as an external async script and queues its configuration", () => {
    expect(loadAnalytics("G-TEST")).toBe(true);
    expect(loadAnalytics("G-TEST")).toBe(false);
    const scripts = document.querySelectorAll("script");
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.src).toBe("https://www.googletagmanager.com/gtag/js?id=G-TEST");
    expect(scripts[0]?.async).toBe(true);
    expect(scripts[0]?.textContent).toBe("");
    const queued = (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>)[0]);
    expect(queued).toEqual(["js", "config"]);
  });

  it("encodes the id into the script URL", () => {
    expect(analyticsScriptUrl("G-A&B")).toBe("https://www.googletagmanager.com/gtag/js?id=G-A%26B");
  });
});
