// Records the version and commit at build time, so a deployed server without git still reports them.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const pkg = JSON.parse(readFileSync(fileURLToPath(new URL("../../../package.json", import.meta.url)), "utf8"));
let commit: string | null = null;
try {
  commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  }).trim();
} catch {
  commit = null; // not a git checkout: the version alone identifies the build
}
const dist = fileURLToPath(new URL("../dist/", import.meta.url));
mkdirSync(dist, { recursive: true });
writeFileSync(
  `${dist}build-info.json`,
  `${JSON.stringify({ version: pkg.version, commit, builtAt: new Date().toISOString() }, null, 2)}\n`,
);
