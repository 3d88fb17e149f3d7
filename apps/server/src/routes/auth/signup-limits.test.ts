import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HARD_CAPTCHA_FACTOR } from "../../ports/captcha.ts";
import { SIGNUPS_BEFORE_HARD_CAPTCHA } from "../../services/auth/context.ts";
import { newUserData } from "../../test-support/accounts.ts";
import { createTestApp, type TestApp } from "../../test-support/test-app.ts";
import { createTestBrowser } from "../../test-support/test-browser.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("sign-up behind one address", () => {
  it("lets a whole classroom sign up from one address, each with a solved captcha", async () => {
    const classroom = createTestBrowser(t.app);
    const codes: number[] = [];
    for (let pupil = 0; pupil < 25; pupil += 1) {
      const res = await classroom.post("/api/auth/signup", {
        ...newUserData("pupil"),
        recaptca: await classroom.solveCaptcha(),
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual(Array(25).fill(201));
  });

  it("keeps a class of forty signing up behind one address, asking more captcha work past thirty", async () => {
    const school = createTestBrowser(t.app);
    const baseCost = (await school.get("/api/captcha/challenge")).json().parameters.cost;
    for (let pupil = 0; pupil < SIGNUPS_BEFORE_HARD_CAPTCHA; pupil += 1) {
      const res = await school.post("/api/auth/signup", {
        ...newUserData("class"),
        recaptca: await school.solveCaptcha(),
      });
      expect(res.statusCode).toBe(201);
    }
    expect((await school.get("/api/captcha/challenge")).json().parameters.cost).toBe(baseCost * HARD_CAPTCHA_FACTOR);
    // A normal solution (fetched from elsewhere) is not enough any more from this address; the hardened one is.
    const cheap = await school.post("/api/auth/signup", {
      ...newUserData("class"),
      recaptca: await createTestBrowser(t.app).solveCaptcha(),
    });
    expect(cheap.json()).toMatchObject({ code: "CAPTCHA", hardCaptcha: true });
    for (let pupil = 0; pupil < 10; pupil += 1) {
      const res = await school.post("/api/auth/signup", {
        ...newUserData("class"),
        recaptca: await school.solveCaptcha(),
      });
      expect(res.statusCode).toBe(201);
    }
  });

  it("does not count attempts without a solved captcha against the address", async () => {
    const school = createTestBrowser(t.app);
    for (let i = 0; i < 40; i += 1) {
      const res = await school.post("/api/auth/signup", { ...newUserData("bot"), recaptca: "" });
      expect(res.json().code).toBe("CAPTCHA");
    }
    const pupil = await school.post("/api/auth/signup", {
      ...newUserData("pupil"),
      recaptca: await school.solveCaptcha(),
    });
    expect(pupil.statusCode).toBe(201);
  });

  it("still limits sign-ups per e-mail address", async () => {
    const data = newUserData("twice");
    const codes: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const browser = createTestBrowser(t.app);
      const res = await browser.post("/api/auth/signup", {
        ...data,
        username: `${data.username}${i}`,
        recaptca: await browser.solveCaptcha(),
      });
      codes.push(res.statusCode === 201 ? "created" : res.json().code);
    }
    expect(codes).toEqual(["created", "EMAIL_EXISTS", "EMAIL_EXISTS", "RATE_LIMITED"]);
  });
});
