import { createPrivateKey, createPublicKey, randomUUID } from "node:crypto";
import type { Role } from "@handfont/contract";
import { calculateJwkThumbprint, exportJWK, jwtVerify, SignJWT } from "jose";
import type { Clock } from "../../ports/clock.ts";

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const AUDIENCE = "handfont-api";
// Tokens whose signature this process has checked, until they expire: a signed-in page asks the API many times with
// one token, and the EdDSA check was a tenth of the fonts list's CPU time. About 0.5 KB each.
const VERIFIED_ENTRIES = 10_000;

export interface AccessClaims {
  userId: string;
  roles: Role[];
  /** The refresh-token family (session) the token was issued for; binds the XSRF token (http/xsrf.ts). */
  sessionId: string;
}

/** Short-lived access JWTs (RFC 9068 style): EdDSA over the configured Ed25519 key, 15 minutes. */
export interface AccessTokens {
  issue(claims: AccessClaims): Promise<string>;
  /** The claims of a valid token, or null for anything else (bad signature, expired, wrong issuer or audience). */
  verify(token: string): Promise<AccessClaims | null>;
  /** The session of a token with a valid signature even when it has expired, or null. */
  sessionOf(token: string): Promise<string | null>;
}

/** Builds the issuer from the JWT_PRIVATE_KEY secret (PKCS#8 PEM); the key id is the public key's thumbprint. */
export async function createAccessTokens(privateKeyPem: string, issuer: string, clock: Clock): Promise<AccessTokens> {
  const privateKey = createPrivateKey(privateKeyPem);
  const publicKey = createPublicKey(privateKey);
  const kid = await calculateJwkThumbprint(await exportJWK(publicKey));
  const now = () => Math.floor(clock.now().getTime() / 1000);

  async function verifyWith(token: string, tolerance: number): Promise<AccessClaims | null> {
    return (await checked(token, tolerance))?.claims ?? null;
  }

  async function checked(token: string, tolerance: number): Promise<{ claims: AccessClaims; exp: number } | null> {
    try {
      const { payload } = await jwtVerify(token, publicKey, {
        algorithms: ["EdDSA"],
        issuer,
        audience: AUDIENCE,
        typ: "at+jwt",
        currentDate: clock.now(),
        clockTolerance: tolerance,
      });
      const roles = Array.isArray(payload.roles) ? payload.roles.filter((r) => r === "USER" || r === "ADMIN") : [];
      if (typeof payload.sub !== "string" || typeof payload.sid !== "string" || typeof payload.exp !== "number") {
        return null;
      }
      return { claims: { userId: payload.sub, roles, sessionId: payload.sid }, exp: payload.exp };
    } catch {
      return null;
    }
  }

  /**
   * The verification of a token is a function of its exact text, this process's key and the time, so a token seen
   * valid stays valid, with the same claims, until its `exp` (jose's rule: expired once exp <= now in whole seconds).
   * Keyed by the whole text, so only the very same token is spared the check. Whether its session still lives is
   * not kept here: the caller asks the database (Sessions.isLive) on every request as before.
   */
  const verified = new Map<string, { claims: AccessClaims; exp: number }>();
  async function verify(token: string): Promise<AccessClaims | null> {
    const nowSeconds = Math.floor(clock.now().getTime() / 1000);
    const known = verified.get(token);
    if (known) {
      if (known.exp > nowSeconds) return { ...known.claims, roles: [...known.claims.roles] };
      verified.delete(token);
      return null;
    }
    const result = await checked(token, 0);
    if (!result) return null;
    // The oldest first: tokens all live 15 minutes, so insertion order is close to expiry order.
    if (verified.size >= VERIFIED_ENTRIES) verified.delete(verified.keys().next().value!);
    verified.set(token, result);
    return { ...result.claims, roles: [...result.claims.roles] };
  }

  return {
    issue: ({ userId, roles, sessionId }) =>
      new SignJWT({ roles, sid: sessionId })
        .setProtectedHeader({ alg: "EdDSA", kid, typ: "at+jwt" })
        .setSubject(userId)
        .setIssuer(issuer)
        .setAudience(AUDIENCE)
        .setIssuedAt(now())
        .setExpirationTime(now() + ACCESS_TOKEN_TTL_SECONDS)
        .setJti(randomUUID())
        .sign(privateKey),
    verify,
    // A refresh family lives at most 60 days; beyond that the token can only belong to a dead session.
    sessionOf: async (token) => (await verifyWith(token, 60 * 24 * 3600))?.sessionId ?? null,
  };
}
