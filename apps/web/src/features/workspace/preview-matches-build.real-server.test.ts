// @vitest-environment node
import { BuildFontResponse, FontLetters, FontList, type GlyphDocument, JobStatus } from "@handfont/contract";
import { DEFAULT_PEN, emptyGlyphDocument } from "@handfont/engine/fonts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RealServer, signedInClient, startRealServer } from "../../api/test-support/real-server.ts";
import { compilePreview, previewLetterOf } from "./preview-project.ts";

/**
 * What is previewed is what is downloaded: the real server builds a font, and the preview worker's code path
 * (compilePreview, run here in Node) compiles the same letters from what the letters API gives the page.
 */

let server: RealServer;
beforeAll(async () => {
  server = await startRealServer();
}, 120_000);
afterAll(() => server?.stop());

const contour = (points: [number, number][]) => ({
  points: points.map(([x, y]) => ({ x, y, on: true as const, type: "corner" as const })),
});

/** A scanned-like letter: a ring with a hole, a curve, its own metrics and adjustments. */
const ring: GlyphDocument = {
  ...emptyGlyphDocument({ kind: "scan", templateId: null, page: 1, image: null }),
  contours: [
    {
      points: [
        { x: 50, y: 0, on: true, type: "corner" },
        { x: 350, y: 0, on: true, type: "smooth" },
        { x: 430, y: 0, on: false },
        { x: 430, y: 480, on: false },
        { x: 350, y: 480, on: true, type: "smooth" },
        { x: 50, y: 480, on: true, type: "corner" },
      ],
    },
    contour([
      [120, 80],
      [120, 400],
      [320, 400],
      [320, 80],
    ]),
  ],
  metrics: { advance: 520, leftSideBearing: null, rightSideBearing: null },
  adjustments: { scale: 1.1, baselineShift: -12.5 },
};

/** A drawn letter: two pen strokes crossing. */
const cross: GlyphDocument = {
  ...emptyGlyphDocument(),
  strokes: [
    [0, 0, 400, 480],
    [400, 0, 0, 480],
  ].map(([x0, y0, x1, y1], s) => ({
    id: `s${s}`,
    pen: { ...DEFAULT_PEN },
    points: Array.from({ length: 40 }, (_, i) => ({
      x: x0! + ((x1! - x0!) * i) / 39,
      y: y0! + ((y1! - y0!) * i) / 39,
      pressure: 0.3 + (0.4 * i) / 39,
      t: i * 12,
    })),
  })),
  metrics: { advance: null, leftSideBearing: 30, rightSideBearing: 10 },
};

describe("live preview and build", () => {
  it("compile the same letters with the same font settings into identical OTF bytes", async () => {
    const { client } = await signedInClient(server.origin);
    const font = (await client.post("/createFont", { name: "Preview hand" })) as { id: string };
    await client.post(`/fonts/${font.id}/letters/changes`, {
      changes: [
        { chars: "o", variant: 1, baseRevision: null, document: ring },
        { chars: "x", variant: 1, baseRevision: null, document: cross },
        {
          chars: "x",
          variant: 2,
          baseRevision: null,
          document: { ...cross, adjustments: { scale: 0.9, baselineShift: 5 } },
        },
      ],
    });
    // Font-wide settings as the settings panel saves them: both sides must apply them alike.
    await client.post("/saveAllDataSvg", {
      fontId: font.id,
      settings: { letterSpacing: 20, spaceWidth: 260, lineHeight: 1.4, strokeWeight: 8, kerning: "off" },
      glyphs: [],
      deleted: [],
    });
    // The build runs as a job: follow it until it ends, as the font card does.
    const { job } = BuildFontResponse.parse(await client.post("/buildFont", { fontId: font.id }));
    for (let state = job.state; state === "queued" || state === "running"; ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      state = JobStatus.parse(await client.get(`/jobs/${job.id}`)).state;
    }
    const built = new Uint8Array(
      await (
        await client.get<Blob>(`/getCreatedFont/${font.id}`, { query: { format: "otf" }, responseType: "blob" })
      ).arrayBuffer(),
    );

    const summary = FontList.parse(await client.get("/getAllAddedFonts")).fonts.find((entry) => entry.id === font.id)!;
    const { letters } = FontLetters.parse(await client.get(`/fonts/${font.id}/letters`));
    const previewed = compilePreview({
      family: summary.name,
      style: summary.styleName,
      timestamp: Math.floor(Date.parse(summary.updatedAt) / 1000),
      letters: letters.map((letter) => previewLetterOf(letter)),
      settings: summary.settings,
    });
    expect(built.length).toBeGreaterThan(1000);
    expect(summary.settings).toMatchObject({ strokeWeight: 8, kerning: "off" });
    expect(Buffer.from(previewed).equals(Buffer.from(built))).toBe(true);

    // The whole documents (as an editor holds them) give the same bytes as the stored outlines.
    const whole = compilePreview({
      family: summary.name,
      style: summary.styleName,
      timestamp: Math.floor(Date.parse(summary.updatedAt) / 1000),
      letters: letters.map((letter) => ({ chars: letter.chars, variant: letter.variant, document: letter.document })),
      settings: summary.settings,
    });
    expect(Buffer.from(whole).equals(Buffer.from(built))).toBe(true);
  }, 120_000);
});
