import { LANGUAGES, sentencesInOtherForm } from "@handfont/contract";
import { describe, expect, it } from "vitest";
import { MAIL_TEXTS } from "../services/auth/mail-texts.ts";
import { RECEIPT_TEXTS } from "../services/payments/receipt-texts.ts";
import { templateTexts } from "./template-texts.ts";

/** Every string of a text catalogue (a receipt's month counts as the forms for one and for five). */
function stringsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (typeof value === "function") return [value(1), value(5)];
  if (value && typeof value === "object") return Object.values(value).flatMap(stringsOf);
  return [];
}

describe("form of address of the server's own texts", () => {
  it.each([...LANGUAGES])("%s mails and printed templates address the user as the interface does", (language) => {
    const { instruction, markNote } = templateTexts(language, { name: "A", readyMadeId: null, createdAt: new Date(0) });
    const texts = [...stringsOf(MAIL_TEXTS[language]), ...stringsOf(RECEIPT_TEXTS[language]), instruction, markNote];
    expect(texts.flatMap((text) => sentencesInOtherForm(language, text))).toEqual([]);
  });
});
