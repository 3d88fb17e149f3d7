import type { GlyphDocument, LetterState } from "@handfont/contract";
import { describe, expect, it } from "vitest";
import { applyChanges, defaultChoice, lettersOfPage, reviewRows, undoChanges } from "./reupload-review.ts";

const document = (page: number, templateId = "t1"): GlyphDocument => ({
  schemaVersion: 1,
  contours: [],
  strokes: [],
  metrics: { advance: null, leftSideBearing: null, rightSideBearing: null },
  adjustments: { scale: 1, baselineShift: 0 },
  source: { kind: "scan", templateId, page, image: null },
});
const state = (chars: string, path: string, options: Partial<LetterState> = {}): LetterState => ({
  chars,
  variant: 1,
  revision: 1,
  document: document(1),
  path,
  warnings: [],
  updatedAt: "2026-01-01T00:00:00.000Z",
  ...options,
});
const warning = { code: "CELL_FAINT", message: "Faint" };

describe("a page uploaded again, compared with the open font", () => {
  it("takes from the letter set only the letters of that template page", () => {
    const set = [
      state("a", "M1"),
      state("b", "M2", { document: document(2) }),
      state("c", "M3", { document: document(1, "t2") }),
    ];
    expect(lettersOfPage(set, "t1", 1).map((letter) => letter.chars)).toEqual(["a"]);
  });

  it("lists the boxes that would change: new letters and different outlines, not identical ones", () => {
    const font = [state("a", "M1", { revision: 4 }), state("b", "M2")];
    const read = [state("a", "M9"), state("b", "M2"), state("c", "M3")];
    const rows = reviewRows(font, read);
    expect(rows.map((row) => [row.chars, row.old?.revision ?? null])).toEqual([
      ["a", 4],
      ["c", null],
    ]);
  });

  it("keeps the font's letter by default where the retake read worse, takes the new one otherwise", () => {
    const [worse, better, added] = reviewRows(
      [state("a", "M1"), state("b", "M2", { warnings: [warning] })],
      [state("a", "M8", { warnings: [warning] }), state("b", "M9"), state("c", "M3", { warnings: [warning] })],
    );
    expect(defaultChoice(worse!)).toBe("old");
    expect(defaultChoice(better!)).toBe("new");
    expect(defaultChoice(added!)).toBe("new");
  });

  it("applies only the chosen boxes on the revisions seen, and undoes them to what was there", () => {
    const rows = reviewRows([state("a", "M1", { revision: 3 })], [state("a", "M8"), state("c", "M3")]);
    const changes = applyChanges(rows, { [rows[0]!.key]: "new", [rows[1]!.key]: "old" });
    expect(changes).toEqual([{ chars: "a", variant: 1, baseRevision: 3, document: rows[0]!.next.document }]);

    const both = applyChanges(rows, { [rows[0]!.key]: "new", [rows[1]!.key]: "new" });
    expect(both.map((change) => change.baseRevision)).toEqual([3, null]);
    const written = [state("a", "M8", { revision: 4 }), state("c", "M3", { revision: 1 })];
    expect(undoChanges(rows, written)).toEqual([
      { chars: "a", variant: 1, baseRevision: 4, document: rows[0]!.old!.document },
      { chars: "c", variant: 1, baseRevision: 1, document: null },
    ]);
  });
});
