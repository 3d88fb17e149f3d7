// The other side of loaded-server.ts: times /api/health every 20 ms and, for the `letters` load, loops over the fonts
// page's lists and saves a letter at the per-letter limits meanwhile. Tells the parent when health is being timed,
// and reports to it at the end (after BENCH_SECONDS, or, for the `photos` load, when the parent says "stop").
import { busyLetter } from "./busy-letter.ts";

const origin = process.env.BENCH_ORIGIN!;
const fontId = process.env.BENCH_FONT!;
const seconds = Number(process.env.BENCH_SECONDS);
const strokePoints = Number(process.env.BENCH_STROKE_POINTS);
const totalPoints = Number(process.env.BENCH_TOTAL_POINTS);
const headers = {
  authorization: `Bearer ${process.env.BENCH_TOKEN}`,
  cookie: process.env.BENCH_COOKIES!,
  "x-xsrf-token": process.env.BENCH_XSRF!,
  "content-type": "application/json",
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))] ?? 0;

async function timed(path: string, init: RequestInit = {}) {
  const started = performance.now();
  const response = await fetch(`${origin}${path}`, { ...init, headers });
  const body = await response.arrayBuffer();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${new TextDecoder().decode(body).slice(0, 200)}`);
  return { ms: performance.now() - started, bytes: body.byteLength, body };
}

const health: number[] = [];
let running = true;
const pinger = (async () => {
  while (running) {
    const started = performance.now();
    await fetch(`${origin}/api/health`).then((r) => r.arrayBuffer());
    health.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
})();
process.send!({ timing: 1 });

const lists: number[] = [];
const saves: number[] = [];
let listBytes = 0;
let revision: number | null = null;
if (process.env.BENCH_LOAD === "photos") {
  await new Promise((resolve) => process.once("message", resolve));
} else {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    const fonts = await timed("/api/getAllAddedFonts");
    const sets = await timed("/api/letter-sets");
    lists.push(fonts.ms + sets.ms);
    listBytes = fonts.bytes + sets.bytes;
    const saved = await timed(`/api/fonts/${fontId}/letters/changes`, {
      method: "POST",
      body: busyLetter(revision, saves.length, strokePoints, totalPoints),
    });
    revision = (JSON.parse(new TextDecoder().decode(saved.body)) as { letters: { revision: number }[] }).letters[0]!
      .revision;
    saves.push(saved.ms);
  }
}
running = false;
await pinger;
process.send!({
  healthP50: median(health),
  healthP99: quantile(health, 0.99),
  healthMax: Math.max(...health),
  healthCount: health.length,
  lists: lists.length,
  saves: saves.length,
  listsMs: median(lists),
  listBytes,
  saveMs: median(saves),
});
process.exit(0);
