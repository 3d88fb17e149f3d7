import { readFileSync } from "node:fs";
import type { CDPSession, Page } from "@playwright/test";
import { expect, snapshot, test } from "../support/fixtures.ts";
import { signUpAndIn } from "../support/sign-up.ts";

const PASSWORD = "quill-meadow-e2e-4";

/**
 * A stylus stroke through screen points, sent as the browser's own input (CDP mouse events with pointerType "pen"
 * and a force), so the page receives real Pointer Events with pressure, as from a tablet.
 */
async function penStroke(cdp: CDPSession, points: [number, number][], force = 0.6): Promise<void> {
  const [first, ...rest] = points;
  const base = { button: "left" as const, pointerType: "pen" as const, force };
  await cdp.send("Input.dispatchMouseEvent", {
    type: "mousePressed",
    x: first![0],
    y: first![1],
    clickCount: 1,
    buttons: 1,
    ...base,
  });
  for (const [x, y] of rest) {
    await cdp.send("Input.dispatchMouseEvent", { type: "mouseMoved", x, y, buttons: 1, ...base });
  }
  const last = points.at(-1)!;
  await cdp.send("Input.dispatchMouseEvent", {
    type: "mouseReleased",
    x: last[0],
    y: last[1],
    clickCount: 1,
    buttons: 0,
    ...base,
  });
}

/** Points along a line inside the canvas, given as fractions of its box. */
async function line(page: Page, from: [number, number], to: [number, number], steps = 24): Promise<[number, number][]> {
  await page.getByTestId("draw-canvas").scrollIntoViewIfNeeded();
  const box = (await page.getByTestId("draw-canvas").boundingBox())!;
  return Array.from({ length: steps + 1 }, (_, k) => {
    const f = k / steps;
    return [
      box.x + box.width * (from[0] + (to[0] - from[0]) * f),
      box.y + box.height * (from[1] + (to[1] - from[1]) * f),
    ] as [number, number];
  });
}

