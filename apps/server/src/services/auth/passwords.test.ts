import { describe, expect, it } from "vitest";
import { COMMON_PASSWORD_COUNT } from "./common-passwords.ts";
import { assertPasswordAllowed, createPasswordHasher } from "./passwords.ts";

function ruleBroken(password: string): string | null {
  try {
    assertPasswordAllowed(password);
    return null;
  } catch (error) {
    return (error as { code: string }).code;
  }
}

describe("password rule", () => {
  it("needs at least 8 characters, counted as characters rather than bytes", () => {
    expect(ruleBroken("Xq7#pL2")).toBe("PASSWORD_TOO_SHORT");
    expect(ruleBroken("ёжик🦔ёж")).toBe("PASSWORD_TOO_SHORT");
    expect(ruleBroken("ёжик🦔ёжи")).toBeNull();
  });

  it("refuses common passwords whatever their case", () => {
    expect(ruleBroken("password")).toBe("PASSWORD_TOO_COMMON");
    expect(ruleBroken("PassWord1")).toBe("PASSWORD_TOO_COMMON");
    expect(ruleBroken("qwertyuiop")).toBe("PASSWORD_TOO_COMMON");
    expect(ruleBroken("12345678")).toBe("PASSWORD_TOO_COMMON");
    expect(ruleBroken("violet-harbour-47")).toBeNull();
    expect(COMMON_PASSWORD_COUNT).toBeGreaterThan(10_000);
  });
});

describe("password hasher", () => {
  const hasher = createPasswordHasher({ memoryKib: 256, iterations: 1 });

  it("stores Argon2id with the configured cost and verifies only the right password", async () => {
    const stored = await hasher.hash("violet-harbour-47");
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=256,t=1,p=1\$/);
    expect(await hasher.verify(stored, "violet-harbour-47")).toBe(true);
    expect(await hasher.verify(stored, "violet-harbour-48")).toBe(false);
    expect(await hasher.verify("not a hash", "violet-harbour-47")).toBe(false);
  });
});
