import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadSecrets } from "./secrets.ts";

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "handfont-secrets-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("secrets", () => {
  it("generates missing secrets on first start and keeps them private in DATA_DIR", () => {
    const dir = tempDir();
    const first = loadSecrets(dir, {});
    expect(first.XSRF_SECRET.length).toBeGreaterThanOrEqual(40);
    expect(first.JWT_PRIVATE_KEY).toContain("BEGIN PRIVATE KEY");
    expect(statSync(join(dir, "secrets.json")).mode & 0o777).toBe(0o600);
    expect(loadSecrets(dir, {})).toEqual(first);
  });

  it("prefers a secret given by the environment and does not store it", () => {
    const dir = tempDir();
    const given = "g".repeat(40);
    expect(loadSecrets(dir, { COOKIE_SECRET: given }).COOKIE_SECRET).toBe(given);
    expect(readFileSync(join(dir, "secrets.json"), "utf8")).not.toContain(given);
  });

  it("gives every secret a different value", () => {
    const secrets = loadSecrets(tempDir(), {});
    expect(new Set(Object.values(secrets)).size).toBe(Object.keys(secrets).length);
  });
});
