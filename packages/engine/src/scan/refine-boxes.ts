import type { BoxMm, Layout, LayoutCell } from "../template/layout-types.ts";
import { pagePoint, scanPoint } from "../units.ts";
import { sampleGrid } from "./cut-cells.ts";
import { type Homography, pageToScan, solveHomography } from "./homography.ts";
import type { GreyImage } from "./images.ts";
import { kthSmallest } from "./kth-smallest.ts";

/**
 * Where each box really is on a page that does not lie flat.
 *
 * The four corner markers give one homography for the whole page, which is exact only for flat paper. A curled or
 * bent page moves its boxes a few millimetres from where that homography puts them, smoothly over the page. Every box
 * is printed with its borders and guide lines at known places (old printed templates included: nothing new is
 * printed for this), so each box is looked for around its predicted place: the printed lines are found in
 * ink-tolerant profiles across the vertical lines and across the horizontal ones, each in two halves of the box,
 * which give the box's offset, stretch and shear on each axis. The measurements are then made to agree with their
 * neighbours' (a smooth displacement over the page), so that a box whose lines are hidden under ink, faint or missing
 * takes its place from the boxes around it instead of jumping. A second pass measures again in each box's corrected
 * frame, where tilted lines run straight. On a flat page every offset comes out as zero within a few hundredths of a
 * millimetre; such a page keeps the homography alone and reads exactly as before.
 */

/** Stretches tried when matching a box's lines, in steps of this either way. */
const STRETCH_STEP = 0.015;

/**
 * How a pass looks: how far from the predicted place (mm), up to which stretch, how many profile bins a millimetre
 * across the lines and samples a millimetre along them, and
 * whether the neighbours' lines beyond the box are matched too (they tell this box's borders from theirs).
 */
type Pass = {
  searchMm: number;
  stretchSteps: number;
  acrossPxPerMm: number;
  alongPxPerMm: number;
  neighbours: boolean;
};
/** Around the homography's place: bends of a few millimetres and some room, stretches up to 6 %; coarse samples. */
const FIRST_PASS: Pass = { searchMm: 4.5, stretchSteps: 4, acrossPxPerMm: 4, alongPxPerMm: 1, neighbours: true };
/** Around the first pass's place, a few tenths of a millimetre off at most; finer samples. */
const SECOND_PASS: Pass = { searchMm: 1, stretchSteps: 0, acrossPxPerMm: 8, alongPxPerMm: 1, neighbours: true };
/**
 * Darkness (share below the paper) above which a sample counts no darker: printed lines are lighter than this, so
 * they count fully, while a pen stroke along a line cannot outweigh it.
 */
const DARKNESS_CAP = 0.25;
/** Distance of the flanks that a line is compared with (mm): wider than a printed line and its blur. */
const FLANK_MM = 0.45;
/** A line is looked for this close to where the box's offset puts it (mm). */
const LINE_WINDOW_MM = 0.5;
/** A line that lies further than this from the box's fitted offset and stretch is not used (mm). */
const LINE_TOLERANCE_MM = 0.2;
/** A printed line counts as seen when it stands this many noise levels above the paper around it. */
const MIN_CONTRAST = 5;
/**
 * Offsets (mm) and stretches further than this from what their neighbours predict are taken for misreadings. A
 * strongly supported measurement (see fitAxis) may disagree more: near the page's edges the neighbours only
 * extrapolate, and a bend curves their prediction away.
 */
const OFFSET_OUTLIER_MM = 0.3;
const STRONG_OFFSET_OUTLIER_MM = 1;
const STRETCH_OUTLIER = 0.012;
const STRONG_STRETCH_OUTLIER = 0.04;

/**
 * A page counts as flat, and keeps its homography, while the median box moves less than FLAT_PAGE_MM and none moves
 * FLAT_PAGE_MAX_MM. The markers' homography spreads any bend over the whole page, so a page that is not flat moves
 * nearly every box by tenths of a millimetre and more (the least-moved box of a 2–4 mm curl, 0.5 mm); the boxes'
 * measurements on a flat page scatter by a few hundredths of a millimetre, but by up to half a millimetre here and
 * there where lines are smeared (a shaken photo at a steep angle, 4 px/mm), and a single such box must not
 * unsettle a page the markers place better.
 */
