import type { TemplateLayout } from "@handfont/contract";
import { layoutTemplate } from "@handfont/engine";
import { afterAll, describe, expect, it } from "vitest";
import { syntheticScan } from "../test-support/synthetic-scan.ts";
import { createEnginePorts } from "./engine-workers.ts";

const engine = createEnginePorts({ workers: 1 });
afterAll(() => engine.pool.close());

const layout = layoutTemplate({ sets: ["digits"], chars: "abc", id: "PROGRESS", cellSize: "l" }) as TemplateLayout;
const lookup = async (templateId: string, page: number) =>
  templateId === layout.id && page === 1 ? layout : undefined;

describe("the engine's scan reader in a worker thread", () => {
  it("reports progress while it reads a page, not only when the page is done", async () => {
    const fractions: number[] = [];
    const bytes = await syntheticScan(layout, 1, { seed: 3 });
    const [page] = await engine.scanReader.read({ bytes, mediaType: "image/jpeg" }, lookup, (f) => fractions.push(f));
    expect(page?.read?.cells.filter((cell) => !cell.empty).length).toBe(13);
    expect(page?.read?.warnings.map((w) => w.code)).not.toContain("PAGE_EMPTY");
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(fractions.filter((f) => f > 0 && f < 1).length).toBeGreaterThanOrEqual(5);
    expect(fractions.at(-1)).toBe(1);
  });
});
