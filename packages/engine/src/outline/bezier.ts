/**
 * Cubic Bézier evaluation, the one place the engine writes the Bernstein polynomials: outlines, flattening, crossing
 * tests, TrueType conversion, scan placement and the synthetic handwriting all evaluate curves through these.
 * Each function takes one coordinate's four control values, so x and y are evaluated alike.
 */

/** The value at parameter t of a cubic with control values p0…p3. */
export function cubicAt(p0: number, p1: number, p2: number, p3: number, t: number): number {
  const u = 1 - t;
  return u * u * u * p0 + 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t * p3;
}

/** The derivative at parameter t of a cubic with control values p0…p3. */
export function cubicSlope(p0: number, p1: number, p2: number, p3: number, t: number): number {
  const u = 1 - t;
  return 3 * (u * u * (p1 - p0) + 2 * u * t * (p2 - p1) + t * t * (p3 - p2));
}

/** Parameters strictly inside (0, 1) where a cubic coordinate has a local extremum (its derivative's roots). */
export function cubicExtremaT(p0: number, p1: number, p2: number, p3: number, epsilon = 1e-12): number[] {
  const a = -p0 + 3 * p1 - 3 * p2 + p3;
  const b = 2 * (p0 - 2 * p1 + p2);
  const c = p1 - p0;
  const roots: number[] = [];
  if (Math.abs(a) < epsilon) {
    if (Math.abs(b) > epsilon) roots.push(-c / b);
  } else {
    const disc = b * b - 4 * a * c;
    if (disc >= 0) {
      const sq = Math.sqrt(disc);
      roots.push((-b + sq) / (2 * a), (-b - sq) / (2 * a));
    }
  }
  return roots.filter((t) => t > 0 && t < 1);
}

/**
 * The part of a cubic between parameters t0 and t1, as four control values of one coordinate: the end values and
 * the inner controls from the tangents (exact, since a sub-curve of a cubic is a cubic).
 */
export function subCubic(
  p0: number,
  p1: number,
  p2: number,
  p3: number,
  t0: number,
  t1: number,
): [number, number, number, number] {
  const h = (t1 - t0) / 3;
  const a = cubicAt(p0, p1, p2, p3, t0);
  const d = cubicAt(p0, p1, p2, p3, t1);
  return [a, a + h * cubicSlope(p0, p1, p2, p3, t0), d - h * cubicSlope(p0, p1, p2, p3, t1), d];
}

/** The control values of a quadratic (p0, q, p3) raised to a cubic with the same curve. */
export function quadraticToCubic(p0: number, q: number, p3: number): [number, number] {
  return [p0 + (2 / 3) * (q - p0), p3 + (2 / 3) * (q - p3)];
}

/** How many pieces keep a flattened cubic within `tolerance` of the curve: error ≤ 3/4 · max|Δ²P| / n². */
export function flatteningSteps(
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  x3: number,
  y3: number,
  tolerance: number,
): number {
  const ddx = Math.max(Math.abs(x0 - 2 * x1 + x2), Math.abs(x1 - 2 * x2 + x3));
  const ddy = Math.max(Math.abs(y0 - 2 * y1 + y2), Math.abs(y1 - 2 * y2 + y3));
  return Math.max(1, Math.ceil(Math.sqrt((0.75 * Math.hypot(ddx, ddy)) / tolerance)));
}
