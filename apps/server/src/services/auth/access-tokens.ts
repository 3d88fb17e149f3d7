import { createPrivateKey, createPublicKey, randomUUID } from "node:crypto";
import type { Role } from "@handfont/contract";
import { calculateJwkThumbprint, exportJWK, jwtVerify, SignJWT } from "jose";
import type { Clock } from "../../ports/clock.ts";

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const AUDIENCE = "handfont-api";

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
      if (typeof payload.sub !== "string" || typeof payload.sid !== "string") return null;
      return { userId: payload.sub, roles, sessionId: payload.sid };
    } catch {
      return null;
    }
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
    verify: (token) => verifyWith(token, 0),
    // A refresh family lives at most 60 days; beyond that the token can only belong to a dead session.
    sessionOf: async (token) => (await verifyWith(token, 60 * 24 * 3600))?.sessionId ?? null,
  };
}
