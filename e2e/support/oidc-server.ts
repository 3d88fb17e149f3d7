import { createServer } from "node:http";
import Provider from "oidc-provider";
import { E2E_OIDC_CLIENT } from "./constants.ts";

/**
 * A real OpenID provider (npm oidc-provider) standing in for Google in the end-to-end run, since Google cannot be
 * reached from here. Code flow with PKCE, its development login page (any login, then consent). Every login is a
 * person with a verified address `<login>@example.com` and the name `<login>`.
 */
const port = Number(process.env.OIDC_PORT);
const redirectUri = process.env.OIDC_REDIRECT_URI ?? "";
const issuer = `http://127.0.0.1:${port}`;

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: E2E_OIDC_CLIENT.id,
      client_secret: E2E_OIDC_CLIENT.secret,
      redirect_uris: [redirectUri],
      token_endpoint_auth_method: "client_secret_basic",
    },
  ],
  pkce: { required: () => true },
  claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
  conformIdTokenClaims: false,
  cookies: { keys: ["handfont-e2e-provider"] },
  features: { devInteractions: { enabled: true } },
  async findAccount(_ctx: unknown, id: string) {
    return {
      accountId: id,
      claims: async () => ({ sub: id, email: `${id}@example.com`, email_verified: true, name: id }),
    };
  },
});

createServer(provider.callback()).listen(port, "127.0.0.1");
