// Regenerates the shared golden fixtures in packages/engine/fixtures/ (a template layout, a filled page
// scanned at 150 dpi, and the truth of what was written): `node src/test-support/make-fixtures.ts`.
// Engine, server and end-to-end tests read them; change them only on purpose.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { captureFlatbed } from "../synth/index.ts";
import { layoutTemplate } from "../template/layout-template.ts";
import { renderTemplatePdf } from "../template/render-template-pdf.ts";
import { captureToJpeg, writePage } from "./synthetic-scan.ts";

const dir = join(import.meta.dirname, "../../fixtures");
const layout = layoutTemplate({
  sets: ["digits"],
  chars: "AaGgЖжЁё",
  ligatures: ["ff"],
  id: "FIXTURE0001",
  cellSize: "l",
});
const page = writePage(layout, 150, 21, 0.1);
const round = (value: number) => Math.round(value * 10) / 10;
const truth = page.truth.map((t) => ({
  ...t,
  contours: t.contours.map((c) => c.map(round)),
  dilation: round(t.dilation),
}));

writeFileSync(join(dir, "template-layout.json"), `${JSON.stringify(layout, null, 2)}\n`);
writeFileSync(
  join(dir, "template.pdf"),
  await renderTemplatePdf(layout, { name: "Handfont fixture", instruction: "Golden fixture." }),
);
writeFileSync(
  join(dir, "scan-150dpi.jpg"),
  await captureToJpeg({ ...captureFlatbed(page, { seed: 21 }), jpegQuality: 85 }),
);
writeFileSync(join(dir, "scan-150dpi.truth.json"), `${JSON.stringify(truth)}\n`);