const FLAT_PAGE_MM = 0.2;
const FLAT_PAGE_MAX_MM = 1;

/** How far the QR code and markers may show from their place (mm): little, the markers pin the homography there. */
const OBSTACLE_MARGIN_MM = 1;

/** How far beyond a box its neighbours' lines are used, as a share of the box: past the gap between boxes. */
const NEIGHBOUR_SHARE = 0.15;

/** A printed line: its position across it (mm on the page) and how much it shows (borders count 1). */
type Line = { at: number; weight: number };

/**
 * What one half-profile gave: offset (mm) at the box's centre, stretch (dimensionless) when the lines found span
 * enough of the box, and whether many lines agreed; undefined when fewer than two lines were seen.
 */
type AxisFit = { offset: number; stretch?: number; strong?: boolean } | undefined;

/**
 * What one box gave, each axis measured in two halves of the box (so that a tilted line does not smear): offset at
 * the box's centre, stretch along the axis, and shear (the offset's change along the other axis).
 */
type BoxFit = {
  cx: number;
  cy: number;
  x: { offset?: number; stretch?: number; shear?: number; strong: boolean };
  y: { offset?: number; stretch?: number; shear?: number; strong: boolean };
};

/**
 * One homography per cell (in the order given): the page homography `h` corrected by the displacement found
 * around that cell. `h` maps page millimetres to pixels of `scan`.
 */
export function refineBoxes(
  scan: GreyImage,
  h: Homography,
  layout: Layout,
  cells: readonly LayoutCell[],
): Homography[] {
  const obstacles = obstaclesOf(layout);
  const first = new Map<number, BoxFit>();
  const measured = (i: number) => {
    let fit = first.get(i);
    if (!fit) {
      fit = measureBox(scan, h, layout, cells, cells[i]!, obstacles, FIRST_PASS);
      first.set(i, fit);
    }
    return fit;
  };
  // A page that lies flat shows as such on a quarter of its boxes spread over it, and keeps its homography without
  // the rest being measured: a page that is not flat bends over centimetres, and those boxes see it.
  const probe = spreadOver(cells);
  if (probe.length < cells.length) {
    const probeCells = probe.map((i) => cells[i]!);
    if (isFlat(probeCells, smoothField(probe.map(measured), probeCells))) return cells.map(() => h);
  }
  const coarse = smoothField(
    cells.map((_, i) => measured(i)),
    cells,
  );
  // A flat page shows as such already (see FLAT_PAGE_MM): it keeps its homography without a second look.
  if (isFlat(cells, coarse)) return cells.map(() => h);
  const field = measuredAgain(scan, h, layout, cells, obstacles, coarse);
  // A flat page: what was found is the measurement's own noise (a few hundredths of a millimetre), and the markers'
  // homography is better than that.
  if (isFlat(cells, field)) return cells.map(() => h);
  return cells.map((cell, i) => boxHomography(h, cell, field[i]!));
}

/**
 * The one homography that puts the page's boxes where refineBoxes' two passes find them around `h` (least squares over
 * their corners), every box measured and none of it taken for a flat page's noise. A page placed by three markers and the QR code (FoundMarkers.hidden) is extrapolated towards the fourth
 * corner, millimetres off on a photo at an angle: the boxes, measured within refineBoxes' reach of that, cover the
 * page and place it as the fourth marker would have.
 */
export function homographyOfBoxes(
  scan: GreyImage,
  h: Homography,
  layout: Layout,
  cells: readonly LayoutCell[],
): Homography {
  // Every box measured, twice, whatever the offsets: tenths of a millimetre that would leave a flat page its markers'
  // homography are here that homography's error.
  const obstacles = obstaclesOf(layout);
  const coarse = smoothField(
    cells.map((cell) => measureBox(scan, h, layout, cells, cell, obstacles, FIRST_PASS)),
    cells,
  );
  const field = measuredAgain(scan, h, layout, cells, obstacles, coarse);
  const page = cells.flatMap((cell) => cornersOf(cell).map(([x, y]) => pagePoint(x, y)));
  const seen = cells.flatMap((cell, i) =>
    cornersOf(cell).map(([x, y]) => pageToScan(h, pagePoint(...displaced(field[i]!, x, y)))),
  );
  return (page.length >= 4 && solveHomography(page, seen)) || h;
}

