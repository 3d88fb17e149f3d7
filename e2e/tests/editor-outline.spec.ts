import type { Layout } from "@handfont/engine";
import { capturePhone, renderFilledPage } from "@handfont/engine/synth";
import { loadHandwritingFont } from "@handfont/engine/synth/node";
import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { expect, snapshot, test } from "../support/fixtures.ts";
import { signUpAndIn } from "../support/sign-up.ts";

const PASSWORD = "outline-harbour-e2e-7";

/** A point of the outline on the canvas: its place in font units (from the page) and its centre on screen. */
async function pointAt(page: Page, key: string) {
  const point = page.locator(`[data-testid="outline-canvas"] [data-point="${key}"]`);
  const box = (await point.boundingBox())!;
  return {
    x: Number(await point.getAttribute("data-x")),
    y: Number(await point.getAttribute("data-y")),
    screen: { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  };
}

const saved = (page: Page) => expect(page.getByTestId("save-status")).toHaveAttribute("data-status", "saved");

async function clickOnCanvas(page: Page, canvas: Locator, x: number, y: number) {
  const box = (await canvas.boundingBox())!;
  await page.mouse.click(box.x + x, box.y + y);
}

test("edit an outline: draw a contour, move points by keys and by drag, undo, autosave, reload and find it kept", async ({
  page,
  pageProblems,
}) => {
  test.setTimeout(120_000);
  await signUpAndIn(page, PASSWORD);

  // An empty font, made on the fonts page.
  await page.goto("/en/app");
  await page.getByRole("textbox", { name: "Font name" }).fill("Outline E2E");
  const created = page.waitForResponse((response) => response.url().endsWith("/api/createFont"));
  await page.getByRole("button", { name: "Start an empty font" }).click();
  const font = (await (await created).json()) as { id: string };

  // Its letter "A" does not exist yet: the editor opens it empty and the pen tool draws its first contour.
  await page.goto(`/en/editorSvg?font=${font.id}&char=A`);
  await page.getByTestId("cookie-banner").getByRole("button", { name: "Reject" }).click();
  const canvas = page.getByTestId("outline-canvas");
  await expect(canvas).toBeVisible();
  await page.getByRole("button", { name: "Pen: draw a new contour" }).click();
  await expect(canvas).toHaveAttribute("data-tool", "contourPen");
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  const cx = box.width / 2;
  const cy = box.height / 2;
  for (const [x, y] of [
    [cx - 80, cy + 80],
    [cx + 80, cy + 80],
    [cx + 80, cy - 80],
    [cx - 80, cy - 80],
    [cx - 80, cy + 80],
  ] as const) {
    await clickOnCanvas(page, canvas, x, y);
  }
  await expect(canvas.locator("[data-point]")).toHaveCount(4);
  await saved(page);

  // Select one point and nudge it: → by 1 unit, Shift+↑ by 10.
  await page.keyboard.press("v");
  await expect(canvas).toHaveAttribute("data-tool", "select");
  await page.keyboard.press("Escape");
  const first = await pointAt(page, "0:0");
  await page.mouse.click(first.screen.x, first.screen.y);
  await expect(canvas.locator('[data-point="0:0"]')).toHaveAttribute("data-selected", "true");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Shift+ArrowUp");
  await expect(canvas.locator('[data-point="0:0"]')).toHaveAttribute("data-x", String(first.x + 1));
  await expect(canvas.locator('[data-point="0:0"]')).toHaveAttribute("data-y", String(first.y + 10));

  // Drag another point to the right, then undo the drag.
  const second = await pointAt(page, "0:1");
  await page.mouse.move(second.screen.x, second.screen.y);
  await page.mouse.down();
  await page.mouse.move(second.screen.x + 20, second.screen.y, { steps: 4 });
  await page.mouse.move(second.screen.x + 40, second.screen.y, { steps: 4 });
  await page.mouse.up();
  const dragged = await pointAt(page, "0:1");
  expect(dragged.x).toBeGreaterThan(second.x + 10);
  expect(dragged.y).toBe(second.y);
  await snapshot(page, "outline-dragged");
  await page.keyboard.press("Control+z");
  await expect(canvas.locator('[data-point="0:1"]')).toHaveAttribute("data-x", String(second.x));

  // The undo history survives a reload: the nudge can be undone and redone after it.
  await saved(page);
  await page.reload();
  const nudged = page.locator('[data-testid="outline-canvas"] [data-point="0:0"]');
  await expect(nudged).toHaveAttribute("data-x", String(first.x + 1));
  await page.keyboard.press("Control+z");
  await expect(nudged).toHaveAttribute("data-x", String(first.x));
  await expect(nudged).toHaveAttribute("data-y", String(first.y));
  await page.keyboard.press("Control+Shift+z");
  await expect(nudged).toHaveAttribute("data-y", String(first.y + 10));

  // Saved through the letters changes API; after a reload the nudge is kept and the undone drag is not.
  await saved(page);
  // The device's own copy (IndexedDB, the editors' autosave) goes, so what comes back can only be the server's.
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.open("handfont-editor");
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const transaction = request.result.transaction("letters", "readwrite");
          transaction.objectStore("letters").clear();
          transaction.oncomplete = () => resolve();
          transaction.onerror = () => reject(transaction.error);
        };
      }),
  );
  await page.reload();
  await expect(page.getByTestId("outline-canvas")).toBeVisible();
  const point = page.locator('[data-testid="outline-canvas"] [data-point="0:0"]');
  await expect(point).toHaveAttribute("data-x", String(first.x + 1));
  await expect(point).toHaveAttribute("data-y", String(first.y + 10));
  await expect(page.locator('[data-testid="outline-canvas"] [data-point="0:1"]')).toHaveAttribute(
    "data-x",
    String(second.x),
  );
  // The line of text is set in the font with the letter drawn here.
  await expect(page.getByTestId("live-preview")).toHaveAttribute("data-font-loaded", "true", { timeout: 30_000 });
  await snapshot(page, "outline-reloaded");
  expect(pageProblems).toEqual([]);
});

