import { flattenOutline } from "../outline/flatten.ts";
import { inkProfile } from "../outline/profile.ts";
import type { Outline } from "../outline/types.ts";
import { BELOW, COMPOSITE_RECIPES, DOTTED_BASES } from "./accents.ts";
import { type Heights, placeMark, removeDot } from "./composites.ts";
import { type FontDiagnostic, missingCommon, sizeOutliers } from "./diagnostics.ts";
import { FontError } from "./errors.ts";
import { autoKerning, type KerningCandidate } from "./kerning.ts";
import { type KerningClasses, kerningClasses } from "./kerning-classes.ts";
import { charsGlyphName, fontNames } from "./names.ts";
import type { FontPlan, PlannedGlyph, PlannedKerningPair, VerticalMetrics } from "./plan.ts";
import {
  cleanOutline,
  type GlyphCache,
  integerBounds,
  PROFILE_GRID,
  type PreparedOutline,
  prepareOutline,
} from "./prepare.ts";
import type { FontGlyph, FontProject } from "./project.ts";
import { CYCLE_WINDOW } from "./sfnt/gsub.ts";
import { opticalSideBearings } from "./spacing.ts";

interface Form {
  prepared: PreparedOutline;
  source: FontGlyph | null;
}

interface Unit {
  chars: string;
  forms: Form[];
  /** For a built accented letter: the character whose kerning it shares. */
  kernsAs?: string;
}

/** A FontPlan plus what the compiler learned while making it. */
export interface BuiltPlan {
  plan: FontPlan;
  diagnostics: FontDiagnostic[];
  /** Per glyph: its prepared outline (null for generated glyphs), the cache key of its charstring. */
  sources: (Outline | null)[];
  maxContext: number;
}

export interface PlanOptions {
  cache?: GlyphCache;
  /** Seconds since 1970 written as the creation date; defaults to now. */
  timestamp?: number;
  /** Tuning of automatic spacing, as shares of the x-height (see spacing.ts); for experiments and calibration. */
  spacing?: { depth?: number; target?: number };
}

