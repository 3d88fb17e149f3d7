import { PASSWORD_MIN_LENGTH } from "@handfont/contract";
import { hash, verify } from "@node-rs/argon2";
import { DomainError } from "../domain-error.ts";
import { isCommonPassword } from "./common-passwords.ts";

/** Argon2id hashing (the library's default algorithm) with the configured cost. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /**
   * Runs one verify against a fixed hash and discards the result, so that a sign-in for an unknown user costs as
   * much time as a wrong password (spec §8: the same answer for both).
   */
  verifyDummy(password: string): Promise<void>;
}

/** Builds the hasher; the cost is OWASP's 19 MiB, t=2 by default (config.ts refuses less in production). */
export function createPasswordHasher(settings: { memoryKib: number; iterations: number }): PasswordHasher {
  const options = { memoryCost: settings.memoryKib, timeCost: settings.iterations, parallelism: 1 };
  let dummy: Promise<string> | undefined;
  const hasher: PasswordHasher = {
    hash: (password) => hash(password, options),
    async verify(passwordHash, password) {
      try {
        return await verify(passwordHash, password);
      } catch {
        // A hash that does not parse can never match; treat it as a wrong password rather than a 500.
        return false;
      }
    },
    async verifyDummy(password) {
      dummy ??= hash("dummy password that matches nothing", options);
      await hasher.verify(await dummy, password);
    },
  };
  return hasher;
}

/** Throws the typed error of the first password rule broken: length (in characters), then the common list. */
export function assertPasswordAllowed(password: string): void {
  if ([...password].length < PASSWORD_MIN_LENGTH) throw new DomainError("PASSWORD_TOO_SHORT");
  if (isCommonPassword(password)) throw new DomainError("PASSWORD_TOO_COMMON");
}