test("drawing a letter with a pen: saved as drawn, kept after a reload with its undo history, set in the live text line", async ({
  page,
  pageProblems,
}) => {
  test.setTimeout(120_000);
  await signUpAndIn(page, PASSWORD);
  await page.getByTestId("cookie-banner").getByRole("button", { name: "Reject" }).click();

  // An empty font leads to the editor, which says how to add letters.
  await page.goto("/en/app");
  await page.getByRole("button", { name: "Start an empty font" }).click();
  const card = page.getByTestId("font-card").first();
  await card.getByRole("link", { name: "Draw letters" }).click();
  await expect(page).toHaveURL(/\/en\/editor\?font=/);
  await expect(page.getByTestId("empty-font")).toBeVisible();
  await expect(page.getByTestId("current-letter")).toHaveText("Letter A");
  const canvas = page.getByTestId("draw-canvas");
  await expect(canvas).toHaveAttribute("data-strokes", "0");

  const cdp = await page.context().newCDPSession(page);
  // The left stem of an A, with a stylus.
  await penStroke(cdp, await line(page, [0.35, 0.75], [0.5, 0.2]));
  await expect(canvas).toHaveAttribute("data-strokes", "1");
  // A stylus was seen: pen mode is on, and the switch says so.
  await expect(page.getByRole("switch", { name: /Pen mode/ })).toBeChecked();
  await expect(page.getByTestId("letter-ink").locator("path").first()).toHaveAttribute("d", /^M/);
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-status", "saved");

  const liveText = page.getByTestId("live-text");
  await expect(liveText).toHaveAttribute("data-font-loaded", "true");
  await expect(liveText).toHaveText("A");
  const firstFace = await liveText.getAttribute("data-font-face");

  // The right stem: the line of text is set in a newly compiled font. How long that took from the pen's lift is
  // recorded as a figure (not asserted: timings belong in benchmarks).
  await page.evaluate(() => {
    const text = document.querySelector('[data-testid="live-text"]')!;
    const surface = document.querySelector('[data-testid="draw-canvas"]')!;
    (window as unknown as { liveTextDelay: Promise<number> }).liveTextDelay = new Promise((resolve) => {
      let lifted = 0;
      surface.addEventListener("pointerup", () => (lifted = performance.now()), { once: true });
      const observer = new MutationObserver(() => {
        if (lifted === 0) return;
        observer.disconnect();
        resolve(performance.now() - lifted);
      });
      observer.observe(text, { attributes: true, attributeFilter: ["data-font-face"] });
    });
  });
  await penStroke(cdp, await line(page, [0.5, 0.2], [0.65, 0.75]));
  await expect(canvas).toHaveAttribute("data-strokes", "2");
  await expect(liveText).not.toHaveAttribute("data-font-face", firstFace ?? "");
  await expect(liveText).toHaveAttribute("data-font-loaded", "true");
  const delay = await page.evaluate(() => (window as unknown as { liveTextDelay: Promise<number> }).liveTextDelay);
  test.info().annotations.push({ type: "stroke end → live text (ms)", description: delay.toFixed(0) });
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-status", "saved");

  // A dropped connection loses nothing: the crossbar waits on the device and is saved when the connection returns.
  await page.context().setOffline(true);
  await penStroke(cdp, await line(page, [0.42, 0.55], [0.58, 0.55]));
  await expect(canvas).toHaveAttribute("data-strokes", "3");
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-status", "offline", { timeout: 20_000 });
  await page.context().setOffline(false);
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-status", "saved", { timeout: 20_000 });
  await snapshot(page, "editor-drawn");

  // After a reload the letter is there, drawn in the grid, and its undo history still works.
  await page.reload();
  await expect(page.getByTestId("current-letter")).toHaveText("Letter A");
  await expect(canvas).toHaveAttribute("data-strokes", "3");
  await expect(page.getByRole("button", { name: "A, variant 1: drawn" })).toBeVisible();
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(canvas).toHaveAttribute("data-strokes", "2");
  await page.getByRole("button", { name: "Redo" }).click();
  await expect(canvas).toHaveAttribute("data-strokes", "3");

  // Keyboard: the next letter with "]", and Ctrl+Z still typed as Z undoes there.
  await page.keyboard.press("BracketRight");
  await expect(page.getByTestId("current-letter")).toHaveText("Letter B");
  await penStroke(cdp, await line(page, [0.4, 0.75], [0.4, 0.2]));
  await expect(canvas).toHaveAttribute("data-strokes", "1");
  await page.keyboard.press("Control+z");
  await expect(canvas).toHaveAttribute("data-strokes", "0");

  // The server has the drawn letter: the Letters page lists it.
  await page.goto(`/en/app/showsvg${new URL(page.url()).search.replace(/&letter=[^&]*/, "")}`);
  await expect(page.getByTestId("glyph-tile")).toHaveCount(1);
  await expect(page.getByTestId("glyph-tile")).toContainText("A");
  // Built and downloaded, the font has the drawn A: it renders unlike the same letter in the fallback font.
  await page.goto("/en/app");
  const built = page.getByTestId("font-card").first();
  await built.getByRole("button", { name: "Build" }).click();
  await expect(built).toContainText("Built ", { timeout: 60_000 });
  const otfDownload = page.waitForEvent("download");
  await built.getByRole("button", { name: "Download" }).click();
  await page.getByRole("menuitem", { name: "OTF" }).click();
  expect(
    readFileSync((await (await otfDownload).path())!)
      .subarray(0, 4)
      .toString("latin1"),
  ).toBe("OTTO");
  const preview = built.getByTestId("font-preview");
  await expect(preview).toHaveAttribute("data-font-loaded", "true", { timeout: 30_000 });
  const family = await preview.evaluate((element) => element.style.fontFamily.split(",")[0]!.replace(/"/g, ""));
  const pixels = await page.evaluate((name) => {
    const draw = (font: string) => {
      const canvas = document.createElement("canvas");
      canvas.width = 120;
      canvas.height = 120;
      const context = canvas.getContext("2d")!;
      context.font = `96px ${font}`;
      context.fillText("A", 10, 100);
      return canvas.toDataURL();
    };
    // Had the font no A of its own, the first stack would fall back to monospace too and draw the same pixels.
    return { own: draw(`"${name}", monospace`), fallback: draw("monospace") };
  }, family);
  expect(pixels.own).not.toBe(pixels.fallback);

  // The only problems are the requests refused while the connection was down.
  expect(pageProblems.filter((problem) => !problem.includes("ERR_INTERNET_DISCONNECTED"))).toEqual([]);
});

/** Fingers on the screen as the browser's own touch input (CDP), each point [x, y] per finger, step by step. */
async function touches(cdp: CDPSession, steps: [number, number][][]): Promise<void> {
  const points = (step: [number, number][]) => step.map(([x, y], id) => ({ x, y, id }));
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: points(steps[0]!) });
  for (const step of steps.slice(1)) {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: points(step) });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("a finger draws, two fingers zoom without drawing, and the controls are big enough to touch", async ({
    page,
    pageProblems,
  }) => {
    test.setTimeout(120_000);
    await signUpAndIn(page, PASSWORD);
    await page.getByTestId("cookie-banner").getByRole("button", { name: "Reject" }).click();
    await page.goto("/en/app");
    await page.getByRole("button", { name: "Start an empty font" }).click();
    await page.getByTestId("font-card").first().getByRole("link", { name: "Draw letters" }).click();
    await expect(page.getByTestId("current-letter")).toHaveText("Letter A");

    // Nothing reaches past the screen's edge.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const name of ["Pen", "Stroke eraser", "Partial eraser", "Undo", "Zoom in"]) {
      const box = await page.getByRole("button", { name, exact: true }).boundingBox();
      expect(box!.height, name).toBeGreaterThanOrEqual(44);
      expect(box!.width, name).toBeGreaterThanOrEqual(44);
    }

    for (const label of [
      page.locator("label").filter({ hasText: "Pen mode" }),
      page.locator("label").filter({ hasText: /^Missing$/ }),
    ]) {
      expect((await label.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }

    const canvas = page.getByTestId("draw-canvas");
    const cdp = await page.context().newCDPSession(page);
    await touches(
      cdp,
      (await line(page, [0.3, 0.8], [0.5, 0.2])).map((point) => [point]),
    );
    await expect(canvas).toHaveAttribute("data-strokes", "1");
    // No stylus was seen: pen mode stays off.
    await expect(page.getByRole("switch", { name: /Pen mode/ })).not.toBeChecked();

    const transform = () => page.getByTestId("letter-ink").locator("..").getAttribute("transform");
    const before = await transform();
    const box = (await canvas.boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    await touches(
      cdp,
      Array.from({ length: 8 }, (_, k) => [
        [cx - 40 - 10 * k, cy],
        [cx + 40 + 10 * k, cy],
      ]),
    );
    await expect(canvas).toHaveAttribute("data-strokes", "1");
    expect(await transform()).not.toBe(before);
    await expect(page.getByTestId("save-status")).toHaveAttribute("data-status", "saved");
    await snapshot(page, "editor-phone");
    expect(pageProblems).toEqual([]);
  });
});
