import type { Language } from "@handfont/contract";
import { MAIL_TEXTS, type MailKind } from "./mail-texts.ts";

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

function fill(template: string, vars: Record<string, string>, encode: (value: string) => string): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? encode(vars[name]!) : whole));
}

/** One mail in the user's language, as text and as HTML with every variable escaped. */
export function renderMail(
  kind: MailKind,
  language: Language,
  vars: { username: string; email?: string; link?: string; signature: string },
): RenderedMail {
  const catalogue = MAIL_TEXTS[language];
  const text = catalogue.kinds[kind];
  const values = { username: vars.username, email: vars.email ?? "" };
  const plain = (template: string) => fill(template, values, (v) => v);
  const html = (template: string) => fill(escapeHtml(template), values, escapeHtml);

  const textParts = [plain(catalogue.greeting), plain(text.body)];
  if (vars.link) textParts.push(vars.link);
  textParts.push(plain(text.note), `— ${vars.signature}`);

  const button =
    vars.link && text.action
      ? `<p><a href="${escapeHtml(vars.link)}" style="display:inline-block;padding:10px 18px;background:#228be6;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(text.action)}</a></p>
<p style="font-size:12px;color:#666;word-break:break-all">${escapeHtml(vars.link)}</p>`
      : "";
  const htmlBody = `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(text.subject)}</title></head>
<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#222;max-width:560px;margin:24px auto;padding:0 16px">
<p>${html(catalogue.greeting)}</p>
<p>${html(text.body)}</p>
${button}
<p style="color:#555">${html(text.note)}</p>
<p style="color:#555">— ${escapeHtml(vars.signature)}</p>
</body></html>`;
  return { subject: text.subject, text: `${textParts.join("\n\n")}\n`, html: htmlBody };
}
