import helmet from "@fastify/helmet";
import type { CaptchaProvider } from "@handfont/contract";
import type { FastifyInstance } from "fastify";

const analyticsHosts = {
  script: ["https://www.googletagmanager.com"],
  connect: [
    "https://www.google-analytics.com",
    "https://*.google-analytics.com",
    "https://*.analytics.google.com",
    "https://www.googletagmanager.com",
  ],
  img: ["https://www.google-analytics.com", "https://www.googletagmanager.com"],
};

/** Hosts a remote captcha widget loads from (its script, its iframe, its API); ALTCHA needs none. */
const captchaHosts: Record<CaptchaProvider, { script: string[]; frame: string[]; connect: string[] }> = {
  altcha: { script: [], frame: [], connect: [] },
  recaptcha: {
    script: ["https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/"],
    frame: ["https://www.google.com/recaptcha/"],
    connect: [],
  },
  turnstile: {
    script: ["https://challenges.cloudflare.com"],
    frame: ["https://challenges.cloudflare.com"],
    connect: [],
  },
  hcaptcha: {
    script: ["https://js.hcaptcha.com", "https://*.hcaptcha.com"],
    frame: ["https://*.hcaptcha.com"],
    connect: ["https://*.hcaptcha.com"],
  },
};

/**
 * Security headers. Scripts come only from our origin (no 'unsafe-inline'): the web build has no inline script.
 * Styles allow inline because Mantine injects style tags at run time. The analytics host is allowed only when an
 * analytics id is configured (spec §4), a remote captcha's hosts only when that provider is configured. COOP allows popups so the Google sign-in popup can report back.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { analytics: boolean; production: boolean; captcha: CaptchaProvider },
): Promise<void> {
  const extra = (list: string[]) => (options.analytics ? list : []);
  const captcha = captchaHosts[options.captcha];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...extra(analyticsHosts.script), ...captcha.script],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", ...extra(analyticsHosts.img)],
        fontSrc: ["'self'", "data:", "blob:"],
        connectSrc: ["'self'", ...extra(analyticsHosts.connect), ...captcha.connect],
        frameSrc: ["'self'", ...captcha.frame],
        workerSrc: ["'self'", "blob:"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(options.production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: options.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
}
