import { type CharacterPlan, DEFAULT_ERASER_RADIUS, defaultPlan, MAX_PLAN_VARIANTS } from "@handfont/editor";
import { DEFAULT_PEN, type PenOptions } from "@handfont/engine/fonts";
import { CHARACTER_SET_IDS, type CharacterSetId } from "@handfont/engine/templates";

/*
 * What the pen editor remembers on the device between visits: the pen's settings (one for all letters) and, per
 * font, which characters the user means to draw. Neither is part of the font; the letters are.
 */

const PEN_KEY = "handfont.editor.pen";
const ERASER_KEY = "handfont.editor.eraser";
const planKey = (fontId: string) => `handfont.editor.plan.${fontId}`;

function read(key: string): unknown {
  try {
    const raw = window.localStorage.getItem(key);
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or switched off: the setting lasts as long as the page.
  }
}

const clamp = (value: unknown, min: number, max: number, fallback: number) =>
  typeof value === "number" && Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : fallback;

/** The pen's adjustable options; perfect-freehand's ranges (thinning may be negative: pressure thickens). */
export const PEN_RANGES = {
  size: { min: 2, max: 48, step: 1 },
  thinning: { min: -1, max: 1, step: 0.05 },
  smoothing: { min: 0, max: 1, step: 0.05 },
  streamline: { min: 0, max: 1, step: 0.05 },
} as const;

export type PenSetting = keyof typeof PEN_RANGES;

export function loadPen(): PenOptions {
  const stored = (read(PEN_KEY) ?? {}) as Partial<Record<PenSetting, unknown>>;
  const pen = { ...DEFAULT_PEN };
  for (const key of Object.keys(PEN_RANGES) as PenSetting[]) {
    pen[key] = clamp(stored[key], PEN_RANGES[key].min, PEN_RANGES[key].max, DEFAULT_PEN[key]);
  }
  return pen;
}

export const savePen = (pen: PenOptions) =>
  write(PEN_KEY, { size: pen.size, thinning: pen.thinning, smoothing: pen.smoothing, streamline: pen.streamline });

/** The eraser's radius in font units (an em is 1000): from a fine point to a broad sweep. */
export const ERASER_RANGE = { min: 4, max: 120, step: 2 } as const;

export const loadEraser = (): number =>
  clamp(read(ERASER_KEY), ERASER_RANGE.min, ERASER_RANGE.max, DEFAULT_ERASER_RADIUS);

export const saveEraser = (radius: number) => write(ERASER_KEY, radius);

/** The user's plan for a font, or the default for their language; anything unreadable falls back to the default. */
export function loadPlan(fontId: string, language: string): CharacterPlan {
  const fallback = defaultPlan(language);
  const stored = read(planKey(fontId)) as Partial<CharacterPlan> | null;
  if (!stored || typeof stored !== "object") return fallback;
  const sets = Array.isArray(stored.sets)
    ? stored.sets.filter((id): id is CharacterSetId => (CHARACTER_SET_IDS as readonly string[]).includes(id))
    : fallback.sets;
  return {
    sets,
    custom: typeof stored.custom === "string" ? stored.custom : "",
    ligatures: Array.isArray(stored.ligatures) ? stored.ligatures.filter((l) => typeof l === "string") : [],
    variants: Math.round(clamp(stored.variants, 1, MAX_PLAN_VARIANTS, 1)),
  };
}

export const savePlan = (fontId: string, plan: CharacterPlan) => write(planKey(fontId), plan);
