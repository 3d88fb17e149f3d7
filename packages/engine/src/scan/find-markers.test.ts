import { describe, expect, it } from "vitest";
import type { Layout } from "../template/layout-types.ts";
import { pagePoint, type ScanPoint, scanPoint } from "../units.ts";
import {
  findMarkers,
  markerCandidates,
  markerCandidatesUnderShadow,
  paperPlane,
  refineInPageSpace,
} from "./find-markers.ts";
import type { FoundQrCode } from "./find-qr-code.ts";

const PX_PER_MM = 6;
const SIZE_MM = 10;
const CENTRES = [pagePoint(20, 20), pagePoint(100, 20), pagePoint(100, 100), pagePoint(20, 100)];

/** Darkness (0 paper – 1 ink) of the marker pattern around (cx, cy) mm: a square ring and a centre square. */
function marker(x: number, y: number, cx: number, cy: number): number {
  const d = Math.max(Math.abs(x - cx), Math.abs(y - cy));
  return d < 0.15 * SIZE_MM || (d >= 0.3 * SIZE_MM && d < 0.5 * SIZE_MM) ? 1 : 0;
}

/**
 * A 120 mm square page at 6 px/mm with the four markers, 4 × 4 samples a pixel, under `light`; the markers numbered in
 * `covered` lie under a fingertip (a disc 18 mm across, in a skin's grey, half the paper's light).
 */
function page(light: (x: number, y: number) => number, covered: number[] = []) {
  const side = 120 * PX_PER_MM;
  const data = new Uint8Array(side * side);
  for (let py = 0; py < side; py++) {
    for (let px = 0; px < side; px++) {
      let sum = 0;
      for (let s = 0; s < 16; s++) {
        const x = (px + ((s % 4) + 0.5) / 4) / PX_PER_MM;
        const y = (py + (Math.floor(s / 4) + 0.5) / 4) / PX_PER_MM;
        const ink = Math.max(...CENTRES.map((c) => marker(x, y, c.x, c.y)));
        const finger = covered.some((i) => Math.hypot(x - CENTRES[i]!.x, y - CENTRES[i]!.y) < 9);
        sum += 235 * light(x, y) * (finger ? 0.5 : 1 - 0.9 * ink);
      }
      data[py * side + px] = Math.round(sum / 16);
    }
  }
  return { width: side, height: side, data };
}

// Pixel i covers [i, i + 1) of the picture: a page point's index coordinates are half a pixel less.
const truth = CENTRES.map((c) => scanPoint(c.x * PX_PER_MM - 0.5, c.y * PX_PER_MM - 0.5));

// A QR code printed at 50–70 mm in both directions, as found at this scale, on the layout of the page above.
const qr = {
  text: "",
  payload: { templateId: "T", page: 1 },
  corners: [
    ...[50, 70].map((x) => scanPoint(x * PX_PER_MM - 0.5, 50 * PX_PER_MM - 0.5)),
    ...[70, 50].map((x) => scanPoint(x * PX_PER_MM - 0.5, 70 * PX_PER_MM - 0.5)),
  ],
} as FoundQrCode;
const layout = {
  qr: { x: 50, y: 50, width: 20, height: 20 },
  markers: { centers: CENTRES.map(({ x, y }) => ({ x, y })), sizeMm: SIZE_MM },
} as unknown as Layout;

/** How far (pixels) the farthest of four markers findMarkers found lies from its true centre. */
const farthestOff = (found: readonly ScanPoint[]) =>
  Math.max(...found.map((p, i) => Math.hypot(p.x - truth[i]!.x, p.y - truth[i]!.y)));

/** The markers' centres as a first look finds them: a pixel or two off, each its own way. */
const roughCentres = () =>
  truth.map((p, i) => scanPoint(p.x + (i % 2 ? 1.5 : -1), p.y + (i < 2 ? 1 : -1.5))) as [
    ScanPoint,
    ScanPoint,
    ScanPoint,
    ScanPoint,
  ];

