import type { ScanStatus } from "@handfont/contract";

/** One line under an upload: what went wrong, what to check, or what was read. */
export type ScanLine =
  | { kind: "error"; message: string }
  | { kind: "pageError"; page: number; message: string }
  | { kind: "warning"; message: string }
  /** A page with no letters found and no warning of the reader saying so: the page looks empty. */
  | { kind: "empty"; page: number }
  | { kind: "cellWarnings"; count: number }
  /** Boxes (by their characters) the reader left empty since they held only an erased letter's trace. */
  | { kind: "erased"; page: number; letters: string[] }
  | { kind: "read"; page: number; count: number };

/** How much an upload's result asks of the user: nothing, a look (a page warning), or an action (empty, failed). */
export type Attention = "none" | "warning" | "action";

/** The reader's code for a page it found blank (packages/contract scan warnings, when the reader sends it). */
const PAGE_EMPTY = "PAGE_EMPTY";
/** The reader's code for a box it left empty since it held only an erased letter's trace: no letter to check. */
const ERASED_LETTER = "ERASED_LETTER";

/**
 * What an upload's result says, each thing once: a failed file shows its error once even when its only page failed
 * with the same message; a page read with no letters is a warning, never a success; page warnings are listed.
 */
export function describeScan(scan: ScanStatus): { lines: ScanLine[]; attention: Attention } {
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
  if (scan.status === "queued" || scan.status === "reading") return { lines, attention: "none" };
  // A file that failed as a whole says so once; its pages' errors are named only beside pages that were read.
  const pagesAddNothing = scan.error !== null && scan.pages.every((page) => page.error !== null);
  const several = scan.pages.length > 1;
  let emptyPage = false;
  for (const page of scan.pages) {
    const number = page.page ?? page.filePage;
    if (page.error) {
      if (pagesAddNothing) continue;
      if (several) add({ kind: "pageError", page: page.filePage, message: page.error.message });
      else add({ kind: "error", message: page.error.message });
      continue;
    }
    if (page.lettersFound > 0) {
      add({ kind: "read", page: number, count: page.lettersFound });
    } else {
      emptyPage = true;
      // The reader's own warning says it better when it sends one; otherwise a page without letters still warns.
      if (!page.warnings.some((warning) => warning.code === PAGE_EMPTY)) add({ kind: "empty", page: number });
    }
    for (const warning of page.warnings) add({ kind: "warning", message: warning.message });
    // An erased box gave no letter the Letters tab could show: its characters are named here.
    const erased = page.cellWarnings.filter((warning) => warning.code === ERASED_LETTER);
    const onLetters = page.cellWarnings.length - erased.length;
    if (erased.length > 0) add({ kind: "erased", page: number, letters: erased.map((warning) => warning.chars) });
    if (onLetters > 0) add({ kind: "cellWarnings", count: onLetters });
  }
  // An empty or failed page needs the user to do something; a page warning (light, angle) or a box left empty for an
  // erased letter's trace is worth a look; letters with warnings are checked on the Letters tab as usual.
  const attention: Attention =
    emptyPage || lines.some((line) => line.kind === "error" || line.kind === "pageError")
      ? "action"
      : lines.some((line) => line.kind === "warning" || line.kind === "erased")
        ? "warning"
        : "none";
  return { lines, attention };
}
