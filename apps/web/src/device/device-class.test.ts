import { describe, expect, it } from "vitest";
import { breakpointOf } from "./breakpoints.ts";
import { detectDevice, USER_AGENT_MAX_LENGTH } from "./device-class.ts";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
const ANDROID_PHONE =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36";
const ANDROID_TABLET =
  "Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36";
const IPADOS =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15";
const DESKTOP_CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";
const UNKNOWN_MOBILE = "SomeBrowser/1.0 (UnknownOS; Mobile)";

describe("device class", () => {
  it("recognises phones, tablets and desktops by user agent", () => {
    expect(detectDevice({ userAgent: IPHONE, width: 390 }).deviceClass).toBe("phone");
    expect(detectDevice({ userAgent: ANDROID_PHONE, width: 412 }).deviceClass).toBe("phone");
    expect(detectDevice({ userAgent: ANDROID_TABLET, width: 1280 }).deviceClass).toBe("tablet");
    expect(detectDevice({ userAgent: DESKTOP_CHROME, width: 1920 }).deviceClass).toBe("desktop");
  });

  it("tells an iPad with a desktop user agent apart by its touch points", () => {
    expect(detectDevice({ userAgent: IPADOS, width: 1024, maxTouchPoints: 5 }).deviceClass).toBe("tablet");
    expect(detectDevice({ userAgent: IPADOS, width: 1440, maxTouchPoints: 0 }).deviceClass).toBe("desktop");
  });

  it("counts an unknown mobile device as a phone below 600 px and a tablet from 600 px", () => {
    expect(detectDevice({ userAgent: UNKNOWN_MOBILE, width: 599 }).deviceClass).toBe("phone");
    expect(detectDevice({ userAgent: UNKNOWN_MOBILE, width: 600 }).deviceClass).toBe("tablet");
  });

  it("ignores anything past the first 500 characters of the user agent", () => {
    const padded = `${DESKTOP_CHROME}${" ".repeat(USER_AGENT_MAX_LENGTH)}iPhone`;
    expect(detectDevice({ userAgent: padded, width: 390 }).deviceClass).toBe("desktop");
  });

  it("exposes exactly one of the three checks", () => {
    const tablet = detectDevice({ userAgent: ANDROID_TABLET, width: 800 });
    expect([tablet.isMobile, tablet.isTablet, tablet.isDesktop]).toEqual([false, true, false]);
  });
});

describe("breakpoints", () => {
  it("maps widths to the spec's breakpoints sm 600, md 960, lg 1280, xl 1920, xxl 2560", () => {
    expect(breakpointOf(599)).toBe("xs");
    expect(breakpointOf(600)).toBe("sm");
    expect(breakpointOf(959)).toBe("sm");
    expect(breakpointOf(960)).toBe("md");
    expect(breakpointOf(1280)).toBe("lg");
    expect(breakpointOf(1920)).toBe("xl");
    expect(breakpointOf(2560)).toBe("xxl");
  });
});
