// cubic2quad 1.2 (MIT): approximates a cubic by quadratics within `precision`; returns [x0, y0, cx, cy, x, y, cx, cy, x, y…].
declare module "cubic2quad" {
  export default function cubicToQuad(
    p1x: number,
    p1y: number,
    c1x: number,
    c1y: number,
    c2x: number,
    c2y: number,
    p2x: number,
    p2y: number,
    precision: number,
  ): number[];
}
