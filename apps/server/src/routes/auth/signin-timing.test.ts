import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerConfirmedUser, type TestUser } from "../../test-support/accounts.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { createTestBrowser } from "../../test-support/test-browser.ts";

// Production password hashing (OWASP: 19 MiB, 2 iterations), so the timing compared is the real one.
let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp({ ARGON2_MEMORY_KIB: "19456", ARGON2_ITERATIONS: "2" });
  user = await registerConfirmedUser(t.app);
});
afterAll(async () => {
  await t.close();
});

async function timedSignIn(username: string): Promise<number> {
  const browser = createTestBrowser(t.app);
  const recaptca = await browser.solveCaptcha();
  await browser.get("/api/auth/csrf");
  // CPU time of this process (argon2's threads included), not wall time: on a loaded machine the wall clock
  // mostly measures waiting for a core, the work spent is what an attacker could tell apart.
  const started = process.cpuUsage();
  const res = await browser.post("/api/auth/signin", { username, password: "wrong-password-1", recaptca });
  const spent = process.cpuUsage(started);
  expect(res.json().code).toBe("BAD_CREDENTIALS");
  return (spent.user + spent.system) / 1000;
}

describe("sign-in timing", () => {
  it("spends the same argon2 work on an unknown user as on a wrong password", async () => {
    const unknown: number[] = [];
    const known: number[] = [];
    // Interleaved, so drift of the shared machine touches both alike; 8 stays under the per-account limit of 10.
    for (let i = 0; i < 8; i += 1) {
      unknown.push(await timedSignIn(`nobody-${i}`));
      known.push(await timedSignIn(user.username));
    }
    // The least each took: a loaded machine only ever adds CPU time (a core shared with other work runs slower, and
    // the suite's other files run beside this one), so the minima compare the work itself; medians of 8 differed by
    // 2× under the full suite with other jobs running.
    const [u, k] = [Math.min(...unknown), Math.min(...known)];
    process.stderr.write(
      `sign-in CPU time minima (ms): unknown user ${u.toFixed(1)}, wrong password ${k.toFixed(1)}\n`,
    );
    // A hash at 19 MiB takes well over 5 ms here; without the dummy verify an unknown user answers in about 1 ms.
    expect(u).toBeGreaterThan(5);
    expect(u / k).toBeGreaterThan(0.6);
    expect(u / k).toBeLessThan(1.6);
  });
});