/** The QR code and the markers are printed near the outer boxes; their edges are not box lines. */
function obstaclesOf(layout: Layout): BoxMm[] {
  const size = layout.markers.sizeMm;
  return [
    layout.qr,
    ...layout.markers.centers.map((c) => ({ x: c.x - size / 2, y: c.y - size / 2, width: size, height: size })),
  ];
}

/**
 * The boxes measured again, each in its own frame after the first pass (`coarse`), where its lines now run straight
 * along the profiles even on a tilted or stretched part of the page: what is measured there is what the first pass
 * left over, added to it and made to agree with the neighbours.
 */
function measuredAgain(
  scan: GreyImage,
  h: Homography,
  layout: Layout,
  cells: readonly LayoutCell[],
  obstacles: readonly BoxMm[],
  coarse: readonly Displacement[],
): Displacement[] {
  const fits = cells.map((cell, i) => {
    const frame = boxHomography(h, cell, coarse[i]!);
    const residual = measureBox(scan, frame, layout, cells, cell, obstacles, SECOND_PASS);
    return addResidual(coarse[i]!, residual);
  });
  return smoothField(fits, cells);
}

/**
 * The indexes of the boxes in every other row and every other column of the grid, the last row and column included
 * (a lifted corner or edge shows there first).
 */
function spreadOver(cells: readonly LayoutCell[]): number[] {
  const places = (values: number[]) => [...new Set(values.map((v) => Math.round(v * 100)))].sort((a, b) => a - b);
  const rows = places(cells.map((c) => c.box.y));
  const columns = places(cells.map((c) => c.box.x));
  const kept = (value: number, all: number[]) => {
    const at = all.indexOf(Math.round(value * 100));
    return at % 2 === 0 || at === all.length - 1;
  };
  return cells.flatMap((c, i) => (kept(c.box.y, rows) && kept(c.box.x, columns) ? [i] : []));
}

/** The corners of a box, page millimetres. */
function cornersOf({ box }: LayoutCell): (readonly [number, number])[] {
  return [
    [box.x, box.y],
    [box.x + box.width, box.y],
    [box.x + box.width, box.y + box.height],
    [box.x, box.y + box.height],
  ];
}

/** Where the displacement `d` takes page point (x, y). */
function displaced(d: Displacement, x: number, y: number): [number, number] {
  const [ex, ey] = [x - d.cx, y - d.cy];
  return [x + d.dx + d.sxx * ex + d.sxy * ey, y + d.dy + d.syy * ey + d.syx * ex];
}

/** Whether the page lies flat (see FLAT_PAGE_MM). */
function isFlat(cells: readonly LayoutCell[], field: readonly Displacement[]): boolean {
  const shifts = cells.map((cell, i) => largestShift(cell, field[i]!)).sort((a, b) => a - b);
  return shifts.length === 0 || (shifts[shifts.length >> 1]! < FLAT_PAGE_MM && shifts.at(-1)! < FLAT_PAGE_MAX_MM);
}

/** How far the displacement moves the box's farthest-moved corner (mm). */
function largestShift(cell: LayoutCell, d: Displacement): number {
  return Math.max(
    ...cornersOf(cell).map(([x, y]) => {
      const [mx, my] = displaced(d, x, y);
      return Math.hypot(mx - x, my - y);
    }),
  );
}

/** The homography of one box: `h` after the displacement around the box, exact at the box's corners. */
function boxHomography(h: Homography, cell: LayoutCell, d: Displacement): Homography {
  const corners = cornersOf(cell);
  const seen = corners.map(([x, y]) => {
    const p = pageToScan(h, pagePoint(...displaced(d, x, y)));
    return scanPoint(p.x, p.y);
  });
  return (
    solveHomography(
      corners.map(([x, y]) => pagePoint(x, y)),
      seen,
    ) ?? h
  );
}

