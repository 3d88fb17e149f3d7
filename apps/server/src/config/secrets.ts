import { generateKeyPairSync, randomBytes } from "node:crypto";
import { existsSync, linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { SECRET_NAMES, type SecretName } from "./config.ts";

export type Secrets = Record<SecretName, string>;

function generate(name: SecretName): string {
  if (name === "JWT_PRIVATE_KEY") {
    return generateKeyPairSync("ed25519").privateKey.export({ format: "pem", type: "pkcs8" }).toString();
  }
  return randomBytes(32).toString("base64url");
}

/**
 * Returns every secret: the ones the environment gives, the rest generated on first start and kept in
 * DATA_DIR/secrets.json (mode 0600) so the default run needs no configuration and sessions survive restarts.
 * Several processes on several machines must be given the same secrets through the environment.
 */
export function loadSecrets(dataDir: string, given: Partial<Secrets>): Secrets {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, "secrets.json");
  const existed = existsSync(file);
  const stored: Partial<Secrets> = existed ? JSON.parse(readFileSync(file, "utf8")) : {};
  const missing = SECRET_NAMES.filter((name) => !given[name] && !stored[name]);
  if (missing.length > 0) {
    for (const name of missing) stored[name] = generate(name);
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
    if (existed) {
      renameSync(temp, file);
    } else {
      // Two processes may start at once: publish with link(), which fails if the other one was first; then use its file.
      try {
        linkSync(temp, file);
      } catch {
        unlinkSync(temp);
        return loadSecrets(dataDir, given);
      }
      unlinkSync(temp);
    }
  }
  return Object.fromEntries(SECRET_NAMES.map((name) => [name, given[name] ?? stored[name]])) as Secrets;
}
