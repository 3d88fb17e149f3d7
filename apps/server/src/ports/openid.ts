import * as oidc from "openid-client";

/** The identity claims of a validated ID token (or the userinfo answer when the token lacks the e-mail). */
export interface IdentityClaims {
  sub: string;
  email?: string | undefined;
  email_verified?: unknown;
  name?: string | undefined;
}

/** What the browser must bring back to finish a sign-in; kept in a signed, short-lived cookie between the two. */
export interface OpenIdTransaction {
  codeVerifier: string;
  state: string;
  nonce: string;
}

/** OpenID Connect authorization-code flow with PKCE, as a confidential client (client secret plus PKCE). */
export interface OpenIdClient {
  begin(redirectUri: string): Promise<{ url: URL; transaction: OpenIdTransaction }>;
  /** Exchanges the code of the callback URL and returns the validated identity; rejects on any mismatch. */
  finish(callbackUrl: URL, transaction: OpenIdTransaction): Promise<IdentityClaims>;
}

export interface OpenIdSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Plain-HTTP issuers are refused unless this is set (OIDC_ALLOW_HTTP, refused in production). */
  allowInsecureRequests?: boolean;
}

const GOOGLE_ISSUER = "https://accounts.google.com";

/** A client that discovers the issuer on first use (and again after a failed discovery). */
export function createOpenIdClient(settings: OpenIdSettings): OpenIdClient {
  let configuration: Promise<oidc.Configuration> | undefined;
  const configure = () => {
    configuration ??= oidc
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        settings.clientSecret,
        oidc.ClientSecretBasic(settings.clientSecret),
        settings.allowInsecureRequests ? { execute: [oidc.allowInsecureRequests] } : {},
      )
      .catch((error: unknown) => {
        configuration = undefined;
        throw error;
      });
    return configuration;
  };

  return {
    async begin(redirectUri) {
      const config = await configure();
      const transaction = {
        codeVerifier: oidc.randomPKCECodeVerifier(),
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
      };
      const parameters: Record<string, string> = {
        redirect_uri: redirectUri,
        scope: "openid email profile",
        code_challenge: await oidc.calculatePKCECodeChallenge(transaction.codeVerifier),
        code_challenge_method: "S256",
        state: transaction.state,
        nonce: transaction.nonce,
      };
      // Google lets a user pick among signed-in accounts; other providers may reject this prompt value.
      if (settings.issuer === GOOGLE_ISSUER) parameters.prompt = "select_account";
      return { url: oidc.buildAuthorizationUrl(config, parameters), transaction };
    },

    async finish(callbackUrl, transaction) {
      const config = await configure();
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: transaction.codeVerifier,
        expectedState: transaction.state,
        expectedNonce: transaction.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error("the provider returned no ID token");
      if (typeof claims.email === "string") return claimsOf(claims);
      // Some providers keep e-mail out of the ID token in the code flow; ask the userinfo endpoint then.
      return claimsOf({ ...(await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)), sub: claims.sub });
    },
  };
}

function claimsOf(claims: Record<string, unknown> & { sub: string }): IdentityClaims {
  return {
    sub: claims.sub,
    email: typeof claims.email === "string" ? claims.email : undefined,
    email_verified: claims.email_verified,
    name: typeof claims.name === "string" ? claims.name : undefined,
  };
}