/** A second pass's measurement, made in the frame the first pass gave, added to that pass's displacement. */
function addResidual(d: Displacement, residual: BoxFit): BoxFit {
  const add = (base: number, value: number | undefined) => (value === undefined ? undefined : base + value);
  return {
    cx: residual.cx,
    cy: residual.cy,
    x: {
      offset: add(d.dx, residual.x.offset),
      stretch: add(d.sxx, residual.x.stretch),
      shear: add(d.sxy, residual.x.shear),
      strong: residual.x.strong,
    },
    y: {
      offset: add(d.dy, residual.y.offset),
      stretch: add(d.syy, residual.y.stretch),
      shear: add(d.syx, residual.y.shear),
      strong: residual.y.strong,
    },
  };
}

/** Finds one box's printed lines around their places in the frame `h` gives: offset, stretch and shear on each axis. */
function measureBox(
  scan: GreyImage,
  h: Homography,
  layout: Layout,
  cells: readonly LayoutCell[],
  cell: LayoutCell,
  obstacles: readonly BoxMm[],
  pass: Pass,
): BoxFit {
  const { box } = cell;
  // Lines are used up to `beyond` outside the box (the neighbours' borders across the gap, in the first pass), and
  // the profiles reach far enough past them for each to be searched and compared with its flanks.
  const beyond = pass.neighbours ? NEIGHBOUR_SHARE * Math.min(box.width, box.height) : 0;
  const margin = pass.searchMm + LINE_WINDOW_MM + FLANK_MM + 0.25;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const x0 = box.x - beyond - margin;
  const x1 = box.x + box.width + beyond + margin;
  const y0 = box.y - beyond - margin;
  const y1 = box.y + box.height + beyond + margin;
  const vertical: Line[] = [];
  const horizontal: Line[] = [];
  const near = (at: number, start: number, end: number) => at >= start - beyond - 1e-6 && at <= end + beyond + 1e-6;
  for (const other of cells) {
    const b = other.box;
    // Vertical lines: the borders of every box beside this one in its row.
    if (b.y < box.y + box.height && b.y + b.height > box.y) {
      for (const at of [b.x, b.x + b.width]) if (near(at, box.x, box.x + box.width)) vertical.push({ at, weight: 1 });
    }
    // Horizontal lines: the borders and guides of every box above or below it in its column.
    if (b.x < box.x + box.width && b.x + b.width > box.x) {
      for (const line of horizontalLines(layout, other)) {
        if (near(line.at, box.y, box.y + box.height)) horizontal.push(line);
      }
    }
  }
  // Profiles are averaged along the lines away from the box's own corners, where the other axis's lines cross.
  const across = profile(scan, h, "x", x0, x1, box.y + 1.5, box.y + box.height - 1.5, pass);
  const down = profile(scan, h, "y", y0, y1, box.x + 2, box.x + box.width - 2, pass);
  for (const o of obstacles) {
    if (o.y < box.y + box.height - 1.5 && o.y + o.height > box.y + 1.5) blank(across, x0, o.x, o.x + o.width);
    if (o.x < box.x + box.width - 2 && o.x + o.width > box.x + 2) blank(down, y0, o.y, o.y + o.height);
  }
  return {
    cx,
    cy,
    x: combineHalves(across, x0, vertical, cx, box.width, cy, pass),
    y: combineHalves(down, y0, horizontal, cy, box.height, cx, pass),
  };
}

/** One axis of a box from its two half-profiles: their mean offset, mean stretch, and the shear between them. */
function combineHalves(
  halves: Profile,
  from: number,
  lines: readonly Line[],
  centre: number,
  size: number,
  otherCentre: number,
  pass: Pass,
): BoxFit["x"] {
  if (lines.length < 2) return { strong: false };
  const [first, second] = halves.responses;
  const guess = matchLines(
    first.map((v, i) => v + second[i]!),
    from,
    lines,
    centre,
    pass,
  );
  const [a, b] = halves.responses.map((response) =>
    fitAxis(response, from, lines, centre, size, guess, halves.pxPerMm),
  );
  if (a && b) {
    const stretches = [a.stretch, b.stretch].filter((v) => v !== undefined);
    const [p, q] = halves.centres;
    return {
      // The bands lie either side of the box's middle at equal distances: their mean is the middle's offset.
      offset: a.offset + ((b.offset - a.offset) * (otherCentre - p)) / (q - p),
      stretch: stretches.length ? stretches.reduce((s, v) => s + v, 0) / stretches.length : undefined,
      shear: (b.offset - a.offset) / (q - p),
      strong: Boolean(a.strong && b.strong),
    };
  }
  // One half alone gives the offset where it was measured, and no shear: weak, checked against the neighbours.
  const one = a ?? b;
  return one ? { offset: one.offset, stretch: one.stretch, strong: false } : { strong: false };
}

