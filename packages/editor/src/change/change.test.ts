import { describe, expect, it } from "vitest";
import { applyChange, type Change, ChangeError } from "./change.ts";

const base = () => ({ a: { list: [1, 2, 3], name: "x" }, b: [{ v: 1 }, { v: 2 }] });

describe("changes", () => {
  it("sets and splices without touching the input, and shares what it did not change", () => {
    const before = base();
    const frozen = JSON.stringify(before);
    const change: Change = {
      ops: [
        { op: "set", path: ["a", "name"], value: "y" },
        { op: "splice", path: ["a", "list"], index: 1, remove: 1, insert: [7, 8] },
      ],
    };
    const { value } = applyChange(before, change);
    expect(value).toEqual({ a: { list: [1, 7, 8, 3], name: "y" }, b: [{ v: 1 }, { v: 2 }] });
    expect(JSON.stringify(before)).toBe(frozen);
    expect(value.b).toBe(before.b);
  });

  it("gives an inverse that restores the input, and back again", () => {
    const before = base();
    const change: Change = {
      ops: [
        { op: "splice", path: ["b"], index: 0, remove: 1, insert: [] },
        { op: "set", path: ["b", 0, "v"], value: 9 },
        { op: "set", path: ["a", "extra"], value: true },
        { op: "set", path: ["a", "name"] },
      ],
    };
    const forward = applyChange(before, change);
    expect(forward.value).toEqual({ a: { list: [1, 2, 3], extra: true }, b: [{ v: 9 }] });
    const back = applyChange(forward.value, forward.inverse);
    expect(back.value).toEqual(before);
    expect(applyChange(back.value, back.inverse).value).toEqual(forward.value);
  });

  it("survives JSON: a change and its inverse read back from text do the same", () => {
    const change: Change = { ops: [{ op: "splice", path: ["a", "list"], index: 3, remove: 0, insert: [{ p: 1 }] }] };
    const { value, inverse } = applyChange(base(), change);
    const stored = JSON.parse(JSON.stringify({ change, inverse })) as { change: Change; inverse: Change };
    expect(applyChange(base(), stored.change).value).toEqual(value);
    expect(applyChange(value, stored.inverse).value).toEqual(base());
  });

  it("refuses a path the value does not have", () => {
    expect(() => applyChange(base(), { ops: [{ op: "set", path: ["missing", "x"], value: 1 }] })).toThrow(ChangeError);
    expect(() =>
      applyChange(base(), { ops: [{ op: "splice", path: ["a", "list"], index: 4, remove: 0, insert: [] }] }),
    ).toThrow(ChangeError);
    expect(() => applyChange(base(), { ops: [{ op: "set", path: ["b", 5], value: 1 }] })).toThrow(ChangeError);
  });
});