describe("refineInPageSpace", () => {
  it("finds each marker's centre under light that falls off smoothly across the page", () => {
    // A lamp to the left: a third less light at the right edge of the page, 4 % across a marker's window.
    const vignetted = page((x, y) => 1 - 0.3 * (x / 120) - 0.05 * (y / 120));
    const found = refineInPageSpace(vignetted, roughCentres(), CENTRES, SIZE_MM);
    for (const [i, p] of found.entries()) {
      expect(Math.hypot(p.x - truth[i]!.x, p.y - truth[i]!.y)).toBeLessThan(0.1);
    }
  });

  it("finds each marker's centre when a hard shadow's edge crosses a marker", () => {
    // Half the light beyond x = 102 mm, with a 0.5 mm penumbra: the edge crosses the right-hand markers.
    const shadowed = page((x) => 1 - 0.5 * Math.min(1, Math.max(0, (x - 101.75) / 0.5)));
    const found = refineInPageSpace(shadowed, roughCentres(), CENTRES, SIZE_MM);
    for (const [i, p] of found.entries()) {
      expect(Math.hypot(p.x - truth[i]!.x, p.y - truth[i]!.y)).toBeLessThan(0.25);
    }
  });
});

describe("paperPlane", () => {
  const side = 100;
  /** A marker window: paper lit by `light`, a dark square over its middle. */
  const windowUnder = (light: (x: number, y: number) => number) => {
    const data = new Float32Array(side * side);
    for (let y = 0; y < side; y++) {
      for (let x = 0; x < side; x++) {
        const ink = Math.max(Math.abs(x - 50), Math.abs(y - 50)) < 30 ? 0.15 : 1;
        data[y * side + x] = light(x, y) * ink;
      }
    }
    return data;
  };

  it("is the paper's level everywhere under light that changes smoothly", () => {
    const light = (x: number, y: number) => 200 + 0.3 * x - 0.2 * y;
    const paper = paperPlane(windowUnder(light), side, side);
    expect(paper).toBeDefined();
    for (const [x, y] of [
      [0, 0],
      [99, 0],
      [50, 50],
      [0, 99],
      [99, 99],
    ] as const) {
      expect(paper![y * side + x]).toBeCloseTo(light(x, y), 3);
    }
  });

  it("leaves a window crossed by a shadow's edge to the closing", () => {
    expect(
      paperPlane(
        windowUnder((x) => (x < 70 ? 210 : 105)),
        side,
        side,
      ),
    ).toBeUndefined();
  });
});

/**
 * A 200 × 200 picture of paper (level 220) with one marker of ink (level 30) centred at (100, 100), `across` pixels
 * wide and `along` pixels tall: a marker seen off its normal is foreshortened along the line of sight.
 */
function oneMarker(across: number, along: number) {
  const side = 200;
  const data = new Uint8Array(side * side);
  for (let py = 0; py < side; py++) {
    for (let px = 0; px < side; px++) {
      let ink = 0;
      for (let s = 0; s < 16; s++) {
        const x = ((px + ((s % 4) + 0.5) / 4 - 100) / across) * SIZE_MM;
        const y = ((py + (Math.floor(s / 4) + 0.5) / 4 - 100) / along) * SIZE_MM;
        ink += marker(x, y, 0, 0);
      }
      data[py * side + px] = Math.round(220 - (190 * ink) / 16);
    }
  }
  return { width: side, height: side, data };
}

describe("markerCandidates", () => {
  it("finds a marker far nearer the camera or far further than the QR code its expected size comes from", () => {
    // A phone a page height above a page tilted 45° sees its near corner 2.5 times nearer than its far corner.
    for (const size of [2.3 * 28, 28 / 2.3]) {
      const found = markerCandidates(oneMarker(size, size), 28);
      expect(found.map((c) => [c.x, c.y])).toEqual([[expect.closeTo(99.5, 0), expect.closeTo(99.5, 0)]]);
    }
  });

  it("finds a marker seen 66° off its normal, foreshortened to 0.4 along the line of sight", () => {
    const found = markerCandidates(oneMarker(40, 16), 28);
    expect(found.map((c) => [c.x, c.y])).toEqual([[expect.closeTo(99.5, 0), expect.closeTo(99.5, 0)]]);
  });
});

