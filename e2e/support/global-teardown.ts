import { rmSync } from "node:fs";

/** Removes the temporary data directory of the e2e server. */
export default function globalTeardown(): void {
  const dir = process.env.E2E_DATA_DIR;
  if (dir?.includes("handfont-e2e-")) rmSync(dir, { recursive: true, force: true });
}
