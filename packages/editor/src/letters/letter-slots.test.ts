import { describe, expect, it } from "vitest";
import { defaultPlan, letterKey, letterSlots, neighbourSlot, nextMissingSlot, parseLetterKey } from "./letter-slots.ts";

describe("letter slots", () => {
  it("lists each character and ligature with its variants side by side, then letters drawn outside the plan", () => {
    const slots = letterSlots({ sets: ["digits"], custom: "ab", ligatures: ["ff", "x"], variants: 2 }, [
      { chars: "Ж", variant: 1 },
      { chars: "a", variant: 2 },
    ]);
    expect(slots.slice(0, 4)).toEqual([
      { chars: "0", variant: 1 },
      { chars: "0", variant: 2 },
      { chars: "1", variant: 1 },
      { chars: "1", variant: 2 },
    ]);
    expect(slots).toHaveLength(10 * 2 + 2 * 2 + 2 + 1);
    expect(slots.slice(-3)).toEqual([
      { chars: "ff", variant: 1 },
      { chars: "ff", variant: 2 },
      { chars: "Ж", variant: 1 },
    ]);
  });

  it("starts a plan with the sets of the user's language", () => {
    expect(defaultPlan("uk").sets).toEqual(["ru", "uk", "digits"]);
    expect(defaultPlan("en").sets).toEqual(["latin", "marks", "digits"]);
    expect(defaultPlan("fr").sets).toEqual(["latin", "fr", "marks", "digits"]);
    expect(letterSlots(defaultPlan("ru"))[0]).toEqual({ chars: "А", variant: 1 });
  });

  it("steps to the next and previous slot, wrapping round, and finds the next one still missing", () => {
    const slots = letterSlots({ sets: [], custom: "abc", ligatures: [], variants: 1 });
    expect(neighbourSlot(slots, { chars: "c", variant: 1 }, 1)).toEqual({ chars: "a", variant: 1 });
    expect(neighbourSlot(slots, { chars: "a", variant: 1 }, -1)).toEqual({ chars: "c", variant: 1 });
    const drawn = new Set(["1:b", "1:c"]);
    expect(nextMissingSlot(slots, { chars: "a", variant: 1 }, (slot) => drawn.has(letterKey(slot)))).toEqual({
      chars: "a",
      variant: 1,
    });
    expect(nextMissingSlot(slots, { chars: "a", variant: 1 }, () => true)).toBeNull();
  });

  it("keys a slot so that ligatures and colons survive the round trip", () => {
    expect(parseLetterKey(letterKey({ chars: ":)", variant: 3 }))).toEqual({ chars: ":)", variant: 3 });
  });
});
