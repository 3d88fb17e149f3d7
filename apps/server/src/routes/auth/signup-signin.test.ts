import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newUserData, outboxLinks, pathOf, registerConfirmedUser } from "../../test-support/accounts.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { createTestBrowser } from "../../test-support/test-browser.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("sign-up (spec §8)", () => {
  it("creates the account, answers 201 {id} and leaves the visitor signed out", async () => {
    const browser = createTestBrowser(t.app);
    const data = newUserData();
    const res = await browser.post("/api/auth/signup", { ...data, recaptca: await browser.solveCaptcha() });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(browser.cookie("refreshToken")).toBeUndefined();
    expect(res.body).not.toContain("accessToken");
  });

  it("answers 400 CAPTCHA, in the spec's Russian, without a solved captcha", async () => {
    const browser = createTestBrowser(t.app, { language: "ru-RU" });
    const res = await browser.post("/api/auth/signup", { ...newUserData(), recaptca: "" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: "CAPTCHA", message: "Пройдите капчу" });
  });

  it("answers 409 EMAIL_EXISTS also when only the case of the address differs", async () => {
    const browser = createTestBrowser(t.app, { language: "ru" });
    const first = newUserData();
    await browser.post("/api/auth/signup", { ...first, recaptca: await browser.solveCaptcha() });
    const res = await browser.post("/api/auth/signup", {
      ...newUserData(),
      email: first.email.toUpperCase(),
      recaptca: await browser.solveCaptcha(),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: "EMAIL_EXISTS", message: "Такой email уже зарегистрирован" });
  });

  it("answers a taken username with its own code, whatever its case", async () => {
    const browser = createTestBrowser(t.app);
    const first = newUserData();
    await browser.post("/api/auth/signup", { ...first, recaptca: await browser.solveCaptcha() });
    const res = await browser.post("/api/auth/signup", {
      ...newUserData(),
      username: first.username.toUpperCase(),
      recaptca: await browser.solveCaptcha(),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe("USERNAME_EXISTS");
  });

  it("refuses short and common passwords with messages in the request's language", async () => {
    const browser = createTestBrowser(t.app, { language: "de" });
    const short = await browser.post("/api/auth/signup", {
      ...newUserData(),
      password: "Xq7#pL2",
      recaptca: await browser.solveCaptcha(),
    });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      code: "PASSWORD_TOO_SHORT",
      message: "Das Passwort muss mindestens 8 Zeichen lang sein.",
    });
    const common = await browser.post("/api/auth/signup", {
      ...newUserData(),
      password: "Password1",
      recaptca: await browser.solveCaptcha(),
    });
    expect(common.json().code).toBe("PASSWORD_TOO_COMMON");
  });

  it("answers anything else with a typed error the client shows as the unknown error", async () => {
    const browser = createTestBrowser(t.app);
    const res = await browser.post("/api/auth/signup", { username: "x", email: "not-an-email", password: "p" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "VALIDATION", message: expect.any(String) });
  });
});

describe("e-mail confirmation link", () => {
  it("confirms once and lands on /{lang}/login with a success flag in the user's language", async () => {
    const browser = createTestBrowser(t.app, { language: "fr-FR" });
    const data = newUserData();
    await browser.post("/api/auth/signup", { ...data, recaptca: await browser.solveCaptcha() });
    const [link] = await outboxLinks(t.app, data.email);
    expect(link).toMatch(/^http:\/\/localhost:3000\/api\/auth\/confirm\?token=[\w-]{43}$/);
    const first = await createTestBrowser(t.app).get(pathOf(link!));
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe("/fr/login?confirmed=1");
    const again = await createTestBrowser(t.app).get(pathOf(link!));
    expect(again.headers.location).toBe("/fr/login?confirmError=TOKEN_INVALID");
  });

  it("answers an unknown token in the request's language", async () => {
    const res = await createTestBrowser(t.app, { language: "uk" }).get("/api/auth/confirm?token=forged");
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/uk/login?confirmError=TOKEN_INVALID");
  });
});

