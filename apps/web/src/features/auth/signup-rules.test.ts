// @vitest-environment node
import { describe, expect, it } from "vitest";
import { checkSignUp, problemsOfAnswer } from "./signup-rules.ts";

const valid = { username: "anna", email: "anna@example.com", password: "violet-harbour-9" };

describe("sign-up rules checked before sending", () => {
  it("accepts what the server accepts, non-Latin names too", () => {
    expect(checkSignUp(valid)).toEqual({});
    expect(checkSignUp({ ...valid, username: "Ганна_К.1" })).toEqual({});
    expect(checkSignUp({ ...valid, username: "abc", password: "12345678" })).toEqual({});
    expect(checkSignUp({ ...valid, username: "x".repeat(32) })).toEqual({});
  });

  it("names the rule each field breaks", () => {
    expect(checkSignUp({ username: " ", email: "", password: "" })).toEqual({
      username: "usernameRequired",
      email: "emailRequired",
      password: "passwordRequired",
    });
    expect(checkSignUp({ ...valid, username: "ab" }).username).toBe("usernameLength");
    expect(checkSignUp({ ...valid, username: "x".repeat(33) }).username).toBe("usernameLength");
    expect(checkSignUp({ ...valid, username: "anna@home" }).username).toBe("usernameCharacters");
    expect(checkSignUp({ ...valid, username: "an na" }).username).toBe("usernameCharacters");
    expect(checkSignUp({ ...valid, email: "anna@" }).email).toBe("emailFormat");
    expect(checkSignUp({ ...valid, password: "1234567" }).password).toBe("passwordLength");
    expect(checkSignUp({ ...valid, password: "x".repeat(257) }).password).toBe("passwordTooLong");
  });

  it("ties the server's refusals to their fields", () => {
    expect(problemsOfAnswer("EMAIL_EXISTS", {}, valid)).toEqual({ email: "emailTaken" });
    expect(problemsOfAnswer("PASSWORD_TOO_COMMON", {}, valid)).toEqual({ password: "passwordCommon" });
    expect(problemsOfAnswer("CAPTCHA", {}, valid)).toEqual({});
    const issues = {
      issues: [
        { path: "body/username", message: "x" },
        { path: "body/recaptca", message: "x" },
      ],
    };
    expect(problemsOfAnswer("VALIDATION", issues, valid)).toEqual({ username: "invalid" });
    expect(problemsOfAnswer("VALIDATION", issues, { ...valid, username: "a b" })).toEqual({
      username: "usernameCharacters",
    });
  });
});