const median = (values: number[], fallback: number) => {
  if (values.length === 0) return fallback;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

function estimateHeights(units: Map<string, Unit>): { xHeight: number; capHeight: number } {
  const tops = (chars: string) =>
    [...chars]
      .map((char) => units.get(char)?.forms[0]?.prepared.bbox?.yMax)
      .filter((y): y is number => y !== undefined);
  const xTops = tops("xzvwunmrsаквгинпт");
  const capTops = tops("HIEFLTZKNMXИНПТШЕ");
  const capHeight = median(capTops, xTops.length ? median(xTops, 500) / 0.7 : 700);
  const xHeight = median(xTops, capHeight * 0.7);
  return { xHeight: Math.round(xHeight), capHeight: Math.round(capHeight) };
}

function notdefOutline(height: number): Outline {
  const h = Math.max(400, Math.round(height));
  const rect = (x0: number, y0: number, x1: number, y1: number, clockwise: boolean): Outline[number] => ({
    start: { x: x0, y: y0 },
    segments: clockwise
      ? [
          { type: "L", x: x0, y: y1 },
          { type: "L", x: x1, y: y1 },
          { type: "L", x: x1, y: y0 },
        ]
      : [
          { type: "L", x: x1, y: y0 },
          { type: "L", x: x1, y: y1 },
          { type: "L", x: x0, y: y1 },
        ],
  });
  return [rect(50, 0, 450, h, false), rect(100, 50, 400, h - 50, true)];
}

/**
 * A prepared base and a mark that stays at least two units clear of it (an acute over an e): both are clean, so the
 * combination is too, and only the mark's ink needs measuring. False when they come closer and must be merged.
 */
function joinApart(base: PreparedOutline, mark: Outline): PreparedOutline | false {
  const markBox = integerBounds(mark);
  const baseBox = base.bbox;
  if (!markBox || !baseBox || !base.profile) return false;
  const clear =
    markBox.yMin >= baseBox.yMax + 2 ||
    markBox.yMax <= baseBox.yMin - 2 ||
    markBox.xMin >= baseBox.xMax + 2 ||
    markBox.xMax <= baseBox.xMin - 2;
  if (!clear) return false;
  const markProfile = inkProfile(flattenOutline(mark, 1), PROFILE_GRID.yStart, PROFILE_GRID.step, PROFILE_GRID.count);
  const left = Float64Array.from(base.profile.left, (x, band) => minDefined(x, markProfile.left[band]!));
  const right = Float64Array.from(base.profile.right, (x, band) => -minDefined(-x, -markProfile.right[band]!));
  return {
    outline: [...base.outline, ...mark],
    bbox: {
      xMin: Math.min(baseBox.xMin, markBox.xMin),
      yMin: Math.min(baseBox.yMin, markBox.yMin),
      xMax: Math.max(baseBox.xMax, markBox.xMax),
      yMax: Math.max(baseBox.yMax, markBox.yMax),
    },
    profile: { ...base.profile, left, right },
    overlapsRemoved: false,
  };
}

/** The smaller of two band extents, either of which may be NaN (no ink in the band). */
const minDefined = (a: number, b: number) => (Number.isNaN(a) ? b : Number.isNaN(b) ? a : Math.min(a, b));

/**
 * Whether a drawn mark looks like a whole letter (an é written in the acute's box): its ink crosses the middle of the
 * x-height band from below 30 % to above 70 % of it, where no accent, comma or apostrophe goes.
 */
function looksLikeLetter(unit: Unit, xHeight: number): boolean {
  const box = unit.forms[0]!.prepared.bbox!;
  return box.yMin < 0.3 * xHeight && box.yMax > 0.7 * xHeight && box.yMax - box.yMin > 0.55 * xHeight;
}

function buildComposites(units: Map<string, Unit>, heights: Heights): { built: string[]; letterLikeMarks: string[] } {
  const built: string[] = [];
  const letterLike = new Set<string>();
  const usable = (chars: string) => {
    const unit = units.get(chars);
    if (!unit) return false;
    if (!looksLikeLetter(unit, heights.xHeight)) return true;
    letterLike.add(chars);
    return false;
  };
  for (const [target, recipe] of COMPOSITE_RECIPES) {
    if (units.has(target)) continue; // a drawn accented letter always wins
    const baseUnit = units.get(recipe.base);
    if (!baseUnit) continue;
    let markChars: string | undefined;
    const option = recipe.marks.find((candidate) => {
      markChars = candidate.sources.find(usable);
      return markChars !== undefined;
    });
    if (!option || !markChars || !baseUnit) continue;
    // The n-th form of the letter takes the n-th written form of the mark, so written variants of a mark are used.
    const markForms = units.get(markChars)!.forms;
    // A mark below leaves the dot of i and j alone (į); a mark above replaces it.
    const dotted = DOTTED_BASES[recipe.base] !== undefined && !BELOW.has(option.attach);
    const dotless = dotted ? units.get(DOTTED_BASES[recipe.base]!) : undefined;
    const forms: Form[] = [];
    for (const [index, form] of (dotless ?? baseUnit).forms.entries()) {
      const dropDot = dotted && !dotless;
      const base = dropDot ? removeDot(form.prepared.outline) : form.prepared.outline;
      if (!base) {
        if (index === 0) break;
        continue;
      }
      const mark = markForms[index % markForms.length]!.prepared.outline;
      const placed = placeMark(base, mark, option.attach, heights);
      if (!placed) continue;
      const apart = placed.exact && !dropDot && joinApart(form.prepared, placed.outline);
      forms.push({ prepared: apart || cleanOutline([...base, ...placed.outline]), source: null });
    }
    if (forms.length > 0) {
      units.set(target, { chars: target, forms, kernsAs: recipe.base });
      built.push(target);
    }
  }
  return { built, letterLikeMarks: [...letterLike] };
}

function verticalMetrics(
  glyphs: PlannedGlyph[],
  lineHeight: number,
  xHeight: number,
  capHeight: number,
): VerticalMetrics {
  const boxes = glyphs.map((glyph) => glyph.bbox).filter((box) => box !== null);
  const yMax = Math.max(0, ...boxes.map((box) => box.yMax));
  const yMin = Math.min(0, ...boxes.map((box) => box.yMin));
  const line = Math.round(lineHeight * 1000);
  const typoAscender = Math.round(line * 0.8);
  const typoDescender = typoAscender - line;
  // hhea and win never clip: they grow to the tallest and deepest ink; typo keeps the chosen line distance.
  const hheaAscender = Math.max(typoAscender, yMax);
  const hheaDescender = Math.min(typoDescender, yMin);
  return {
    typoAscender,
    typoDescender,
    typoLineGap: 0,
    hheaAscender,
    hheaDescender,
    hheaLineGap: Math.max(0, line - (hheaAscender - hheaDescender)),
    winAscent: hheaAscender,
    winDescent: -hheaDescender,
    xHeight,
    capHeight,
  };
}

/** Turns a FontProject into the glyph list, features and metrics of a font, with diagnostics. */
export function buildPlan(project: FontProject, options: PlanOptions = {}): BuiltPlan {
  const settings = project.settings;
  const diagnostics: FontDiagnostic[] = [];
  const groups = new Map<string, FontGlyph[]>();
  for (const glyph of project.glyphs) {
    const chars = glyph.chars.normalize("NFC");
    if (chars === " " || chars === "\u00a0" || /\p{Cc}/u.test(chars)) continue;
    groups.set(chars, [...(groups.get(chars) ?? []), glyph]);
  }
  const units = new Map<string, Unit>();
  const overlapped: string[] = [];
  for (const [chars, glyphs] of groups) {
    const forms: Form[] = [];
    for (const glyph of [...glyphs].sort((a, b) => a.variant - b.variant)) {
      const prepared = prepareOutline(glyph.path, settings.scale, settings.baselineShift, options.cache);
      if (!prepared.bbox) {
        diagnostics.push({
          code: "FONT_GLYPH_EMPTY",
          severity: "warning",
          message: `"${chars}" variant ${glyph.variant} has no outline and is left out`,
          chars: [chars],
          variant: glyph.variant,
        });
        continue;
      }
      if (prepared.overlapsRemoved) overlapped.push(chars);
      forms.push({ prepared, source: glyph });
    }
    if (forms.length > 0) units.set(chars, { chars, forms });
  }
  if (units.size === 0) throw new FontError("FONT_NO_GLYPHS", "the project has no glyph with an outline");

  const { xHeight, capHeight } = estimateHeights(units);
  if (settings.compositeAccents) {
    const { built, letterLikeMarks } = buildComposites(units, { xHeight, capHeight });
    if (letterLikeMarks.length > 0) {
      diagnostics.push({
        code: "FONT_MARK_LIKE_LETTER",
        severity: "warning",
        message: `marks written as whole letters were not put on letters: ${letterLikeMarks.join(" ")}`,
        chars: letterLikeMarks,
      });
    }
    if (built.length > 0) {
      diagnostics.push({
        code: "FONT_COMPOSITES_BUILT",
        severity: "info",
        message: `${built.length} accented letters were built from drawn letters and marks`,
        chars: built,
      });
    }
  }
  if (overlapped.length > 0) {
    diagnostics.push({
      code: "FONT_OVERLAPS_REMOVED",
      severity: "info",
      message: `overlapping strokes were merged in ${new Set(overlapped).size} glyphs`,
      chars: [...new Set(overlapped)],
    });
  }

  // Ligatures whose characters are not all drawn could never be reached from text.
  for (const unit of [...units.values()]) {
    const parts = [...unit.chars];
    if (parts.length < 2) continue;
    const missing = parts.filter((char) => !units.has(char));
    if (!settings.ligatures || missing.length > 0) {
      units.delete(unit.chars);
      if (settings.ligatures) {
        diagnostics.push({
          code: "FONT_LIGATURE_UNREACHABLE",
          severity: "warning",
          message: `ligature "${unit.chars}" is left out: ${missing.join(" ")} not drawn`,
          chars: [unit.chars],
        });
      }
    }
  }

  const ordered = [...units.values()].sort((a, b) => {
    const ca = [...a.chars].length === 1 ? a.chars.codePointAt(0)! : 0x110000;
    const cb = [...b.chars].length === 1 ? b.chars.codePointAt(0)! : 0x110000;
    return ca - cb || (a.chars < b.chars ? -1 : a.chars > b.chars ? 1 : 0);
  });

  const spacingParameters = { xHeight, capHeight, letterSpacing: settings.letterSpacing, ...options.spacing };
  const glyphs: PlannedGlyph[] = [];
  const notdef = notdefOutline(capHeight);
  glyphs.push({ name: ".notdef", unicodes: [], outline: notdef, dx: 0, advance: 500, bbox: integerBounds(notdef) });
  const spaceWidth = settings.spaceWidth ?? Math.round(0.6 * xHeight + settings.letterSpacing * 2);
  glyphs.push({ name: "space", unicodes: [0x20], outline: [], dx: 0, advance: Math.max(0, spaceWidth), bbox: null });
  glyphs.push({ name: "uni00A0", unicodes: [0xa0], outline: [], dx: 0, advance: Math.max(0, spaceWidth), bbox: null });
  const sources: (Outline | null)[] = [null, null, null];

  const unitGlyphs = new Map<string, number[]>();
  const kerningCandidates: KerningCandidate[] = [];
  for (const unit of ordered) {
    const ids: number[] = [];
    const parts = [...unit.chars];
    const forms = settings.randomize ? unit.forms : unit.forms.slice(0, 1);
    const combining = /^\p{Mn}$/u.test(unit.chars);
    forms.forEach((form, index) => {
      const box = form.prepared.bbox!;
      const auto = opticalSideBearings(form.prepared.profile!, box, parts[0]!, parts.at(-1)!, spacingParameters);
      const source = form.source;
      const left = source?.leftSideBearing ?? auto.left;
      const right = source?.rightSideBearing ?? auto.right;
      const inkWidth = box.xMax - box.xMin;
      let advance = Math.max(0, Math.round(source?.advance ?? left + inkWidth + right));
      let shift = left - box.xMin;
      if (combining && source?.advance === undefined) {
        // A combining mark takes no room: it is drawn over the letter before it, about half a letter back.
        advance = 0;
        shift = Math.round(-0.5 * xHeight - (box.xMin + box.xMax) / 2);
      }
      const name = charsGlyphName(unit.chars) + (index === 0 ? "" : `.alt${index}`);
      ids.push(glyphs.length);
      sources.push(form.prepared.outline);
      glyphs.push({
        name,
        unicodes: index === 0 && parts.length === 1 ? [unit.chars.codePointAt(0)!] : [],
        outline: form.prepared.outline,
        dx: shift,
        advance,
        bbox: { xMin: box.xMin + shift, yMin: box.yMin, xMax: box.xMax + shift, yMax: box.yMax },
      });
    });
    unitGlyphs.set(unit.chars, ids);
    if (unit.kernsAs || combining) continue;
    const first = glyphs[ids[0]!]!;
    kerningCandidates.push({
      chars: unit.chars,
      glyphs: ids,
      profile: unit.forms[0]!.prepared.profile!,
      dx: first.dx,
      advance: first.advance,
      bbox: first.bbox!,
    });
  }
  if (glyphs.length > 0xffff) throw new FontError("FONT_TOO_MANY_GLYPHS", `${glyphs.length} glyphs exceed 65535`);

  const ligatures = settings.ligatures
    ? ordered
        .filter((unit) => [...unit.chars].length > 1)
        .map((unit) => ({
          components: [...unit.chars].map((char) => unitGlyphs.get(char)![0]!),
          glyph: unitGlyphs.get(unit.chars)![0]!,
        }))
    : [];
  const cycles = settings.randomize ? [...unitGlyphs.values()].filter((ids) => ids.length > 1) : [];

  let classes: KerningClasses = { left: [], right: [], values: [] };
  if (settings.kerning === "auto") {
    // Built accented letters kern like their base letter.
    const groups = kerningCandidates.map((candidate) => [...candidate.glyphs]);
    const byChars = new Map(kerningCandidates.map((candidate, index) => [candidate.chars, index]));
    for (const unit of ordered) {
      const index = unit.kernsAs === undefined ? undefined : byChars.get(unit.kernsAs);
      if (index !== undefined) groups[index]!.push(...unitGlyphs.get(unit.chars)!);
    }
    classes = kerningClasses(groups, autoKerning(kerningCandidates, xHeight, options.cache?.kerning));
  }
  const kerningValues = new Map<string, number>();
  for (const pair of settings.kerningPairs) {
    const left = pair.left.normalize("NFC");
    const right = pair.right.normalize("NFC");
    if (!unitGlyphs.has(left) || !unitGlyphs.has(right)) {
      diagnostics.push({
        code: "FONT_KERNING_PAIR_UNKNOWN",
        severity: "warning",
        message: `kerning pair "${left}${right}" names a character the font does not draw`,
        chars: [left, right].filter((chars) => !unitGlyphs.has(chars)),
      });
      continue;
    }
    kerningValues.set(`${left}\u0000${right}`, Math.round(pair.value));
  }
  const manualPairs: PlannedKerningPair[] = [...kerningValues].map(([key, value]) => {
    const [left, right] = key.split("\u0000") as [string, string];
    return { left: unitGlyphs.get(left)!, right: unitGlyphs.get(right)!, value };
  });

  diagnostics.push(
    ...sizeOutliers(
      ordered
        .filter((unit) => unit.forms[0]!.source !== null)
        .map((unit) => ({
          chars: unit.chars,
          height: unit.forms[0]!.prepared.bbox!.yMax - unit.forms[0]!.prepared.bbox!.yMin,
        })),
    ),
  );
  const missing = missingCommon(new Set(units.keys()));
  if (missing) diagnostics.push(missing);

  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const [major = "1", minor = "0"] = project.version.split(".");
  const plan: FontPlan = {
    glyphs,
    names: fontNames(project, new Date(timestamp * 1000).getUTCFullYear()),
    metrics: verticalMetrics(glyphs, settings.lineHeight, xHeight, capHeight),
    weight: project.weight,
    italic: /italic|oblique/i.test(project.style),
    revision: Number(major) + Number(minor) / 10 ** minor.length,
    ligatures,
    cycles,
    kerning: { classes, pairs: manualPairs },
    timestamp,
  };
  const maxContext = Math.max(cycles.length > 0 ? CYCLE_WINDOW + 1 : 0, ...ligatures.map((l) => l.components.length));
  return { plan, diagnostics, sources, maxContext };
}
