import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { manualClock } from "../../ports/clock.ts";
import { ACCESS_TOKEN_TTL_SECONDS, createAccessTokens } from "./access-tokens.ts";

const pem = () => generateKeyPairSync("ed25519").privateKey.export({ format: "pem", type: "pkcs8" }).toString();
const ISSUER = "http://127.0.0.1";
const claims = { userId: "u-1", roles: ["USER" as const], sessionId: "s-1" };

describe("access tokens", () => {
  it("answers a token's claims on every check until its expiry, whether or not it was checked before", async () => {
    // Issued on a whole second, so the token's exp is exactly issue time + 15 minutes.
    const clock = manualClock(new Date(Date.UTC(2026, 10, 24, 12, 0, 0)));
    const key = pem();
    const tokens = await createAccessTokens(key, ISSUER, clock);
    const token = await tokens.issue(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    // A second issuer over the same key has never seen the token: its answer is the signature check's own.
    const fresh = async () => (await createAccessTokens(key, ISSUER, clock)).verify(token);
    clock.advance((ACCESS_TOKEN_TTL_SECONDS - 1) * 1000 + 999);
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await fresh()).toEqual(claims);
    // At exp (RFC 7519: not accepted on or after it) both refuse it.
    clock.advance(1);
    expect(await fresh()).toBeNull();
    expect(await tokens.verify(token)).toBeNull();
  });

  it("refuses a token altered by one character after the genuine one was accepted", async () => {
    const tokens = await createAccessTokens(pem(), ISSUER, manualClock());
    const token = await tokens.issue(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    const [header, payload, signature] = token.split(".");
    // The signature's first character: the last one may carry only padding bits, which decoders ignore.
    const altered = `${signature![0] === "A" ? "B" : "A"}${signature!.slice(1)}`;
    expect(await tokens.verify(`${header}.${payload}.${altered}`)).toBeNull();
    const admin = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, "base64url").toString()), roles: ["ADMIN"] }),
    );
    expect(await tokens.verify(`${header}.${admin.toString("base64url")}.${signature}`)).toBeNull();
  });

  it("refuses a token signed with another key, even with the claims of one it accepted", async () => {
    const clock = manualClock();
    const tokens = await createAccessTokens(pem(), ISSUER, clock);
    const other = await createAccessTokens(pem(), ISSUER, clock);
    expect(await tokens.verify(await tokens.issue(claims))).toEqual(claims);
    expect(await tokens.verify(await other.issue(claims))).toBeNull();
  });

  it("gives each caller its own copy of the claims", async () => {
    const tokens = await createAccessTokens(pem(), ISSUER, manualClock());
    const token = await tokens.issue(claims);
    const first = await tokens.verify(token);
    first!.roles.push("ADMIN");
    expect(await tokens.verify(token)).toEqual(claims);
  });
});
