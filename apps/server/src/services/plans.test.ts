import { describe, expect, it } from "vitest";
import { createPlans, measureLetters } from "./plans.ts";

const letters = (text: string, variants = 1) =>
  [...text].flatMap((chars) => Array.from({ length: variants }, (_, i) => ({ chars, variant: i + 1 })));

describe("plans", () => {
  it("counts characters, variants and ligatures of a letter set", () => {
    expect(measureLetters([...letters("abc", 2), { chars: "ff", variant: 1 }])).toEqual({
      characters: 4,
      maxVariants: 2,
      ligatures: 1,
    });
  });

  it("holds a free user to 2 fonts, 120 characters, 2 variants and no ligatures", async () => {
    const plans = createPlans(async () => false);
    await expect(plans.assertCanAddFont("u", 1)).resolves.toBeUndefined();
    await expect(plans.assertCanAddFont("u", 2)).rejects.toMatchObject({ code: "PLAN_LIMIT_FONTS", status: 402 });
    const many = Array.from({ length: 121 }, (_, i) => ({ chars: String.fromCodePoint(0x4e00 + i), variant: 1 }));
    await expect(plans.assertFontContent("u", many)).rejects.toMatchObject({
      code: "PLAN_LIMIT_CHARACTERS",
      extra: { allowed: 120, requested: 121 },
    });
    await expect(plans.assertFontContent("u", letters("ab", 3))).rejects.toMatchObject({ code: "PLAN_LIMIT_VARIANTS" });
    await expect(plans.assertFontContent("u", [{ chars: "th", variant: 1 }])).rejects.toMatchObject({
      code: "PLAN_LIMIT_LIGATURES",
    });
    await expect(plans.assertFontContent("u", letters("abc", 2))).resolves.toBeUndefined();
  });

  it("gives premium 50 fonts, 1000 characters, 15 variants and ligatures", async () => {
    const plans = createPlans(async () => true);
    await expect(plans.assertCanAddFont("u", 49)).resolves.toBeUndefined();
    await expect(plans.assertCanAddFont("u", 50)).rejects.toMatchObject({ code: "PLAN_LIMIT_FONTS" });
    await expect(plans.assertFontContent("u", [...letters("ab", 15), { chars: "th", variant: 1 }])).resolves.toBe(
      undefined,
    );
  });

  it("treats a failed premium check as the free plan", async () => {
    const plans = createPlans(async () => {
      throw new Error("subscriptions unavailable");
    });
    expect((await plans.planOf("u")).name).toBe("free");
  });
});
