import { describe, expect, it } from "vitest";
import {
  assertCanAddFont,
  assertFontContent,
  assertTemplateOptions,
  createPlans,
  measureLetters,
  type Plan,
} from "./plans.ts";

const letters = (text: string, variants = 1) =>
  [...text].flatMap((chars) => Array.from({ length: variants }, (_, i) => ({ chars, variant: i + 1 })));
const free = await createPlans(async () => false).planOf("u");
const premium = await createPlans(async () => true).planOf("u");
const thrown = (fn: () => void) => {
  try {
    fn();
  } catch (error) {
    return error;
  }
  return undefined;
};

describe("plans", () => {
  it("counts characters, variants and ligatures of a letter set", () => {
    expect(measureLetters([...letters("abc", 2), { chars: "ff", variant: 1 }])).toEqual({
      characters: 4,
      maxVariants: 2,
      ligatures: 1,
    });
  });

  it("holds a free user to 2 fonts, 120 characters, 2 variants and no ligatures", () => {
    expect(thrown(() => assertCanAddFont(free, 1))).toBeUndefined();
    expect(thrown(() => assertCanAddFont(free, 2))).toMatchObject({ code: "PLAN_LIMIT_FONTS" });
    const many = Array.from({ length: 121 }, (_, i) => ({ chars: String.fromCodePoint(0x4e00 + i), variant: 1 }));
    expect(thrown(() => assertFontContent(free, many))).toMatchObject({
      code: "PLAN_LIMIT_CHARACTERS",
      extra: { allowed: 120, requested: 121 },
    });
    expect(thrown(() => assertFontContent(free, letters("ab", 3)))).toMatchObject({ code: "PLAN_LIMIT_VARIANTS" });
    expect(thrown(() => assertFontContent(free, [{ chars: "th", variant: 1 }]))).toMatchObject({
      code: "PLAN_LIMIT_LIGATURES",
    });
    expect(thrown(() => assertFontContent(free, letters("abc", 2)))).toBeUndefined();
    expect(thrown(() => assertTemplateOptions(free, { variants: 1, ligatures: ["ff"] }))).toMatchObject({
      code: "PLAN_LIMIT_LIGATURES",
    });
  });

  it("gives premium 50 fonts, 1000 characters, 15 variants and ligatures", () => {
    expect(thrown(() => assertCanAddFont(premium, 49))).toBeUndefined();
    expect(thrown(() => assertCanAddFont(premium, 50))).toMatchObject({ code: "PLAN_LIMIT_FONTS" });
    const content = [...letters("ab", 15), { chars: "th", variant: 1 }];
    expect(thrown(() => assertFontContent(premium, content))).toBeUndefined();
  });

  it("treats a failed premium check as the free plan", async () => {
    const plans = createPlans(async () => {
      throw new Error("subscriptions unavailable");
    });
    const plan: Plan = await plans.planOf("u");
    expect(plan.name).toBe("free");
  });
});