/** A box's horizontal printed lines: top and bottom borders and, when printed, its guides. */
function horizontalLines(layout: Layout, cell: LayoutCell): Line[] {
  const { box, baselineY, emMm } = cell;
  const lines: Line[] = [
    { at: box.y, weight: 1 },
    { at: box.y + box.height, weight: 1 },
  ];
  if (layout.guides.printed) {
    const at = (units: number) => baselineY - (units / layout.unitsPerEm) * emMm;
    // Weights follow the printed ink: guides are a little thinner than borders, the baseline thicker, the
    // x-height dashed (half its length printed).
    lines.push({ at: at(layout.guides.capHeight), weight: 0.9 });
    lines.push({ at: at(layout.guides.xHeight), weight: 0.45 });
    lines.push({ at: baselineY, weight: 1.5 });
    lines.push({ at: at(layout.guides.descender), weight: 0.9 });
  }
  return lines;
}

/** Reused between profiles: a page's boxes all need about the same room. */
let scratch = new Float32Array(0);

/** Line responses across an axis in two bands along it, and the bands' middles (mm along the other axis). */
type Profile = { responses: [Float32Array, Float32Array]; centres: [number, number]; pxPerMm: number };

/**
 * How line-like the page is at each position across an axis: the darkness of the band (capped, so ink counts no
 * more than a printed line) averaged along it, minus the mean of its flanks. Positions are bins of
 * 1/acrossPxPerMm mm from `from`; `along0`–`along1` is the extent on the other axis, read as two halves.
 */
function profile(
  scan: GreyImage,
  h: Homography,
  axis: "x" | "y",
  from: number,
  to: number,
  along0: number,
  along1: number,
  pass: Pass,
): Profile {
  const { acrossPxPerMm, alongPxPerMm } = pass;
  const bins = Math.max(1, Math.round((to - from) * acrossPxPerMm));
  const rows = 2 * Math.max(1, Math.round(((along1 - along0) * alongPxPerMm) / 2));
  // Samples, one line of `bins` per row along the band. They are taken in the order that walks the scan's memory
  // row by row, which for a profile down the page (axis "y") means across the rows.
  if (scratch.length < rows * bins) scratch = new Float32Array(rows * bins);
  const values = scratch;
  const acrossStep = 1 / acrossPxPerMm;
  const alongStep = (along1 - along0) / rows;
  const start = [from + acrossStep / 2, along0 + alongStep / 2] as const;
  if (axis === "x") {
    sampleGrid(scan, h, values, start[0], start[1], acrossStep, 0, 0, alongStep, bins, rows, 1, bins);
  } else {
    sampleGrid(scan, h, values, start[1], start[0], alongStep, 0, 0, acrossStep, rows, bins, bins, 1);
  }
  const upper = new Float32Array(bins);
  const lower = new Float32Array(bins);
  for (let row = 0; row < rows; row++) {
    const base = row * bins;
    // The paper's level along this row: most of it is paper, so the mean of its lighter half (a shadow or a
    // lighting gradient changes it from one row to the next).
    let mean = 0;
    for (let i = 0; i < bins; i++) mean += values[base + i]!;
    mean /= bins;
    let light = 0;
    let count = 0;
    for (let i = 0; i < bins; i++) {
      const v = values[base + i]!;
      if (v >= mean) {
        light += v;
        count++;
      }
    }
    const scale = count > 0 && light > 0 ? count / light : 1 / 255;
    const half = row < rows / 2 ? upper : lower;
    for (let i = 0; i < bins; i++) {
      const dark = 1 - values[base + i]! * scale;
      half[i]! += dark <= 0 ? 0 : dark >= DARKNESS_CAP ? DARKNESS_CAP : dark;
    }
  }
  const darkness = [upper, lower];
  const flank = Math.max(1, Math.round(FLANK_MM * acrossPxPerMm));
  const responses = darkness.map((sum) => {
    const response = new Float32Array(bins);
    for (let i = flank; i < bins - flank; i++) {
      response[i] = (sum[i]! - (sum[i - flank]! + sum[i + flank]!) / 2) / (rows / 2);
    }
    return response;
  }) as [Float32Array, Float32Array];
  const quarter = (along1 - along0) / 4;
  return { responses, centres: [along0 + quarter, along1 - quarter], pxPerMm: acrossPxPerMm };
}

