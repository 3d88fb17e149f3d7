import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export interface BuildInfo {
  version: string;
  commit: string | null;
  builtAt: string | null;
}

/** The running version: dist/build-info.json written by `npm run build`, or the package version in development. */
export function readBuildInfo(): BuildInfo {
  const file = fileURLToPath(new URL("../dist/build-info.json", import.meta.url));
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8")) as BuildInfo;
  const pkg = JSON.parse(readFileSync(fileURLToPath(new URL("../../../package.json", import.meta.url)), "utf8"));
  return { version: pkg.version, commit: null, builtAt: null };
}

export function versionLabel(info: BuildInfo): string {
  return info.commit ? `${info.version}+${info.commit}` : info.version;
}
