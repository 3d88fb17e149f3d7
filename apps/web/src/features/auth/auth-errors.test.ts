// @vitest-environment node
import { describe, expect, it } from "vitest";
import { ApiError, TransportError } from "../../api/errors.ts";
import { accountError, signInError, signUpError } from "./auth-errors.ts";

const apiError = (status: number, body: Record<string, unknown>) =>
  new ApiError(status, String(body.code), String(body.message ?? ""), body);

describe("spec §8 messages", () => {
  it("sign-in: EMAIL_NOT_CONFIRMED with the id, captcha at 400 or 401, BAD_CREDENTIALS, in the page's language", () => {
    const id = "0b9f3f52-8d4a-4c8f-9a55-6c1d2e3f4a5b";
    expect(signInError(apiError(401, { code: "EMAIL_NOT_CONFIRMED", message: "x", id }), "ru")).toEqual({
      code: "EMAIL_NOT_CONFIRMED",
      message: "Email не подтверждён",
      userId: id,
    });
    expect(signInError(apiError(400, { code: "CAPTCHA", message: "x" }), "ru").message).toBe("Пройдите капчу");
    expect(signInError(apiError(401, { code: "CAPTCHA", message: "x" }), "ru").message).toBe("Пройдите капчу");
    expect(signInError(apiError(401, { code: "BAD_CREDENTIALS", message: "x" }), "ru").message).toBe(
      "Неверный логин или пароль",
    );
    expect(signInError(apiError(401, { code: "BAD_CREDENTIALS", message: "x" }), "en").message).toBe(
      "Wrong login or password.",
    );
  });

  it("sign-in: anything else shows the server's message, or 'Unauthorized'", () => {
    expect(signInError(apiError(429, { code: "RATE_LIMITED", message: "Slow down." }), "en").message).toBe(
      "Slow down.",
    );
    expect(signInError(new ApiError(502, "HTTP_502", "Request failed with status code 502", ""), "en").message).toBe(
      "Unauthorized",
    );
    expect(signInError(new TransportError("NETWORK_ERROR", "Network Error"), "en").message).toBe("Network Error");
  });

  it("sign-up: CAPTCHA and EMAIL_EXISTS in the spec's words; anything else the server's message or 'Ошибка регистрации'", () => {
    expect(signUpError(apiError(400, { code: "CAPTCHA", message: "x" }), "ru").message).toBe("Пройдите капчу");
    expect(signUpError(apiError(409, { code: "EMAIL_EXISTS", message: "x" }), "ru").message).toBe(
      "Такой email уже зарегистрирован",
    );
    expect(signUpError(apiError(400, { code: "PASSWORD_TOO_SHORT", message: "Слишком короткий." }), "ru").message).toBe(
      "Слишком короткий.",
    );
    expect(signUpError(new ApiError(500, "HTTP_500", "Request failed with status code 500", ""), "ru").message).toBe(
      "Ошибка регистрации",
    );
  });

  it("other calls: a known account code in the page's language", () => {
    expect(accountError(apiError(400, { code: "TOKEN_INVALID", message: "x" }), "de").message).toBe(
      "Dieser Link ist ungültig, abgelaufen oder wurde bereits verwendet.",
    );
  });
});