/** Silences a profile where something else is printed (from–to mm, with a margin for its flanks and blur). */
function blank(profile: Profile, from: number, start: number, end: number) {
  const margin = FLANK_MM + OBSTACLE_MARGIN_MM;
  for (const response of profile.responses) {
    const i0 = Math.max(0, Math.floor((start - margin - from) * profile.pxPerMm));
    const i1 = Math.min(response.length, Math.ceil((end + margin - from) * profile.pxPerMm));
    if (i1 > i0) response.fill(0, i0, i1);
  }
}

/** Value of a profile at a fractional bin (linear between bins, 0 outside). */
function sample(response: Float32Array, bin: number): number {
  if (bin < 0 || bin > response.length - 1) return 0;
  const i = bin | 0;
  const t = bin - i;
  return i + 1 < response.length ? response[i]! * (1 - t) + response[i + 1]! * t : response[i]!;
}

/**
 * The offset and stretch that best lay the expected lines on the profile, all lines together, so that a
 * neighbour's border two millimetres away cannot be taken for this box's. The stretch is searched too: a bent page
 * stretches a box by a few per cent, which moves its far lines half a millimetre against its near ones, more than
 * a printed line is wide.
 */
function matchLines(
  response: Float32Array,
  from: number,
  lines: readonly Line[],
  centre: number,
  pass: Pass,
): { shift: number; stretch: number } {
  const pxPerMm = pass.acrossPxPerMm;
  const binOf = (mm: number) => (mm - from) * pxPerMm - 0.5;
  const steps = Math.round(pass.searchMm * pxPerMm);
  let shift = 0;
  let stretch = 0;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (let k = -pass.stretchSteps; k <= pass.stretchSteps; k++) {
    const scale = k * STRETCH_STEP;
    const bins = lines.map((line) => binOf(line.at + scale * (line.at - centre)));
    for (let s = -steps; s <= steps; s++) {
      let score = 0;
      for (let j = 0; j < lines.length; j++) score += lines[j]!.weight * sample(response, bins[j]! + s);
      if (score > bestScore) {
        shift = s / pxPerMm;
        stretch = scale;
        bestScore = score;
      }
    }
  }
  return { shift, stretch };
}

/**
 * Each line found near where `guess` puts it, and a straight offset-and-stretch fitted through the lines that agree. Undefined when fewer than two lines stand out from the
 * profile's noise; the stretch only when the lines found span enough of the box to tell it.
 */
