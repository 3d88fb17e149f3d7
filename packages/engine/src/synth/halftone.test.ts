import { describe, expect, it } from "vitest";
import { createCanvas, type Rgb } from "./canvas.ts";
import { printMonochrome } from "./halftone.ts";

const PAPER: Rgb = [250, 250, 250];
const TONER: Rgb = [20, 20, 20];
const level = (rgb: Float32Array, i: number) => 0.299 * rgb[3 * i]! + 0.587 * rgb[3 * i + 1]! + 0.114 * rgb[3 * i + 2]!;

describe("printMonochrome", () => {
  it("covers the paper with toner in the share of a colour's darkness, in dots", () => {
    // The template's light blue, about a quarter as dark as toner against the paper.
    const blue: Rgb = [160, 202, 240];
    const canvas = createCanvas(300, 300, blue);
    printMonochrome(canvas, 11.81, PAPER, TONER);
    const darkness = (l: number) => (250 - l) / (250 - 20);
    const expected = darkness(0.299 * 160 + 0.587 * 202 + 0.114 * 240);
    let sum = 0;
    let paperPixels = 0;
    let tonerPixels = 0;
    for (let i = 0; i < 300 * 300; i++) {
      const d = darkness(level(canvas.rgb, i));
      sum += d;
      if (d < 0.01) paperPixels++;
      if (d > 0.99) tonerPixels++;
    }
    expect(sum / (300 * 300)).toBeCloseTo(expected, 2);
    // Dots, not a flat grey: bare paper between them (dots 2 pixels apart cover parts of most pixels), and dots'
    // cores fully covered.
    expect(paperPixels / (300 * 300)).toBeGreaterThan(0.2);
    expect(tonerPixels).toBeGreaterThan(0);
  });

  it("leaves paper bare and prints black solid", () => {
    const canvas = createCanvas(40, 20, PAPER);
    for (let i = 0; i < 40 * 10 * 3; i++) canvas.rgb[i] = TONER[i % 3]!;
    printMonochrome(canvas, 11.81, PAPER, TONER);
    for (let i = 0; i < 40 * 10; i++) expect(level(canvas.rgb, i)).toBeCloseTo(20, 3);
    for (let i = 40 * 10; i < 40 * 20; i++) expect(level(canvas.rgb, i)).toBeCloseTo(250, 3);
  });
});
