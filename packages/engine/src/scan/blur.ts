import type { FloatImage } from "./images.ts";

/** Gaussian blur (separable, edges clamped), in place. Smooths paper texture, sensor noise and JPEG blocks. */
export function gaussianBlur(image: FloatImage, sigma: number): FloatImage {
  if (sigma < 0.3) return image;
  const radius = Math.ceil(sigma * 2.5);
  const kernel = new Float32Array(2 * radius + 1);
  let sum = 0;
  for (let i = -radius; i <= radius; i++) sum += kernel[i + radius] = Math.exp(-(i * i) / (2 * sigma * sigma));
  for (let i = 0; i < kernel.length; i++) kernel[i]! /= sum;
  const { width, height, data } = image;
  const line = new Float32Array(Math.max(width, height) + 2 * radius);
  const pass = (count: number, length: number, offset: (n: number) => number, stride: number) => {
    for (let n = 0; n < count; n++) {
      const base = offset(n);
      for (let i = 0; i < length; i++) line[i + radius] = data[base + i * stride]!;
      for (let i = 0; i < radius; i++) {
        line[i] = line[radius]!;
        line[length + radius + i] = line[length + radius - 1]!;
      }
      for (let i = 0; i < length; i++) {
        let acc = 0;
        for (let j = 0; j < kernel.length; j++) acc += kernel[j]! * line[i + j]!;
        data[base + i * stride] = acc;
      }
    }
  };
  pass(height, width, (row) => row * width, 1);
  pass(width, height, (col) => col, width);
  return image;
}
