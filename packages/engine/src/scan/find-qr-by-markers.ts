import { pageFrame } from "../template/layout-template.ts";
import { MARKER_SIZE_MM, PAPER_SIZES_MM } from "../template/page-geometry.ts";
import { pagePoint, scanPoint } from "../units.ts";
import { cutRegion } from "./cut-cells.ts";
import { type Candidate, convexQuadrilaterals, markerCandidates, pageTurns } from "./find-markers.ts";
import { type FoundQrCode, readHandfontQr } from "./find-qr-code.ts";
import { pageToScan } from "./homography.ts";
import type { GreyImage } from "./images.ts";

/**
 * A page is taken to fill at least this share of the picture's shorter side: its markers are looked for at the size
 * they have then (markerCandidates allows 2.5 times either way and more for foreshortening).
 */
const PAGE_SHARE = 0.5;
/** The largest marker-like patterns are taken as corner markers, this many of them at most… */
const MOST_CANDIDATES = 12;
/** …and of the convex quadrilaterals they make, the largest this many are tried as the page's corners. */
const QUADRILATERALS_TRIED = 4;
/** The code is read from the page cut out this finely (px/mm): 6 px a module of a 22 mm code of 29 modules. */
const CODE_PX_PER_MM = 8;
/** Paper around the code kept in the cut (mm): the quiet zone a reader needs to find it. */
const QUIET_MM = 4;

/**
 * Finds the page's QR code from its corner markers, for a picture where the code itself is not found (findQrCode):
 * seen steeply enough, the code is squeezed past what zxing reads even stretched back, while the markers, larger and
 * simpler, are still found. The four largest marker-like patterns that make the largest convex quadrilateral are
 * taken for the page's corners, in each of the four ways the page may lie, on each paper size; where the code is on
 * such a page (the same place on every template of that paper, see pageFrame) the picture is cut out square and
 * upright, and read. Only a code that reads as a Handfont code counts, so a wrong guess costs a read and no more.
 */
export async function findQrCodeByMarkers(
  detection: GreyImage,
  factor: number,
  full: GreyImage,
): Promise<FoundQrCode | undefined> {
  const shorterMm = Math.min(...Object.values(PAPER_SIZES_MM).map((p) => p.widthMm));
  const expected = (PAGE_SHARE * Math.min(detection.width, detection.height) * MARKER_SIZE_MM) / shorterMm;
  const candidates = markerCandidates(detection, expected)
    .sort((a, b) => b.size - a.size)
    .slice(0, MOST_CANDIDATES)
    // Detection pixel centres to the full image's pixel coordinates.
    .map((c) => ({ x: (c.x + 0.5) * factor - 0.5, y: (c.y + 0.5) * factor - 0.5, size: c.size * factor }));
  for (const corners of largestQuadrilaterals(candidates)) {
    for (const paper of Object.values(PAPER_SIZES_MM)) {
      const { markers, qr } = pageFrame(paper.widthMm, paper.heightMm);
      const centres = markers.centers.map((c) => pagePoint(c.x, c.y));
      // The code and its quiet zone; a pixel's corner (u, v) of the cut is a page point.
      const around = {
        x: qr.x - QUIET_MM,
        y: qr.y - QUIET_MM,
        width: qr.width + 2 * QUIET_MM,
        height: qr.height + 2 * QUIET_MM,
      };
      for (const { h } of pageTurns(corners, centres)) {
        const cut = cutRegion(full, h, around, CODE_PX_PER_MM);
        const code = { width: cut.width, height: cut.height, data: Uint8Array.from(cut.data, (v) => v + 0.5) };
        const found = await readHandfontQr(code, (u, v) => {
          const p = pageToScan(h, pagePoint(around.x + u / CODE_PX_PER_MM, around.y + v / CODE_PX_PER_MM));
          return scanPoint(p.x, p.y);
        });
        if (found) return found;
      }
    }
  }
  return undefined;
}

/** The convex quadrilaterals of four candidates, clockwise on screen, the largest first (QUADRILATERALS_TRIED). */
function largestQuadrilaterals(candidates: Candidate[]): Candidate[][] {
  const found = [...convexQuadrilaterals(candidates)].map((corners) => ({ corners, area: area(corners) }));
  return found
    .sort((p, q) => q.area - p.area)
    .slice(0, QUADRILATERALS_TRIED)
    .map((f) => f.corners);
}

/** The area of a simple polygon (shoelace). */
function area(points: Candidate[]): number {
  let twice = 0;
  for (let i = 0; i < points.length; i++) {
    const p = points[i]!;
    const q = points[(i + 1) % points.length]!;
    twice += p.x * q.y - q.x * p.y;
  }
  return Math.abs(twice) / 2;
}
