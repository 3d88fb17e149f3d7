import { randomBytes } from "node:crypto";
import {
  LANGUAGES,
  type Language,
  SOCIAL_LOGIN_CHANNEL,
  SOCIAL_LOGIN_CONFIRM_EMAIL,
  SOCIAL_LOGIN_MESSAGE_TYPE,
  SOCIAL_LOGIN_OK,
} from "@handfont/contract";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requestContext } from "../../http/request-context.ts";
import { requestLanguage } from "../../http/request-language.ts";
import type { OpenIdTransaction } from "../../ports/openid.ts";
import { signInWithGoogle } from "../../services/auth/google-accounts.ts";
import { DomainError } from "../../services/domain-error.ts";
import type { AccountRoutesOptions } from "./options.ts";

const TRANSACTION_COOKIE = "oidcTransaction";
const TRANSACTION_PATH = "/api/auth/google";
const TRANSACTION_SECONDS = 600;

interface StoredTransaction extends OpenIdTransaction {
  lang: Language;
  mode: "popup" | "redirect";
}

const Mode = z.enum(["popup", "redirect"]).default("popup");

/**
 * Google sign-in (research/auth.md §2): the popup opens /start, which redirects to Google with PKCE, state and nonce
 * kept in a signed cookie; /callback checks them, signs in, sets the session cookie and tells the opener the result
 * (no token travels in the message: the page then calls refreshtoken). Without a popup, /callback redirects to
 * /{lang}/login?auth=<result>, which the login route handles the same way (spec §2).
 */
export const googleRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, options) => {
  const { deps, cookies, config, openId } = options;
  const secure = config.environment === "production";
  const redirectUri = `${config.publicUrl}/api/auth/google/callback`;
  const publicOrigin = new URL(config.publicUrl).origin;

  function answer(reply: FastifyReply, result: string, lang: Language, mode: StoredTransaction["mode"]) {
    const landing = `/${lang}/login?auth=${encodeURIComponent(result)}`;
    if (mode === "redirect") return reply.redirect(landing);
    return sendPopupResult(reply, { result, landing, origin: publicOrigin });
  }

  app.get(
    "/auth/google/start",
    {
      schema: {
        tags: ["auth"],
        summary: "Begin Google sign-in (open in a popup, or with mode=redirect in the page itself)",
        querystring: z.object({ lang: z.enum(LANGUAGES).optional(), mode: Mode }),
      },
    },
    async (request, reply) => {
      if (!openId) throw new DomainError("NOT_FOUND");
      const lang = request.query.lang ?? requestLanguage(request);
      let begun: Awaited<ReturnType<typeof openId.begin>>;
      try {
        begun = await openId.begin(redirectUri);
      } catch (error) {
        request.log.error({ err: error }, "Google sign-in could not start");
        return answer(reply, "SOCIAL_LOGIN_FAILED", lang, request.query.mode);
      }
      const stored: StoredTransaction = { ...begun.transaction, lang, mode: request.query.mode };
      // Lax, not Strict: the cookie must come back on the cross-site redirect from the provider.
      reply.setCookie(TRANSACTION_COOKIE, JSON.stringify(stored), {
        signed: true,
        httpOnly: true,
        sameSite: "lax",
        secure,
        path: TRANSACTION_PATH,
        maxAge: TRANSACTION_SECONDS,
      });
      return reply.redirect(begun.url.href);
    },
  );

  app.get(
    "/auth/google/callback",
    { schema: { tags: ["auth"], summary: "Where Google sends the browser back; answers the popup's result" } },
    async (request, reply) => {
      if (!openId) throw new DomainError("NOT_FOUND");
      // Single use: whatever happens next, this transaction is spent.
      reply.clearCookie(TRANSACTION_COOKIE, { path: TRANSACTION_PATH, httpOnly: true, sameSite: "lax", secure });
      const transaction = readTransaction(request.unsignCookie(request.cookies[TRANSACTION_COOKIE] ?? ""));
      if (!transaction) {
        request.log.warn("Google callback without a valid transaction cookie");
        return answer(reply, "SOCIAL_LOGIN_FAILED", requestLanguage(request), "popup");
      }
      try {
        const claims = await openId.finish(new URL(request.url, config.publicUrl), transaction);
        const result = await signInWithGoogle(deps, claims, { ...requestContext(request), language: transaction.lang });
        if (result.kind === "confirmEmail")
          return answer(reply, SOCIAL_LOGIN_CONFIRM_EMAIL, transaction.lang, transaction.mode);
        cookies.signedIn(reply, result.signedIn.refresh, deps.clock.now());
        const lang = result.signedIn.response.user.locale;
        return answer(reply, SOCIAL_LOGIN_OK, lang, transaction.mode);
      } catch (error) {
        if (error instanceof DomainError && error.code !== "SOCIAL_LOGIN_FAILED") {
          return answer(reply, error.code, transaction.lang, transaction.mode);
        }
        request.log.warn({ err: error }, "Google sign-in failed");
        return answer(reply, "SOCIAL_LOGIN_FAILED", transaction.lang, transaction.mode);
      }
    },
  );
};

function readTransaction(unsigned: { valid: boolean; value: string | null }): StoredTransaction | null {
  if (!unsigned.valid || !unsigned.value) return null;
  try {
    const value = JSON.parse(unsigned.value) as Partial<StoredTransaction>;
    if (typeof value.codeVerifier !== "string" || typeof value.state !== "string" || typeof value.nonce !== "string") {
      return null;
    }
    const lang = (LANGUAGES as readonly string[]).includes(value.lang ?? "") ? (value.lang as Language) : "en";
    return {
      codeVerifier: value.codeVerifier,
      state: value.state,
      nonce: value.nonce,
      lang,
      mode: value.mode === "redirect" ? "redirect" : "popup",
    };
  } catch {
    return null;
  }
}

/**
 * The popup's last page: it tells the opener (postMessage to our origin only, plus a BroadcastChannel in case the
 * opener link was cut) and closes; opened without a popup it goes on to the login route. Its one inline script
 * runs under a nonce of its own CSP.
 */
function sendPopupResult(reply: FastifyReply, page: { result: string; landing: string; origin: string }) {
  const nonce = randomBytes(16).toString("base64");
  const data = JSON.stringify({
    message: { type: SOCIAL_LOGIN_MESSAGE_TYPE, auth: page.result },
    channel: SOCIAL_LOGIN_CHANNEL,
    origin: page.origin,
    landing: page.landing,
  }).replace(/</g, "\\u003c");
  const html = `<!doctype html>
<html><head><meta charset="utf-8"><title>Handfont</title></head>
<body>
<script nonce="${nonce}">
(function () {
  var d = ${data};
  try { var c = new BroadcastChannel(d.channel); c.postMessage(d.message); c.close(); } catch (e) {}
  if (window.opener) {
    try { window.opener.postMessage(d.message, d.origin); } catch (e) {}
  }
  // A popup closes; a page that is not one (close is refused) goes on to the login route.
  window.close();
  setTimeout(function () { location.replace(d.landing); }, 500);
})();
</script>
<noscript><a href="${page.landing.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}">Continue</a></noscript>
</body></html>`;
  return (
    reply
      .header(
        "content-security-policy",
        `default-src 'none'; script-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
      )
      .header("cache-control", "no-store")
      // The provider's pages set no COOP; ours must not either here, or the browser cuts the popup from its opener.
      .header("cross-origin-opener-policy", "unsafe-none")
      .type("text/html; charset=utf-8")
      .send(html)
  );
}
