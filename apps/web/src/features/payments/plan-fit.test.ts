import { PLAN_LIMITS } from "@handfont/contract";
import { describe, expect, it } from "vitest";
import { fitsPlan, planFor } from "./plan-fit.ts";

const free = PLAN_LIMITS.free;

describe("which plan a template needs", () => {
  it("is free up to the free limits and premium beyond any of them", () => {
    expect(planFor({ characters: free.charactersPerFont, variants: free.variantsPerCharacter, ligatures: 0 })).toBe(
      "free",
    );
    expect(planFor({ characters: free.charactersPerFont + 1, variants: 1, ligatures: 0 })).toBe("premium");
    expect(planFor({ characters: 10, variants: free.variantsPerCharacter + 1, ligatures: 0 })).toBe("premium");
    expect(planFor({ characters: 10, variants: 1, ligatures: 1 })).toBe(free.ligatures ? "free" : "premium");
  });

  it("checks every limit of a plan", () => {
    expect(
      fitsPlan(PLAN_LIMITS.premium, {
        characters: PLAN_LIMITS.premium.charactersPerFont + 1,
        variants: 1,
        ligatures: 0,
      }),
    ).toBe(false);
    expect(fitsPlan(PLAN_LIMITS.premium, { characters: 300, variants: 15, ligatures: 20 })).toBe(true);
  });
});
