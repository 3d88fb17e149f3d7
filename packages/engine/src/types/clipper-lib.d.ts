// The subset of clipper-lib 6.4 (Angus Johnson's Clipper, Boost licence) that overlap removal, the union of pen
// strokes and the offset of outlines (stroke weight) use.
declare module "clipper-lib" {
  interface IntPoint {
    X: number;
    Y: number;
  }
  type Path = IntPoint[];
  type Paths = Path[];
  class Clipper {
    constructor(initOptions?: number);
    StrictlySimple: boolean;
    AddPaths(paths: Paths, polyType: number, closed: boolean): boolean;
    Execute(clipType: number, solution: Paths, subjFillType: number, clipFillType: number): boolean;
    static CleanPolygons(polys: Paths, distance: number): Paths;
    static Orientation(poly: Path): boolean;
    static Area(poly: Path): number;
    static SimplifyPolygon(poly: Path, fillType: number): Paths;
    static SimplifyPolygons(polys: Paths, fillType: number): Paths;
  }
  class ClipperOffset {
    constructor(miterLimit?: number, arcTolerance?: number);
    AddPaths(paths: Paths, joinType: number, endType: number): void;
    Execute(solution: Paths, delta: number): void;
  }
  const ClipperLib: {
    Clipper: typeof Clipper;
    ClipperOffset: typeof ClipperOffset;
    PolyType: { ptSubject: number; ptClip: number };
    ClipType: { ctUnion: number };
    PolyFillType: { pftNonZero: number; pftPositive: number };
    JoinType: { jtRound: number; jtMiter: number; jtSquare: number };
    EndType: { etClosedPolygon: number };
  };
  export default ClipperLib;
}
