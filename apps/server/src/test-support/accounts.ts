import type { FastifyInstance } from "fastify";
import { createTestBrowser, type TestBrowser } from "./test-browser.ts";

export interface TestUser {
  id: string;
  username: string;
  email: string;
  password: string;
}

let serial = 0;
/** A new username, e-mail and a password that passes the rules. */
export function newUserData(prefix = "user"): Omit<TestUser, "id"> {
  serial += 1;
  const tag = `${prefix}${serial}${Math.random().toString(36).slice(2, 6)}`;
  return { username: tag, email: `${tag}@example.com`, password: `violet-harbour-${serial}-x` };
}

/** The links of the newest mail the development outbox holds for an address. */
export async function outboxLinks(app: FastifyInstance, to: string): Promise<string[]> {
  const response = await app.inject({ method: "GET", url: "/api/debug/outbox" });
  const mail = (response.json() as { messages: { to: string; links: string[] }[] }).messages.find(
    (message) => message.to.toLowerCase() === to.toLowerCase(),
  );
  if (!mail) throw new Error(`no mail to ${to} in the outbox`);
  return mail.links;
}

/** Path and query of a mailed link, to follow it through app.inject. */
export function pathOf(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** Signs a user up through the API (captcha solved for real) and follows the confirmation link from the outbox. */
export async function registerConfirmedUser(app: FastifyInstance, prefix = "user"): Promise<TestUser> {
  const data = newUserData(prefix);
  const browser = createTestBrowser(app);
  const signUp = await browser.post("/api/auth/signup", { ...data, recaptca: await browser.solveCaptcha() });
  if (signUp.statusCode !== 201) throw new Error(`sign-up: ${signUp.statusCode} ${signUp.body}`);
  const [link] = await outboxLinks(app, data.email);
  const confirm = await browser.get(pathOf(link!));
  if (confirm.statusCode !== 302) throw new Error(`confirm: ${confirm.statusCode} ${confirm.body}`);
  return { id: signUp.json().id, ...data };
}

/** A browser signed in as the user (access token in memory, refresh and XSRF cookies in its jar). */
export async function signedInBrowser(app: FastifyInstance, user: TestUser): Promise<TestBrowser> {
  const browser = createTestBrowser(app);
  const response = await browser.post("/api/auth/signin", {
    username: user.username,
    password: user.password,
    recaptca: await browser.solveCaptcha(),
  });
  if (response.statusCode !== 200) throw new Error(`sign-in: ${response.statusCode} ${response.body}`);
  browser.accessToken = response.json().accessToken;
  return browser;
}
