import { describe, expect, it } from "vitest";
import { AUTH_ERROR_CODES } from "./auth.ts";
import { AUTH_ERROR_MESSAGES } from "./auth-messages.ts";
import { CORE_ERROR_CODES } from "./errors.ts";
import { LANGUAGES } from "./languages.ts";

describe("account error messages", () => {
  it("uses the spec's Russian texts (§8)", () => {
    expect(AUTH_ERROR_MESSAGES.ru.CAPTCHA).toBe("Пройдите капчу");
    expect(AUTH_ERROR_MESSAGES.ru.EMAIL_EXISTS).toBe("Такой email уже зарегистрирован");
    expect(AUTH_ERROR_MESSAGES.ru.EMAIL_NOT_CONFIRMED).toBe("Email не подтверждён");
    expect(AUTH_ERROR_MESSAGES.ru.BAD_CREDENTIALS).toBe("Неверный логин или пароль");
    expect(AUTH_ERROR_MESSAGES.ru.SIGNUP_FAILED).toBe("Ошибка регистрации");
    expect(AUTH_ERROR_MESSAGES.en.SIGNIN_FAILED).toBe("Unauthorized");
  });

  it("has a message for every code in all seven languages, not copied from English", () => {
    for (const language of LANGUAGES) {
      for (const code of AUTH_ERROR_CODES) {
        expect(AUTH_ERROR_MESSAGES[language][code], `${language}.${code}`).toMatch(/\S/);
      }
      if (language === "en") continue;
      const copied = AUTH_ERROR_CODES.filter(
        (code) => AUTH_ERROR_MESSAGES[language][code] === AUTH_ERROR_MESSAGES.en[code],
      );
      expect(copied, `${language} copies English`).toEqual([]);
    }
  });

  it("shares no code with the core catalogue, so one code means one message", () => {
    const core = new Set<string>(CORE_ERROR_CODES);
    expect(AUTH_ERROR_CODES.filter((code) => core.has(code))).toEqual([]);
  });
});
