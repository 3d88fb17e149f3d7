// The subset of clipper-lib 6.4 (Angus Johnson's Clipper, Boost licence) that overlap removal uses.
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
  }
  const ClipperLib: {
    Clipper: typeof Clipper;
    PolyType: { ptSubject: number; ptClip: number };
    ClipType: { ctUnion: number };
    PolyFillType: { pftNonZero: number };
  };
  export default ClipperLib;
}
