import { generateKeyPairSync } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../db/database.ts";
import { HARD_CAPTCHA_FACTOR } from "../../ports/captcha.ts";
import { manualClock } from "../../ports/clock.ts";
import { LIMITS } from "../../services/auth/context.ts";
import { createRateLimiter } from "../../services/rate-limiter.ts";
import { newUserData, registerConfirmedUser, signedInBrowser } from "../../test-support/accounts.ts";
import { postgresAnswers, postgresTestDatabase } from "../../test-support/postgres.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { createTestBrowser } from "../../test-support/test-browser.ts";
import { openTestDatabase } from "../../test-support/test-database.ts";

let t: TestApp;
beforeAll(async () => {
  // Time stands still: the limits count in fixed windows, and a loop of requests crossing a minute's end on a busy
  // machine started a fresh window and missed its 429.
  t = await createTestApp({}, undefined, { accountPorts: { clock: manualClock() } });
});
afterAll(async () => {
  await t.close();
});

describe("rate limits", () => {
  it("limits sign-in per IP before the captcha and any password hash", async () => {
    const browser = createTestBrowser(t.app);
    const body = { username: "someone", password: "whatever-123", recaptca: "" };
    const codes: string[] = [];
    for (let i = 0; i < 51; i += 1) codes.push((await browser.post("/api/auth/signin", body)).json().code);
    expect(codes.slice(0, 50).every((code) => code === "CAPTCHA")).toBe(true);
    expect(codes[50]).toBe("RATE_LIMITED");
  });

  it("never locks the owner out: after failed sign-ins elsewhere the right password with a hardened captcha works", async () => {
    const user = await registerConfirmedUser(t.app);
    for (let i = 0; i < 10; i += 1) {
      const attacker = createTestBrowser(t.app);
      const res = await attacker.post("/api/auth/signin", {
        username: i % 2 === 0 ? user.username : user.email,
        password: "wrong-password-1",
        recaptca: await attacker.solveCaptcha(),
      });
      expect(res.json().code).toBe("BAD_CREDENTIALS");
    }
    // Every further attempt on the account, right password or not, needs several times the work.
    const attacker = createTestBrowser(t.app, { language: "ru" });
    const cheap = await attacker.post("/api/auth/signin", {
      username: user.username,
      password: "wrong-password-2",
      recaptca: await attacker.solveCaptcha(),
    });
    expect(cheap.statusCode).toBe(400);
    expect(cheap.json()).toMatchObject({ code: "CAPTCHA", hardCaptcha: true, message: expect.any(String) });
    const normal = (await attacker.get("/api/captcha/challenge")).json();
    const hardened = (await attacker.get(`/api/captcha/challenge?login=${user.email.toUpperCase()}`)).json();
    expect(hardened.parameters.cost).toBe(normal.parameters.cost * HARD_CAPTCHA_FACTOR);
    const paid = await attacker.post("/api/auth/signin", {
      username: user.username,
      password: "wrong-password-2",
      recaptca: await attacker.solveCaptcha(user.username),
    });
    expect(paid.json().code).toBe("BAD_CREDENTIALS");

    const owner = createTestBrowser(t.app);
    const ownerCheap = await owner.post("/api/auth/signin", {
      username: user.email,
      password: user.password,
      recaptca: await owner.solveCaptcha(),
    });
    expect(ownerCheap.json().code).toBe("CAPTCHA");
    const signedIn = await owner.post("/api/auth/signin", {
      username: user.email,
      password: user.password,
      recaptca: await owner.solveCaptcha(user.email),
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
  });

  it("hardens the captcha for an address that failed often, whatever account it tries", async () => {
    const attacker = createTestBrowser(t.app);
    for (let i = 0; i < 5; i += 1) {
      const res = await attacker.post("/api/auth/signin", {
        username: `nobody-${i}`,
        password: "wrong-password-1",
        recaptca: await attacker.solveCaptcha(),
      });
      expect(res.json().code).toBe("BAD_CREDENTIALS");
    }
    const elsewhere = (await createTestBrowser(t.app).get("/api/captcha/challenge")).json();
    const here = (await attacker.get("/api/captcha/challenge")).json();
    expect(here.parameters.cost).toBe(elsewhere.parameters.cost * HARD_CAPTCHA_FACTOR);
    const user = await registerConfirmedUser(t.app);
    const body = { username: user.username, password: user.password };
    // A normal solution (fetched elsewhere) is refused from this address; the challenges it gets are all hardened.
    const normalSolution = await createTestBrowser(t.app).solveCaptcha();
    expect((await attacker.post("/api/auth/signin", { ...body, recaptca: normalSolution })).json()).toMatchObject({
      code: "CAPTCHA",
      hardCaptcha: true,
    });
    const paid = await attacker.post("/api/auth/signin", { ...body, recaptca: await attacker.solveCaptcha() });
    expect(paid.statusCode).toBe(200);
    // The owner's own address was never in question.
    const owner = createTestBrowser(t.app);
    expect((await owner.post("/api/auth/signin", { ...body, recaptca: await owner.solveCaptcha() })).statusCode).toBe(
      200,
    );
  });

  it("lets the owner reset the password however often others asked for links, and sends at most three mails", async () => {
    const user = await registerConfirmedUser(t.app);
    const mailsTo = async () =>
      (await t.app.inject({ method: "GET", url: "/api/debug/outbox" }))
        .json()
        .messages.filter((mail: { to: string }) => mail.to === user.email) as { links: string[] }[];
    const before = (await mailsTo()).length;
    for (let i = 0; i < 5; i += 1) {
      const res = await createTestBrowser(t.app).post("/api/forgotPassword", { email: user.email });
      expect(res.statusCode).toBe(204);
    }
    const mails = (await mailsTo()).slice(0, -before || undefined);
    expect(mails).toHaveLength(3);
    // The owner picks any of the links (the oldest here): it works, and then the others do not.
    const owner = createTestBrowser(t.app);
    const tokenOf = (mail: { links: string[] }) => new URL(mail.links[0]!).searchParams.get("token")!;
    const reset = await owner.post("/api/forgotPassword/updatePassword", {
      token: tokenOf(mails[2]!),
      password: "new-violet-harbour-9",
    });
    expect(reset.statusCode, reset.body).toBe(204);
    const again = await owner.post("/api/forgotPassword/updatePassword", {
      token: tokenOf(mails[0]!),
      password: "new-violet-harbour-10",
    });
    expect(again.json().code).toBe("TOKEN_INVALID");
    const signIn = await owner.post("/api/auth/signin", {
      username: user.username,
      password: "new-violet-harbour-9",
      recaptca: await owner.solveCaptcha(),
    });
    expect(signIn.statusCode).toBe(200);
  });

  it("limits challenges per IP, resend per account, forgot and refresh per IP", async () => {
    const challenges = createTestBrowser(t.app);
    const challengeCodes: number[] = [];
    for (let i = 0; i < 121; i += 1) challengeCodes.push((await challenges.get("/api/captcha/challenge")).statusCode);
    expect(challengeCodes.filter((code) => code === 200)).toHaveLength(120);
    expect(challengeCodes[120]).toBe(429);

    const id = "00000000-0000-4000-8000-000000000001";
    const resendCodes: number[] = [];
    for (let i = 0; i < 4; i += 1)
      resendCodes.push((await createTestBrowser(t.app).post("/api/resendEmail", { id })).statusCode);
    expect(resendCodes).toEqual([204, 204, 204, 429]);

    const forgotter = createTestBrowser(t.app);
    const forgotCodes: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      forgotCodes.push((await forgotter.post("/api/forgotPassword", { email: `target${i}@example.com` })).statusCode);
    }
    expect(forgotCodes).toEqual([...Array(10).fill(204), 429]);

    const refresher = createTestBrowser(t.app);
    const refreshCodes: number[] = [];
    const refreshLimit = LIMITS.refreshIp.limit;
    for (let i = 0; i <= refreshLimit; i += 1)
      refreshCodes.push((await refresher.post("/api/auth/refreshtoken")).statusCode);
    expect(refreshCodes.slice(0, refreshLimit).every((code) => code === 401)).toBe(true);
    expect(refreshCodes[refreshLimit]).toBe(429);
  });
});

describe("refresh limits and real visits", () => {
  // Every page load of a signed-in visitor refreshes once: someone reading a page a second for a minute, in one
  // browser, must not be signed out by the limit meant for floods.
  it("keeps a visitor who opens a page a second for a minute signed in", async () => {
    const browser = await signedInBrowser(t.app, await registerConfirmedUser(t.app));
    const codes: number[] = [];
    for (let page = 0; page < 60; page += 1) codes.push((await browser.post("/api/auth/refreshtoken")).statusCode);
    expect(codes).toEqual(Array(60).fill(200));
  });

  it("lets a class of thirty behind one address open a page every ten seconds each", async () => {
    const ip = "203.0.113.30";
    const pupils = await Promise.all(
      Array.from({ length: 30 }, async () => {
        const user = await registerConfirmedUser(t.app);
        const browser = createTestBrowser(t.app, { ip });
        const signIn = await browser.post("/api/auth/signin", {
          username: user.username,
          password: user.password,
          recaptca: await browser.solveCaptcha(),
        });
        expect(signIn.statusCode).toBe(200);
        return browser;
      }),
    );
    const codes: number[] = [];
    for (let round = 0; round < 6; round += 1) {
      for (const pupil of pupils) codes.push((await pupil.post("/api/auth/refreshtoken")).statusCode);
    }
    expect(codes).toEqual(Array(180).fill(200));
  });
});

describe("rate limiter", () => {
  it("counts per subject in fixed windows and starts over in the next window", async () => {
    const database = await openTestDatabase();
    const clock = manualClock(new Date("2026-05-01T12:00:00Z"));
    const limiter = createRateLimiter(database.db, clock);
    const rule = { name: "test", limit: 2, windowMs: 60_000 };
    await limiter.hit(rule, "a");
    await limiter.hit(rule, "a");
    await limiter.hit(rule, "b");
    await expect(limiter.hit(rule, "a")).rejects.toMatchObject({
      code: "RATE_LIMITED",
      extra: { retryAfterSeconds: 60 },
    });
    clock.advance(60_000);
    await expect(limiter.hit(rule, "a")).resolves.toBeUndefined();
    await database.close();
  });
});

// PostgreSQL tier: runs when a server answers on 127.0.0.1:5432 (or TEST_POSTGRES_URL), with its own database.
const hasPostgres = await postgresAnswers("rate-limit tests");

describe.skipIf(!hasPostgres)("limits and captcha replay across server processes on PostgreSQL", () => {
  const testDatabase = postgresTestDatabase("handfont_limits");
  const { url } = testDatabase;
  // Several processes of one deployment share their secrets through the environment.
  const shared = {
    DATABASE_URL: url,
    COOKIE_SECRET: "c".repeat(32),
    XSRF_SECRET: "x".repeat(32),
    CAPTCHA_HMAC_SECRET: "h".repeat(32),
    JWT_PRIVATE_KEY: generateKeyPairSync("ed25519").privateKey.export({ format: "pem", type: "pkcs8" }).toString(),
  };
  const databases: Database[] = [];
  const apps: TestApp[] = [];
  beforeAll(async () => {
    await testDatabase.create();
    for (let i = 0; i < 2; i += 1) {
      const database = await openDatabase({ driver: "postgres", url });
      databases.push(database);
      apps.push(await createTestApp(shared, database));
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const database of databases) await database.close();
    await testDatabase.drop();
  });

  it("counts failed sign-ins of one account on both processes together", async () => {
    const [a, b] = apps as [TestApp, TestApp];
    const data = newUserData("pg");
    const browser = createTestBrowser(a.app);
    await browser.post("/api/auth/signup", { ...data, recaptca: await browser.solveCaptcha() });
    const codes: string[] = [];
    for (let i = 0; i < 11; i += 1) {
      const app = i % 2 === 0 ? a.app : b.app;
      const client = createTestBrowser(app);
      const res = await client.post("/api/auth/signin", {
        username: data.username,
        password: "wrong-password-1",
        recaptca: await client.solveCaptcha(),
      });
      codes.push(res.json().code);
    }
    expect(codes.slice(0, 10).every((code) => code === "BAD_CREDENTIALS")).toBe(true);
    expect(codes[10]).toBe("CAPTCHA");
  });

  it("refuses on one process a captcha solution already used on the other", async () => {
    const [a, b] = apps as [TestApp, TestApp];
    const onA = createTestBrowser(a.app);
    const solution = await onA.solveCaptcha();
    const body = { username: "nobody-here", password: "whatever-123", recaptca: solution };
    expect((await onA.post("/api/auth/signin", body)).json().code).toBe("BAD_CREDENTIALS");
    expect((await createTestBrowser(b.app).post("/api/auth/signin", body)).json().code).toBe("CAPTCHA");
  });
});
