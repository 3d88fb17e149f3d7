import { type Language, SOCIAL_LOGIN_CHANNEL, SOCIAL_LOGIN_MESSAGE_TYPE } from "@handfont/contract";

/** The popup closed without telling its result (its opener link may have been cut): check the session instead. */
export const POPUP_CLOSED = "closed";

function resultOf(data: unknown): string | null {
  if (typeof data !== "object" || data === null) return null;
  const message = data as { type?: unknown; auth?: unknown };
  return message.type === SOCIAL_LOGIN_MESSAGE_TYPE && typeof message.auth === "string" ? message.auth : null;
}

/**
 * Google sign-in in a popup driven by our server (research/auth.md §2). The popup reports its result by postMessage
 * (from our origin only) and a BroadcastChannel; no token travels in either. When popups are blocked, the whole
 * page goes through the flow and comes back to /{lang}/login?auth=….
 */
export function startGoogleSignIn(language: Language, onResult: (auth: string) => void): () => void {
  const url = `/api/auth/google/start?lang=${language}`;
  const popup = window.open(url, "handfont-google-sign-in", "popup,width=520,height=680");
  if (!popup) {
    window.location.assign(`${url}&mode=redirect`);
    return () => {};
  }
  let done = false;
  const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(SOCIAL_LOGIN_CHANNEL);
  const stop = () => {
    done = true;
    window.removeEventListener("message", onMessage);
    channel?.close();
    clearInterval(timer);
  };
  const finish = (auth: string) => {
    if (done) return;
    stop();
    onResult(auth);
  };
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== window.location.origin) return;
    const auth = resultOf(event.data);
    if (auth) finish(auth);
  };
  window.addEventListener("message", onMessage);
  if (channel)
    channel.onmessage = (event) => {
      const auth = resultOf(event.data);
      if (auth) finish(auth);
    };
  const timer = setInterval(() => {
    // The message, when there is one, arrives before the popup closes itself; give it a moment.
    if (popup.closed) setTimeout(() => finish(POPUP_CLOSED), 300);
  }, 500);
  return stop;
}
