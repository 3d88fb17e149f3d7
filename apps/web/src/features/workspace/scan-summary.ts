import type { ScanStatus } from "@handfont/contract";

/** One line under an upload: what went wrong, what to check, or what was read. */
export type ScanLine =
  | { kind: "error"; message: string }
  | { kind: "pageError"; page: number; message: string }
  | { kind: "warning"; message: string }
  /** A page with no letters found and no warning of the reader saying so: the page looks empty. */
  | { kind: "empty"; page: number }
  | { kind: "cellWarnings"; count: number }
  | { kind: "read"; page: number; count: number };

/** The reader's code for a page it found blank (packages/contract scan warnings, when the reader sends it). */
const PAGE_EMPTY = "PAGE_EMPTY";

/**
 * What an upload's result says, each thing once: a failed file shows its error once even when its only page failed
 * with the same message; a page read with no letters is a warning, never a success; page warnings are listed.
 */
export function describeScan(scan: ScanStatus): { lines: ScanLine[]; attention: boolean } {
  const lines: ScanLine[] = [];
  const shown = new Set<string>();
  const add = (line: ScanLine) => {
    // A message shown once: the same text in two places (file and page, two pages) is one line.
    const key = line.kind === "error" || line.kind === "warning" ? `message:${line.message}` : JSON.stringify(line);
    if (shown.has(key)) return;
    shown.add(key);
    lines.push(line);
  };
  if (scan.error) add({ kind: "error", message: scan.error.message });
  if (scan.status === "queued" || scan.status === "reading") return { lines, attention: false };
  // A file that failed as a whole says so once; its pages' errors are named only beside pages that were read.
  const pagesAddNothing = scan.error !== null && scan.pages.every((page) => page.error !== null);
  const several = scan.pages.length > 1;
  for (const page of scan.pages) {
    const number = page.page ?? page.filePage;
    if (page.error) {
      if (pagesAddNothing) continue;
      if (several) add({ kind: "pageError", page: page.filePage, message: page.error.message });
      else add({ kind: "error", message: page.error.message });
      continue;
    }
    if (page.lettersFound > 0) add({ kind: "read", page: number, count: page.lettersFound });
    // The reader's own warning says it better when it sends one; otherwise a page without letters still warns.
    else if (!page.warnings.some((warning) => warning.code === PAGE_EMPTY)) add({ kind: "empty", page: number });
    for (const warning of page.warnings) add({ kind: "warning", message: warning.message });
    if (page.cellWarnings.length > 0) add({ kind: "cellWarnings", count: page.cellWarnings.length });
  }
  const attention = lines.some((line) => line.kind !== "read");
  return { lines, attention };
}
