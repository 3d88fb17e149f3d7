import type { Language } from "@handfont/contract";
import nodemailer from "nodemailer";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  language: Language;
}

/** Sends one mail; rejects when the mail could not be handed over. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** Mail over SMTP_URL (smtp:// or smtps://, credentials in the URL) through nodemailer's pooled transport. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has("pool")) url.searchParams.set("pool", "true");
  const transport = nodemailer.createTransport(url.toString());
  return {
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: { "Content-Language": message.language },
      });
    },
    async close() {
      transport.close();
    },
  };
}

export interface OutboxEntry {
  to: string;
  subject: string;
  text: string;
  sentAt: Date;
}

/** The newest mails, kept in memory for the debug page of a development server. */
export interface Outbox {
  add(entry: OutboxEntry): void;
  /** Newest first. */
  list(): OutboxEntry[];
}

export function createOutbox(capacity = 50): Outbox {
  const entries: OutboxEntry[] = [];
  return {
    add(entry) {
      entries.unshift(entry);
      entries.length = Math.min(entries.length, capacity);
    },
    list: () => [...entries],
  };
}

/**
 * With no SMTP server (development only) the mails go to the server log (the owner can follow a link from there) and,
 * while the server answers only this machine, to the outbox, so the default `npm start` can complete a sign-up.
 */
export function createLogMailer(
  log: (entry: { to: string; subject: string; text: string }) => void,
  outbox: Outbox | null,
  clock: { now(): Date },
): Mailer {
  return {
    async send(message) {
      log({ to: message.to, subject: message.subject, text: message.text });
      outbox?.add({ to: message.to, subject: message.subject, text: message.text, sentAt: clock.now() });
    },
    async close() {},
  };
}

/** The links of a mail's text part, for the outbox view. */
export function linksOf(text: string): string[] {
  return text.match(/https?:\/\/[^\s<>"]+/g) ?? [];
}
