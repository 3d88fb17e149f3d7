import type { CaptchaProvider } from "@handfont/contract";

type RemoteProvider = Exclude<CaptchaProvider, "altcha">;

/** The explicit-render API the three remote providers share (grecaptcha, turnstile, hcaptcha). */
export interface RemoteCaptchaApi {
  render(container: HTMLElement, options: Record<string, unknown>): string;
  reset(widgetId: string): void;
}

/** Each provider's script and the global it defines; the server's CSP allows these hosts only when configured. */
const SCRIPTS: Record<RemoteProvider, { src: string; global: string }> = {
  recaptcha: { src: "https://www.google.com/recaptcha/api.js?render=explicit", global: "grecaptcha" },
  turnstile: { src: "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit", global: "turnstile" },
  hcaptcha: { src: "https://js.hcaptcha.com/1/api.js?render=explicit", global: "hcaptcha" },
};

const loading = new Map<RemoteProvider, Promise<RemoteCaptchaApi>>();

/** Loads a provider's script once and resolves with its API when it is ready. */
export function loadRemoteCaptcha(provider: RemoteProvider): Promise<RemoteCaptchaApi> {
  const existing = loading.get(provider);
  if (existing) return existing;
  const { src, global } = SCRIPTS[provider];
  const promise = new Promise<RemoteCaptchaApi>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.onerror = () => {
      loading.delete(provider);
      reject(new Error(`the ${provider} script did not load`));
    };
    script.onload = () => {
      const api = (window as unknown as Record<string, RemoteCaptchaApi & { ready?: (f: () => void) => void }>)[global];
      if (!api) return reject(new Error(`${global} is missing after its script loaded`));
      // reCAPTCHA defines its object before it can render; it says when through ready().
      if (api.ready) api.ready(() => resolve(api));
      else resolve(api);
    };
    document.head.append(script);
  });
  loading.set(provider, promise);
  return promise;
}
