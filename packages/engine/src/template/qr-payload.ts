/**
 * The text of each page's QR code (the page's `qcode`): compact, versioned, and made only of QR alphanumeric
 * characters when the id allows, so the symbol stays small and easy to read from a phone photo.
 * Format: `HF<version>:<templateId>:<page>`, e.g. `HF1:7K3M9QX2TB:2`.
 */

export const QR_PAYLOAD_VERSION = 1;

export type QrPayload = { version: number; templateId: string; page: number };

const TEMPLATE_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const PAYLOAD_PATTERN = /^HF(\d{1,3}):([A-Za-z0-9_-]{1,64}):(\d{1,4})$/;

/** Whether a string can be used as a template id (letters, digits, `_` and `-`, at most 64). */
export function isValidTemplateId(id: string): boolean {
  return TEMPLATE_ID_PATTERN.test(id);
}

/** The qcode of a template page: the text its QR code holds. */
export function qcode(templateId: string, page: number): string {
  return `HF${QR_PAYLOAD_VERSION}:${templateId}:${page}`;
}

/** Reads a qcode back into its template id and page, or undefined when the text is not a Handfont qcode. */
export function decodeQrPayload(text: string): QrPayload | undefined {
  const match = PAYLOAD_PATTERN.exec(text.trim());
  if (!match) return undefined;
  const version = Number(match[1]);
  const page = Number(match[3]);
  if (version !== QR_PAYLOAD_VERSION || page < 1) return undefined;
  return { version, templateId: match[2]!, page };
}

// Crockford's base32 alphabet: no I, L, O, U, so an id read aloud or typed is unambiguous.
const ID_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** A new random template id: 12 base32 characters (60 bits), globally unique in practice. */
export function newTemplateId(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => ID_ALPHABET[byte & 31]).join("");
}
