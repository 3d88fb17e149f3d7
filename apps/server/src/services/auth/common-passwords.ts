import { createRequire } from "node:module";
import { PASSWORD_MIN_LENGTH } from "@handfont/contract";

/**
 * The common-password list of zxcvbn-ts (@zxcvbn-ts/language-common, MIT licence): about 49,000 passwords seen most
 * often in breaches, by frequency. Only those long enough to pass the length rule matter, about 18,000.
 */
const ranked: string[] = createRequire(import.meta.url)("@zxcvbn-ts/language-common/src/passwords.json");
const common = new Set(
  ranked.filter((password) => password.length >= PASSWORD_MIN_LENGTH).map((password) => password.toLowerCase()),
);

/** True when the password (compared without case) is on the common-password list. */
export function isCommonPassword(password: string): boolean {
  return common.has(password.toLowerCase());
}

export const COMMON_PASSWORD_COUNT = common.size;
