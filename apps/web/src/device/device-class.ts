/** Spec §9: user-agent strings are cut to this length before matching. */
export const USER_AGENT_MAX_LENGTH = 500;
/** Spec §9: a mobile device the user agent does not identify counts as a phone below this width. */
export const UNKNOWN_MOBILE_PHONE_MAX_WIDTH = 600;

export type DeviceClass = "phone" | "tablet" | "desktop";

export interface DeviceInfo {
  deviceClass: DeviceClass;
  isMobile: boolean;
  isTablet: boolean;
  isDesktop: boolean;
}

export interface DeviceSignals {
  userAgent: string;
  /** Viewport width in CSS pixels. */
  width: number;
  /** navigator.maxTouchPoints; iPadOS reports a desktop Safari user agent and is told apart by touch. */
  maxTouchPoints?: number;
}

const PHONE =
  /iPhone|iPod|Android.*Mobile|Windows Phone|IEMobile|BlackBerry|BB10|Opera Mini|webOS|Mobile Safari.*Mobile/i;
const TABLET = /iPad|Tablet|Android(?!.*Mobile)|Kindle|Silk|PlayBook|Nexus (7|9|10)/i;
const UNKNOWN_MOBILE = /Mobi|Mobile|Touch|Opera Mobi|Fennec|Minimo|Maemo|Symbian|Palm/i;

/** Classifies a device as phone, tablet or desktop from its user agent, width and touch support (spec §9). */
export function detectDevice({ userAgent, width, maxTouchPoints = 0 }: DeviceSignals): DeviceInfo {
  const agent = userAgent.slice(0, USER_AGENT_MAX_LENGTH);
  let deviceClass: DeviceClass = "desktop";
  if (PHONE.test(agent)) deviceClass = "phone";
  else if (TABLET.test(agent)) deviceClass = "tablet";
  else if (/Macintosh/.test(agent) && maxTouchPoints > 1) deviceClass = "tablet";
  else if (UNKNOWN_MOBILE.test(agent)) deviceClass = width < UNKNOWN_MOBILE_PHONE_MAX_WIDTH ? "phone" : "tablet";
  return {
    deviceClass,
    isMobile: deviceClass === "phone",
    isTablet: deviceClass === "tablet",
    isDesktop: deviceClass === "desktop",
  };
}
