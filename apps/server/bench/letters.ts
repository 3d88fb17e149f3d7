import { migrateGlyphDocument } from "@handfont/engine/fonts";

/** A letter as the scan reader leaves one: an "a" of about 300 points with a counter, as a document. */
export function scannedLetter() {
  const ring = (cx: number, cy: number, rx: number, ry: number, n: number, reverse: boolean) =>
    Array.from({ length: n }, (_, i) => {
      const angle = ((reverse ? -1 : 1) * 2 * Math.PI * i) / n;
      const wobble = 1 + 0.03 * Math.sin(i * 1.7);
      return `${(cx + rx * wobble * Math.cos(angle)).toFixed(0)} ${(cy + ry * wobble * Math.sin(angle)).toFixed(0)}`;
    });
  const outer = ring(250, 240, 220, 250, 200, false);
  const inner = ring(250, 240, 120, 150, 100, true);
  const path = `M${outer.join("L")}ZM${inner.join("L")}Z`;
  return migrateGlyphDocument({
    path,
    advance: null,
    lsb: null,
    rsb: null,
    scale: 1,
    baselineShift: 0,
    source: "scan",
    templatePage: 1,
  });
}