describe("markerCandidatesUnderShadow", () => {
  // A hard shadow (half the light, 0.5 mm penumbra) beyond a slanting edge that runs through the white between the
  // top-right marker's ring and centre, and through the bottom-left marker's ring.
  const shadowed = page((x, y) => 1 - 0.5 * Math.min(1, Math.max(0, (x + y - 123.25) / 0.5)));
  const centresOf = (found: { x: number; y: number }[]) =>
    truth.filter((t) => found.some((c) => Math.hypot(c.x - t.x, c.y - t.y) < 1.5));

  it("finds every marker, those a shadow's edge runs through too", () => {
    expect(centresOf(markerCandidatesUnderShadow(shadowed, 10 * PX_PER_MM))).toEqual(truth);
  });

  it("lets findMarkers find all four where the local threshold joins a marker to the shadow", () => {
    expect(centresOf(markerCandidates(shadowed, 10 * PX_PER_MM)).length).toBeLessThan(4);
    const found = findMarkers(shadowed, shadowed, 1, qr, layout);
    // Found, not put where the others say it is: the page is read by all four.
    expect(found.hidden).toBeUndefined();
    expect(farthestOff(found.points)).toBeLessThan(0.25);
  });

  it("finds the markers of an evenly lit page as the local threshold does", () => {
    const lit = page(() => 1);
    expect(centresOf(markerCandidatesUnderShadow(lit, 10 * PX_PER_MM))).toEqual(truth);
    expect(centresOf(markerCandidates(lit, 10 * PX_PER_MM))).toEqual(truth);
  });
});

describe("findMarkers under a glare", () => {
  // The page on a dark table beyond 110 mm to the right and below, and a flash's reflection over the bottom-right
  // marker adding up to 60 % of white over print and paper alike: that marker's black reads 0.6 of its paper.
  const veil = (x: number, y: number) => 0.6 * Math.exp(-(Math.hypot(x - 100, y - 100) ** 2) / (2 * 15 ** 2));
  const lit = page(() => 1);
  const side = lit.width;
  const glared = {
    ...lit,
    data: lit.data.map((v, i) => {
      const [x, y] = [((i % side) + 0.5) / PX_PER_MM, (Math.floor(i / side) + 0.5) / PX_PER_MM];
      if (x > 110 || y > 110) return 30;
      const g = veil(x, y);
      return Math.round(v * (1 - g) + 255 * g);
    }),
  };
  it("finds a marker the glare greyed beside the dark table, where the local threshold does not", () => {
    const near = (found: { x: number; y: number }[], t: ScanPoint) =>
      found.some((c) => Math.hypot(c.x - t.x, c.y - t.y) < 1.5);
    expect(near(markerCandidates(glared, 10 * PX_PER_MM), truth[2]!)).toBe(false);
    const found = findMarkers(glared, glared, 1, qr, layout);
    expect(found.hidden).toBeUndefined();
    expect(farthestOff(found.points)).toBeLessThan(0.25);
  });
});

describe("findMarkers with a marker covered", () => {
  it.each([0, 1, 2, 3])("finds the three others and says marker %i was hidden", (hidden) => {
    const covered = page(() => 1, [hidden]);
    const found = findMarkers(covered, covered, 1, qr, layout);
    expect(found.hidden).toBe(hidden);
    const seen = [0, 1, 2, 3].filter((i) => i !== hidden);
    expect(
      Math.max(...seen.map((i) => Math.hypot(found.points[i]!.x - truth[i]!.x, found.points[i]!.y - truth[i]!.y))),
    ).toBeLessThan(0.25);
    // The hidden one is where the others and the QR code put it: on this flat page, where it was printed.
    const off = Math.hypot(found.points[hidden]!.x - truth[hidden]!.x, found.points[hidden]!.y - truth[hidden]!.y);
    expect(off).toBeLessThan(0.5 * PX_PER_MM);
  });

  it("says nothing was hidden when all four show", () => {
    const lit = page(() => 1);
    expect(findMarkers(lit, lit, 1, qr, layout).hidden).toBeUndefined();
  });

  it("refuses a page with two markers covered (PAGE_DAMAGED)", () => {
    const twice = page(() => 1, [0, 2]);
    expect(() => findMarkers(twice, twice, 1, qr, layout)).toThrow(expect.objectContaining({ code: "PAGE_DAMAGED" }));
  });
});