/** The template page filled with the engine's synthetic handwriting and photographed, as a JPEG. */
async function photographFilledPage(layout: Layout): Promise<Buffer> {
  const filled = renderFilledPage(layout, { page: 1, dpi: 150, hand: loadHandwritingFont("caveat"), seed: 11 });
  const photo = capturePhone(filled, layout.paper, { seed: 11, frameWidth: 2400, frameHeight: 1800 });
  return sharp(Buffer.from(photo.data.buffer, photo.data.byteOffset, photo.data.length), {
    raw: { width: photo.width, height: photo.height, channels: 4 },
  })
    .removeAlpha()
    .jpeg({ quality: photo.jpegQuality })
    .toBuffer();
}

test("a scanned letter opens from the Letters page with its scan as a tracing layer under the outline", async ({
  page,
  pageProblems,
}) => {
  test.setTimeout(180_000);
  await signUpAndIn(page, PASSWORD);
  await page.goto("/en/app/templates");
  await page.getByTestId("cookie-banner").getByRole("button", { name: "Reject" }).click();
  await page.getByRole("textbox", { name: "Template name" }).fill("Trace me");
  await page.getByRole("checkbox", { name: "Punctuation and symbols" }).uncheck();
  await expect(page.getByTestId("template-preview")).toBeVisible();
  const created = page.waitForResponse((response) => response.url().endsWith("/api/createTemplate"));
  await page.getByRole("button", { name: "Create template" }).click();
  const { layout } = (await (await created).json()) as { layout: Layout };

  await page.goto("/en/app");
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: "page-1.jpg", mimeType: "image/jpeg", buffer: await photographFilledPage(layout) });
  await expect(page.getByTestId("upload-status")).toHaveText(/^(Read|Check it)$/, { timeout: 60_000 });
  await page.goto("/en/app/showsvg");
  await page.getByRole("textbox", { name: "Font name" }).fill("Traced");
  await page.getByRole("button", { name: "Save as a new font" }).click();
  await expect(page.getByRole("combobox", { name: "Letters of" })).toHaveValue("Traced");

  await page.getByRole("link", { name: "Edit the outline of a, variant 1", exact: true }).click();
  await expect(page).toHaveURL(/\/en\/editorSvg\?font=[^&]+&char=a$/);
  const canvas = page.getByTestId("outline-canvas");
  await expect(canvas.getByTestId("tracing-image")).toBeVisible();
  expect(await canvas.locator("[data-point]").count()).toBeGreaterThan(4);
  // The scan lies under the outline: the outline's points are inside the picture.
  const picture = (await canvas.getByTestId("tracing-image").boundingBox())!;
  const first = (await canvas.locator('[data-point="0:0"]').boundingBox())!;
  expect(first.x).toBeGreaterThan(picture.x);
  expect(first.x).toBeLessThan(picture.x + picture.width);
  expect(first.y).toBeGreaterThan(picture.y);
  expect(first.y).toBeLessThan(picture.y + picture.height);
  await canvas.scrollIntoViewIfNeeded();
  await snapshot(page, "scanned-letter-traced");
  await page.keyboard.press("g");
  await expect(canvas.getByTestId("tracing-image")).toHaveCount(0);
  expect(pageProblems).toEqual([]);
});