function fitAxis(
  response: Float32Array,
  from: number,
  lines: readonly Line[],
  centre: number,
  size: number,
  guess: { shift: number; stretch: number },
  pxPerMm: number,
): AxisFit {
  const binOf = (mm: number) => (mm - from) * pxPerMm - 0.5;
  const { shift, stretch } = guess;
  // The profile's noise: much of it is plain paper.
  const magnitudes = new Float32Array(response.length);
  for (let i = 0; i < response.length; i++) magnitudes[i] = Math.abs(response[i]!);
  // The lower quartile of |response| is 0.32 standard deviations of Gaussian noise, and stays so when lines and
  // ink take up to half of the profile.
  const noise = kthSmallest(magnitudes, magnitudes.length >> 2) / 0.319;

  // Each line's own peak near its place, to sub-bin precision; only peaks that stand out from the noise.
  const found: { at: number; offset: number; weight: number }[] = [];
  const window = Math.round(LINE_WINDOW_MM * pxPerMm);
  const flank = Math.max(1, Math.round(FLANK_MM * pxPerMm));
  for (const line of lines) {
    const expected = Math.round(binOf(line.at + shift + stretch * (line.at - centre)));
    let peak = -1;
    for (let i = Math.max(1, expected - window); i <= Math.min(response.length - 2, expected + window); i++) {
      if (peak < 0 || response[i]! > response[peak]!) peak = i;
    }
    if (peak < 0 || response[peak]! < MIN_CONTRAST * noise) continue;
    // The centroid of the peak above half its height: unlike a parabola through three bins, it does not lean
    // towards the grid of the scan's pixels.
    const mid = response[peak]!;
    let sum = 0;
    let moment = 0;
    for (let i = Math.max(0, peak - flank); i <= Math.min(response.length - 1, peak + flank); i++) {
      const excess = response[i]! - mid / 2;
      if (excess > 0) {
        sum += excess;
        moment += excess * i;
      }
    }
    const position = (moment / sum + 0.5) / pxPerMm + from;
    found.push({ at: line.at, offset: position - line.at, weight: line.weight * mid });
  }
  // Fit offset + stretch · (at − centre), dropping lines that disagree (ink along a line, a neighbour's letter).
  let use = found;
  let fit = lineFit(use, centre);
  for (let round = 0; fit && round < 3; round++) {
    const f = fit;
    const kept = found.filter((p) => Math.abs(p.offset - f.offset - f.stretch! * (p.at - centre)) <= LINE_TOLERANCE_MM);
    if (kept.length === use.length && kept.every((p) => use.includes(p))) break;
    use = kept;
    fit = lineFit(use, centre);
  }
  if (!fit || use.length < 2) return undefined;
  const span = Math.max(...use.map((p) => p.at)) - Math.min(...use.map((p) => p.at));
  // Several printed lines at their irregular spacings agreeing is strong evidence: no other offset lines them up.
  const strong = use.length >= 3 && use.length >= 0.6 * lines.length;
  return span >= 0.6 * size ? { ...fit, strong } : { offset: fit.offset, strong };
}

/** Weighted least squares of offset + stretch · (at − centre); undefined unless two lines far enough apart. */
function lineFit(points: readonly { at: number; offset: number; weight: number }[], centre: number): AxisFit {
  let sw = 0;
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let sxy = 0;
  for (const p of points) {
    const x = p.at - centre;
    sw += p.weight;
    sx += p.weight * x;
    sy += p.weight * p.offset;
    sxx += p.weight * x * x;
    sxy += p.weight * x * p.offset;
  }
  const det = sw * sxx - sx * sx;
  if (points.length < 2 || sw <= 0 || det <= 1e-9 * sw * sw) return undefined;
  const stretch = (sw * sxy - sx * sy) / det;
  return { offset: (sy - stretch * sx) / sw, stretch };
}

/** The displacement around one box: at its centre, and its change along x and y. */
type Displacement = {
  cx: number;
  cy: number;
  dx: number;
  dy: number;
  sxx: number;
  sxy: number;
  syy: number;
  syx: number;
};

/**
 * Makes the boxes' measurements agree as a smooth displacement over the page. Each measurement is compared with
 * what its neighbours predict (see predictAt); one that disagrees, or is missing, is replaced by that prediction.
 * Each of the six quantities (offset, stretch and shear on each axis) is judged on its own.
 */
