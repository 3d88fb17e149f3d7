import { LANGUAGES } from "@handfont/contract";
import { describe, expect, it } from "vitest";
import { renderMail } from "./mail-templates.ts";
import { MAIL_TEXTS } from "./mail-texts.ts";

describe("account mails", () => {
  it("escapes every variable in the HTML part and keeps the text part plain", () => {
    const mail = renderMail("confirmNewEmail", "en", {
      username: "<script>alert(1)</script>",
      email: 'a"b@example.com',
      link: "https://fonts.example/api/auth/confirm?token=a&b",
      signature: "Handfont",
    });
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;");
    expect(mail.html).toContain('href="https://fonts.example/api/auth/confirm?token=a&amp;b"');
    expect(mail.text).toContain("Hello, <script>alert(1)</script>!");
    expect(mail.text).toContain("https://fonts.example/api/auth/confirm?token=a&b");
  });

  it("has every mail in all seven languages, translated", () => {
    for (const language of LANGUAGES) {
      for (const [kind, text] of Object.entries(MAIL_TEXTS[language].kinds)) {
        expect(text.subject, `${language}.${kind}`).toMatch(/\S/);
        if (language !== "en") {
          expect(text.subject).not.toBe(MAIL_TEXTS.en.kinds[kind as keyof typeof MAIL_TEXTS.en.kinds].subject);
        }
      }
      const mail = renderMail("resetPassword", language, { username: "ana", link: "https://x/y", signature: "H" });
      expect(mail.html).toContain(`<html lang="${language}">`);
    }
  });
});