describe("sign-in (spec §8)", () => {
  it("signs in by username or by e-mail in any case and answers the token and the user", async () => {
    const user = await registerConfirmedUser(t.app);
    for (const login of [{ username: user.username }, { email: user.email.toUpperCase() }, { username: user.email }]) {
      const browser = createTestBrowser(t.app);
      const res = await browser.post("/api/auth/signin", {
        ...login,
        password: user.password,
        recaptca: await browser.solveCaptcha(),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        accessToken: expect.stringMatching(/^ey[\w-]+\.[\w-]+\.[\w-]+$/),
        user: {
          id: user.id,
          username: user.username,
          email: user.email,
          roles: ["USER"],
          isPremium: false,
          locale: "en",
          hasPassword: true,
        },
      });
    }
  });

  it("sets the refresh cookie httpOnly, SameSite=Strict, only for /api/auth, and a readable XSRF cookie", async () => {
    const user = await registerConfirmedUser(t.app);
    const browser = createTestBrowser(t.app);
    const res = await browser.post("/api/auth/signin", {
      username: user.username,
      password: user.password,
      recaptca: await browser.solveCaptcha(),
    });
    const cookies = res.cookies as {
      name: string;
      httpOnly?: boolean;
      sameSite?: string;
      path?: string;
      maxAge?: number;
    }[];
    const refresh = cookies.find((cookie) => cookie.name === "refreshToken");
    expect(refresh).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/api/auth" });
    expect(refresh?.maxAge).toBeGreaterThan(60 * 24 * 3600 - 5);
    const xsrf = cookies.find((cookie) => cookie.name === "XSRF-TOKEN");
    expect(xsrf).toMatchObject({ path: "/", sameSite: "Lax" });
    expect(xsrf?.httpOnly).not.toBe(true);
  });

  it("answers 401 EMAIL_NOT_CONFIRMED with the id only after the right password", async () => {
    const browser = createTestBrowser(t.app, { language: "ru" });
    const data = newUserData();
    const { id } = (await browser.post("/api/auth/signup", { ...data, recaptca: await browser.solveCaptcha() })).json();
    const wrong = await browser.post("/api/auth/signin", {
      username: data.username,
      password: "wrong-password-1",
      recaptca: await browser.solveCaptcha(),
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ code: "BAD_CREDENTIALS", message: "Неверный логин или пароль" });
    const right = await browser.post("/api/auth/signin", {
      username: data.username,
      password: data.password,
      recaptca: await browser.solveCaptcha(),
    });
    expect(right.statusCode).toBe(401);
    expect(right.json()).toEqual({ code: "EMAIL_NOT_CONFIRMED", message: "Email не подтверждён", id });
    expect(browser.cookie("refreshToken")).toBeUndefined();
  });

  it("answers an unknown user exactly as a wrong password", async () => {
    const user = await registerConfirmedUser(t.app);
    const browser = createTestBrowser(t.app);
    const wrong = await browser.post("/api/auth/signin", {
      username: user.username,
      password: "wrong-password-1",
      recaptca: await browser.solveCaptcha(),
    });
    const unknown = await browser.post("/api/auth/signin", {
      username: "nobody-at-all",
      password: "wrong-password-1",
      recaptca: await browser.solveCaptcha(),
    });
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.body).toBe(wrong.body);
    expect(unknown.headers["content-length"]).toBe(wrong.headers["content-length"]);
  });

  it("answers CAPTCHA for a missing, replayed or forged captcha before looking at the password", async () => {
    const user = await registerConfirmedUser(t.app);
    const browser = createTestBrowser(t.app);
    const body = { username: user.username, password: user.password };
    expect((await browser.post("/api/auth/signin", { ...body, recaptca: "" })).json().code).toBe("CAPTCHA");
    const solved = await browser.solveCaptcha();
    expect((await browser.post("/api/auth/signin", { ...body, recaptca: solved })).statusCode).toBe(200);
    const replay = await browser.post("/api/auth/signin", { ...body, recaptca: solved });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe("CAPTCHA");
    const payload = JSON.parse(Buffer.from(await browser.solveCaptcha(), "base64").toString());
    payload.challenge.parameters.cost = 0;
    const forged = Buffer.from(JSON.stringify(payload)).toString("base64");
    expect((await browser.post("/api/auth/signin", { ...body, recaptca: forged })).json().code).toBe("CAPTCHA");
    const widgetTestMode = Buffer.from(JSON.stringify({ challenge: null, solution: null, test: true })).toString(
      "base64",
    );
    expect((await browser.post("/api/auth/signin", { ...body, recaptca: widgetTestMode })).json().code).toBe("CAPTCHA");
  });
});
