import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair } from "jose";
import Provider from "oidc-provider";

export interface FakeIdentity {
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface LocalOpenIdProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Plays the user in the popup: signs in at the provider as `subject`, consents, and returns the callback URL. */
  authorize(authorizationUrl: string, subject: string): Promise<URL>;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (npm oidc-provider) on 127.0.0.1 standing in for Google: code flow, PKCE required, the
 * dev login and consent pages driven over HTTP with a cookie jar of its own.
 */
export async function startOpenIdProvider(
  redirectUri: string,
  identities: Record<string, FakeIdentity>,
): Promise<LocalOpenIdProvider> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = "handfont-test";
  const clientSecret = "handfont-test-secret-0123456789";
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), alg: "RS256", use: "sig", kid: "local" };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    // Google puts email and name into the ID token; oidc-provider keeps them for userinfo unless told otherwise.
    conformIdTokenClaims: false,
    cookies: { keys: ["local-provider-cookie-key"] },
    jwks: { keys: [signingKey] },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx: unknown, id: string) {
      return { accountId: id, claims: async () => ({ sub: id, ...identities[id] }) };
    },
  });
  server.on("request", provider.callback());

  return {
    issuer,
    clientId,
    clientSecret,
    async authorize(authorizationUrl, subject) {
      const jar = new Map<string, string>();
      let url = new URL(authorizationUrl);
      let method = "GET";
      let body: URLSearchParams | undefined;
      for (let step = 0; step < 12; step += 1) {
        if (url.href.startsWith(redirectUri)) return url;
        const response = await fetch(url, {
          method,
          redirect: "manual",
          headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") },
          ...(body ? { body } : {}),
        });
        for (const line of response.headers.getSetCookie()) {
          const [pair = ""] = line.split(";");
          const [name = "", value = ""] = pair.split("=");
          if (value) jar.set(name, value);
          else jar.delete(name);
        }
        const location = response.headers.get("location");
        if (location) {
          url = new URL(location, url);
          method = "GET";
          body = undefined;
          continue;
        }
        const page = await response.text();
        if (response.status !== 200) throw new Error(`provider answered ${response.status}: ${page.slice(0, 300)}`);
        // A dev interaction page: log in as the subject, or consent.
        method = "POST";
        body = page.includes('value="login"')
          ? new URLSearchParams({ prompt: "login", login: subject, password: "any" })
          : new URLSearchParams({ prompt: "consent" });
      }
      throw new Error("the provider did not redirect back");
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
