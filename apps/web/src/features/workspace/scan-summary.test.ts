// @vitest-environment node
import type { ScanPageResult, ScanStatus } from "@handfont/contract";
import { describe, expect, it } from "vitest";
import { describeScan } from "./scan-summary.ts";

const page = (extra: Partial<ScanPageResult> = {}): ScanPageResult => ({
  filePage: 1,
  templateId: "T1",
  page: 1,
  lettersFound: 42,
  emptyCells: 0,
  warnings: [],
  cellWarnings: [],
  error: null,
  ...extra,
});

const scan = (extra: Partial<ScanStatus>): ScanStatus => ({
  id: "s1",
  fileName: "page.jpg",
  mediaType: "image/jpeg",
  status: "done",
  progress: 100,
  pages: [page()],
  error: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  ...extra,
});

const notFound = { code: "TEMPLATE_NOT_FOUND_ON_PAGE", message: "No template found on this page." };

describe("what an upload's result says", () => {
  it("says what a page gave, without asking for attention when all is well", () => {
    expect(describeScan(scan({}))).toEqual({ lines: [{ kind: "read", page: 1, count: 42 }], attention: "none" });
  });

  it("shows a failed photo's error once, though its only page failed with it too", () => {
    const failed = scan({ status: "failed", error: notFound, pages: [page({ lettersFound: 0, error: notFound })] });
    expect(describeScan(failed)).toEqual({
      lines: [{ kind: "error", message: notFound.message }],
      attention: "action",
    });
  });

  it("warns that a blank page looks empty instead of reporting a success", () => {
    expect(describeScan(scan({ pages: [page({ lettersFound: 0, emptyCells: 62 })] }))).toEqual({
      lines: [{ kind: "empty", page: 1 }],
      attention: "action",
    });
  });

  it("lets the reader's own empty-page warning speak when it sends one, and lists page warnings", () => {
    const empty = { code: "PAGE_EMPTY", message: "This page looks empty." };
    const dim = { code: "UNEVEN_LIGHTING", message: "The lighting is very uneven." };
    const result = describeScan(scan({ pages: [page({ lettersFound: 0, warnings: [empty, dim] })] }));
    expect(result.lines).toEqual([
      { kind: "warning", message: empty.message },
      { kind: "warning", message: dim.message },
    ]);
    // A page the reader found empty still asks for action, through its own warning.
    expect(result.attention).toBe("action");
  });

  it("counts letters with warnings without asking for attention to the page", () => {
    const warned = page({ cellWarnings: [{ code: "TOUCHES_BORDER", message: "Edge.", chars: "g", variant: 1 }] });
    expect(describeScan(scan({ pages: [warned] })).attention).toBe("none");
  });

  it("asks for a look, not an action, when a page with letters has a warning", () => {
    const dim = { code: "LOW_RESOLUTION", message: "Low resolution." };
    expect(describeScan(scan({ pages: [page({ warnings: [dim] })] })).attention).toBe("warning");
  });

  it("names the failed pages of a PDF beside the ones read, and counts letter warnings", () => {
    const pdf = scan({
      mediaType: "application/pdf",
      pages: [
        page({ cellWarnings: [{ code: "TOUCHES_BORDER", message: "Edge.", chars: "g", variant: 1 }] }),
        page({ filePage: 2, page: null, templateId: null, lettersFound: 0, error: notFound }),
      ],
    });
    expect(describeScan(pdf).lines).toEqual([
      { kind: "read", page: 1, count: 42 },
      { kind: "cellWarnings", count: 1 },
      { kind: "pageError", page: 2, message: notFound.message },
    ]);
  });

  it("names the boxes left empty for an erased letter's trace apart from letters to check, and asks for a look", () => {
    const erased = (chars: string) => ({ code: "ERASED_LETTER", message: "Erased.", chars, variant: 1 });
    const warned = page({
      cellWarnings: [erased("ж"), { code: "TOUCHES_BORDER", message: "Edge.", chars: "g", variant: 1 }, erased("Q")],
    });
    expect(describeScan(scan({ pages: [warned] }))).toEqual({
      lines: [
        { kind: "read", page: 1, count: 42 },
        { kind: "erased", page: 1, letters: ["ж", "Q"] },
        { kind: "cellWarnings", count: 1 },
      ],
      attention: "warning",
    });
  });

  it("says nothing about pages while the file is still being read", () => {
    expect(describeScan(scan({ status: "reading", progress: 40, pages: [] })).lines).toEqual([]);
  });
});