function smoothField(fits: readonly BoxFit[], cells: readonly LayoutCell[]): Displacement[] {
  const pitch = cells.reduce((s, c) => s + c.box.height, 0) / Math.max(1, cells.length);
  const radius = 1.5 * pitch;
  const points = fits.map((f) => ({ x: f.cx, y: f.cy }));
  const component = (
    value: (f: BoxFit) => number | undefined,
    strong: (f: BoxFit) => boolean | undefined,
    tolerance: number,
    strongTolerance: number,
  ) => {
    const raw = fits.map(value);
    const trusted = raw.map((v) => v !== undefined);
    // Twice: a first pass can be pulled by a bad neighbour that the second no longer trusts.
    for (let round = 0; round < 2; round++) {
      const predicted = points.map((_, i) => predictAt(points, raw, trusted, radius, i, true));
      for (let i = 0; i < raw.length; i++) {
        const v = raw[i];
        const p = predicted[i];
        const allowed = strong(fits[i]!) ? strongTolerance : tolerance;
        trusted[i] = v !== undefined && (p === undefined || Math.abs(v - p) <= allowed);
      }
    }
    return points.map((_, i) => (trusted[i] ? raw[i]! : (predictAt(points, raw, trusted, radius, i, false) ?? 0)));
  };
  const dx = component(
    (f) => f.x.offset,
    (f) => f.x.strong,
    OFFSET_OUTLIER_MM,
    STRONG_OFFSET_OUTLIER_MM,
  );
  const sxx = component(
    (f) => f.x.stretch,
    (f) => f.x.strong,
    STRETCH_OUTLIER,
    STRONG_STRETCH_OUTLIER,
  );
  const sxy = component(
    (f) => f.x.shear,
    (f) => f.x.strong,
    STRETCH_OUTLIER,
    STRONG_STRETCH_OUTLIER,
  );
  const dy = component(
    (f) => f.y.offset,
    (f) => f.y.strong,
    OFFSET_OUTLIER_MM,
    STRONG_OFFSET_OUTLIER_MM,
  );
  const syy = component(
    (f) => f.y.stretch,
    (f) => f.y.strong,
    STRETCH_OUTLIER,
    STRONG_STRETCH_OUTLIER,
  );
  const syx = component(
    (f) => f.y.shear,
    (f) => f.y.strong,
    STRETCH_OUTLIER,
    STRONG_STRETCH_OUTLIER,
  );
  return fits.map((f, i) => ({
    cx: f.cx,
    cy: f.cy,
    dx: dx[i]!,
    dy: dy[i]!,
    sxx: sxx[i]!,
    syy: syy[i]!,
    sxy: sxy[i]!,
    syx: syx[i]!,
  }));
}

/**
 * What the trusted values around point `i` say its value is: a weighted least-squares quadratic surface (Gaussian
 * weights of `radius`) evaluated there, so that a bend's curvature is followed, also at the page's edges where the
 * neighbours lie on one side only; `skipSelf` leaves point i out (to judge it by its neighbours alone). A ridge keeps
 * the surface flat where the neighbours do not tell (a single row of boxes).
 */
function predictAt(
  points: readonly { x: number; y: number }[],
  values: readonly (number | undefined)[],
  trusted: readonly boolean[],
  radius: number,
  i: number,
  skipSelf: boolean,
): number | undefined {
  const { x: px, y: py } = points[i]!;
  const n = 6;
  const m = new Float64Array(n * (n + 1));
  let total = 0;
  for (let j = 0; j < points.length; j++) {
    if ((skipSelf && j === i) || !trusted[j]) continue;
    const u = (points[j]!.x - px) / radius;
    const v = (points[j]!.y - py) / radius;
    const d2 = u * u + v * v;
    // Beyond two radii a neighbour weighs little (under 14 %) and the page's far side says nothing of here.
    if (d2 > 4) continue;
    const w = Math.exp(-d2 / 2);
    const basis = [1, u, v, u * u, u * v, v * v];
    for (let p = 0; p < n; p++) {
      for (let q = 0; q < n; q++) m[p * (n + 1) + q]! += w * basis[p]! * basis[q]!;
      m[p * (n + 1) + n]! += w * basis[p]! * values[j]!;
    }
    total += w;
  }
  if (total < 1e-3) return undefined;
  for (let p = 1; p < n; p++) m[p * (n + 1) + p]! += (p < 3 ? 0.02 : 0.2) * total;
  return solveFirst(m, n) ?? m[n]! / m[0]!;
}

/** The first unknown of an n × (n+1) augmented system (Gaussian elimination, partial pivoting); undefined if singular. */
function solveFirst(m: Float64Array, n: number): number | undefined {
  const w = n + 1;
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let row = col + 1; row < n; row++)
      if (Math.abs(m[row * w + col]!) > Math.abs(m[pivot * w + col]!)) pivot = row;
    if (Math.abs(m[pivot * w + col]!) < 1e-12) return undefined;
    if (pivot !== col) {
      for (let k = 0; k < w; k++) [m[col * w + k], m[pivot * w + k]] = [m[pivot * w + k]!, m[col * w + k]!];
    }
    for (let row = 0; row < n; row++) {
      if (row === col) continue;
      const f = m[row * w + col]! / m[col * w + col]!;
      if (f !== 0) for (let k = col; k < w; k++) m[row * w + k]! -= f * m[col * w + k]!;
    }
  }
  return m[n]! / m[0]!;
}
