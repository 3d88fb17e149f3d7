import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newUserData, pathOf, type TestUser } from "../../test-support/accounts.ts";
import { type SmtpSink, startSmtpSink } from "../../test-support/smtp-sink.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { createTestBrowser, type TestBrowser } from "../../test-support/test-browser.ts";

let sink: SmtpSink;
let t: TestApp;
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: sink.url, MAIL_FROM: "Handfont <no-reply@handfont.test>" });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

function linkIn(text: string): string {
  const link = text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link in: ${text}`);
  return link;
}

/** Signs up in a language and follows the link of the mail that the SMTP server received. */
async function signUpConfirmed(language = "en"): Promise<TestUser> {
  const browser = createTestBrowser(t.app, { language });
  const data = newUserData("mail");
  const res = await browser.post("/api/auth/signup", { ...data, recaptca: await browser.solveCaptcha() });
  const mail = await sink.waitFor(data.email);
  await browser.get(pathOf(linkIn(mail.text)));
  return { id: res.json().id, ...data };
}

async function signIn(user: TestUser, login: string = user.username): Promise<TestBrowser> {
  const browser = createTestBrowser(t.app);
  const res = await browser.post("/api/auth/signin", {
    username: login,
    password: user.password,
    recaptca: await browser.solveCaptcha(),
  });
  expect(res.statusCode, res.body).toBe(200);
  browser.accessToken = res.json().accessToken;
  return browser;
}

describe("confirmation mail over SMTP", () => {
  it("arrives in the user's language as text and HTML, and its link confirms the account", async () => {
    const browser = createTestBrowser(t.app, { language: "ru-RU,ru;q=0.9" });
    const data = newUserData("ru");
    await browser.post("/api/auth/signup", { ...data, recaptca: await browser.solveCaptcha() });
    const mail = await sink.waitFor(data.email);
    expect(mail.subject).toBe("Подтвердите email для Handfont");
    expect(mail.contentLanguage).toBe("ru");
    expect(mail.text).toContain(`Здравствуйте, ${data.username}!`);
    const link = linkIn(mail.text);
    expect(mail.html).toContain(`href="${link}"`);
    const confirm = await browser.get(pathOf(link));
    expect(confirm.headers.location).toBe("/ru/login?confirmed=1");
    await signIn({ id: "", ...data });
  });

  it("is sent again on resendEmail, and only the newest link works; an unknown id also gets 204", async () => {
    const browser = createTestBrowser(t.app);
    const data = newUserData("resend");
    const { id } = (await browser.post("/api/auth/signup", { ...data, recaptca: await browser.solveCaptcha() })).json();
    const first = linkIn((await sink.waitFor(data.email)).text);
    expect((await browser.post("/api/resendEmail/", { id })).statusCode).toBe(204);
    const second = linkIn((await sink.waitFor(data.email, (mail) => !mail.text.includes(first))).text);
    expect((await browser.get(pathOf(first))).headers.location).toBe("/en/login?confirmError=TOKEN_INVALID");
    expect((await browser.get(pathOf(second))).headers.location).toBe("/en/login?confirmed=1");
    const before = sink.mails.length;
    expect((await browser.post("/api/resendEmail/", { id: "00000000-0000-4000-8000-000000000000" })).statusCode).toBe(
      204,
    );
    expect((await browser.post("/api/resendEmail/", { id })).statusCode).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sink.mails.length).toBe(before);
  });

  it("keeps no outbox when a real SMTP server is configured", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/debug/outbox" })).statusCode).toBe(404);
  });
});

describe("password recovery", () => {
  it("mails a reset link, sets the new password from it once, ends every session and sends a notice", async () => {
    const user = await signUpConfirmed("de");
    const session = await signIn(user);
    const anonymous = createTestBrowser(t.app);
    expect((await anonymous.post("/api/forgotPassword/", { email: user.email.toUpperCase() })).statusCode).toBe(204);
    const mail = await sink.waitFor(user.email, (m) => m.subject === "Setze dein Handfont-Passwort zurück");
    const link = new URL(linkIn(mail.text));
    expect(link.pathname).toBe("/de/forgotpasswordchangepassword");
    const token = link.searchParams.get("token")!;

    const weak = await anonymous.post("/api/forgotPassword/updatePassword", { token, password: "short" });
    expect(weak.json().code).toBe("PASSWORD_TOO_SHORT");
    const newPassword = "new-violet-harbour-9";
    expect(
      (await anonymous.post("/api/forgotPassword/updatePassword", { token, password: newPassword })).statusCode,
    ).toBe(204);
    const reused = await anonymous.post("/api/forgotPassword/updatePassword", { token, password: "another-one-77x" });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe("TOKEN_INVALID");

    expect((await session.post("/api/auth/refreshtoken")).json().code).toBe("SESSION_REVOKED");
    await sink.waitFor(user.email, (m) => m.subject === "Dein Handfont-Passwort wurde geändert");
    await signIn({ ...user, password: newPassword });
    const old = createTestBrowser(t.app);
    const oldPassword = await old.post("/api/auth/signin", {
      username: user.username,
      password: user.password,
      recaptca: await old.solveCaptcha(),
    });
    expect(oldPassword.json().code).toBe("BAD_CREDENTIALS");
  });

  it("answers 204 for an unknown address and sends nothing", async () => {
    const before = sink.mails.length;
    const res = await createTestBrowser(t.app).post("/api/forgotPassword/", { email: "nobody@example.com" });
    expect(res.statusCode).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sink.mails.length).toBe(before);
  });
});

describe("profile changes by mail", () => {
  it("confirms a new address by a link to it, with a notice to the old one", async () => {
    const user = await signUpConfirmed();
    const browser = await signIn(user);
    const newEmail = `new-${user.email}`;
    expect(
      (await browser.post("/api/profile/editEmail/", { email: newEmail, password: "wrong-password-1" })).json(),
    ).toMatchObject({ code: "WRONG_PASSWORD" });
    expect(
      (
        await browser.post("/api/profile/editEmail/", { email: user.email.toUpperCase(), password: user.password })
      ).json().code,
    ).toBe("EMAIL_UNCHANGED");
    expect(
      (await browser.post("/api/profile/editEmail/", { email: newEmail, password: user.password })).statusCode,
    ).toBe(204);
    const confirmation = await sink.waitFor(newEmail);
    expect(confirmation.subject).toBe("Confirm your new email for Handfont");
    const notice = await sink.waitFor(user.email, (m) => m.subject === "Your Handfont email address is being changed");
    expect(notice.text).toContain(newEmail);
    expect((await browser.get("/api/profile/")).json()).toMatchObject({ email: user.email, pendingEmail: newEmail });

    const follow = await createTestBrowser(t.app).get(pathOf(linkIn(confirmation.text)));
    expect(follow.headers.location).toBe("/en/profile?emailChanged=1");
    expect((await browser.get("/api/profile/")).json()).toMatchObject({ email: newEmail, pendingEmail: null });
    await signIn(user, newEmail);
  });

  it("changes the password, ends the other sessions, keeps this one and sends a notice", async () => {
    const user = await signUpConfirmed();
    const other = await signIn(user);
    const browser = await signIn(user);
    // The other session's access token has been checked once (and is kept as verified until its expiry)...
    expect((await other.get("/api/profile")).statusCode).toBe(200);
    const wrong = await browser.post("/api/profile/editPassword", { oldPassword: "nope-nope-1", newPassword: "x" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe("WRONG_PASSWORD");
    const res = await browser.post("/api/profile/editPassword", {
      oldPassword: user.password,
      newPassword: "fresh-violet-harbour-3",
    });
    expect(res.statusCode).toBe(200);
    browser.accessToken = res.json().accessToken;
    // ...and stops with its session all the same, well before it expires.
    expect((await other.get("/api/profile")).statusCode).toBe(401);
    expect((await other.post("/api/auth/refreshtoken")).json().code).toBe("SESSION_REVOKED");
    expect((await browser.post("/api/auth/refreshtoken")).statusCode).toBe(200);
    await sink.waitFor(user.email, (m) => m.subject === "Your Handfont password was changed");
  });

  it("stores the language chosen with changeLocale and writes the next mails in it", async () => {
    const user = await signUpConfirmed();
    const browser = await signIn(user);
    const res = await browser.get("/api/changeLocale?lang=it");
    expect(res.json()).toEqual({ lang: "it" });
    const cookie = (res.cookies as { name: string; maxAge?: number; sameSite?: string; path?: string }[]).find(
      (c) => c.name === "lang",
    );
    expect(cookie).toMatchObject({ path: "/", sameSite: "Lax", maxAge: 365 * 24 * 3600 });
    expect((await createTestBrowser(t.app).get("/api/checklocale/")).json()).toEqual({ lang: "en" });
    browser.deleteCookie("lang");
    expect((await browser.get("/api/checklocale/")).json()).toEqual({ lang: "it" });
    await createTestBrowser(t.app).post("/api/forgotPassword/", { email: user.email });
    await sink.waitFor(user.email, (m) => m.subject === "Reimposta la tua password di Handfont");
  });
});
