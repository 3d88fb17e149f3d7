import type { Language } from "@handfont/contract";
import type { Mailer } from "../../ports/mailer.ts";
import { renderMail } from "./mail-templates.ts";
import type { MailKind } from "./mail-texts.ts";

export interface MailRecipient {
  username: string;
  email: string;
  locale: Language;
}

/** The account mails, each in the recipient's language. */
export interface AccountMail {
  confirmEmail(user: MailRecipient, token: string): void;
  resetPassword(user: MailRecipient, token: string): void;
  confirmNewEmail(user: MailRecipient, newEmail: string, token: string): void;
  emailChangedNotice(user: MailRecipient, newEmail: string): void;
  passwordChanged(user: MailRecipient): void;
  /** Resolves once every mail handed over so far has been sent or has failed (tests, shutdown). */
  flush(): Promise<void>;
}

/**
 * Mails leave in the background: the answer to the request does not wait for the SMTP server, so its timing tells
 * nothing about whether an address has an account (forgotPassword always answers 204). Failures are logged.
 */
export function createAccountMail(deps: {
  mailer: Mailer;
  publicUrl: string;
  signature: string;
  logError: (error: unknown, context: { kind: MailKind; to: string }) => void;
}): AccountMail {
  const pending = new Set<Promise<void>>();
  const confirmLink = (token: string) => `${deps.publicUrl}/api/auth/confirm?token=${encodeURIComponent(token)}`;

  function send(kind: MailKind, to: string, user: MailRecipient, extra: { email?: string; link?: string }): void {
    const rendered = renderMail(kind, user.locale, { username: user.username, signature: deps.signature, ...extra });
    const delivery = deps.mailer
      .send({ to, language: user.locale, ...rendered })
      .catch((error: unknown) => deps.logError(error, { kind, to }))
      .finally(() => pending.delete(delivery));
    pending.add(delivery);
  }

  return {
    confirmEmail: (user, token) => send("confirmEmail", user.email, user, { link: confirmLink(token) }),
    resetPassword: (user, token) =>
      send("resetPassword", user.email, user, {
        link: `${deps.publicUrl}/${user.locale}/forgotpasswordchangepassword?token=${encodeURIComponent(token)}`,
      }),
    confirmNewEmail: (user, newEmail, token) =>
      send("confirmNewEmail", newEmail, user, { email: newEmail, link: confirmLink(token) }),
    emailChangedNotice: (user, newEmail) => send("emailChangedNotice", user.email, user, { email: newEmail }),
    passwordChanged: (user) => send("passwordChanged", user.email, user, {}),
    async flush() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
