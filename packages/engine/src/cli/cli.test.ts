import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PDFDocument } from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { captureFlatbed } from "../synth/index.ts";
import type { Layout } from "../template/layout-types.ts";
import { captureToJpeg, writePage } from "../test-support/synthetic-scan.ts";
import { isShortRun } from "./main.ts";
import type { ReadOutput } from "./read.ts";
import { run as read } from "./read.ts";
import { run as template } from "./template.ts";

const dir = mkdtempSync(join(tmpdir(), "handfont-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function capture() {
  const lines = { out: [] as string[], err: [] as string[] };
  return { lines, io: { out: (t: string) => lines.out.push(t), err: (t: string) => lines.err.push(t) } };
}

describe("handfont template", () => {
  it("writes the PDF and the layout JSON for the chosen sets, ligatures and variants", async () => {
    const { io, lines } = capture();
    const code = await template(
      [
        "--sets",
        "digits,uk",
        "--chars",
        "€ß",
        "--ligatures",
        "ff,th",
        "--variants",
        "2",
        "--paper",
        "letter",
        "--cell",
        "l",
        "--out",
        join(dir, "t.pdf"),
        "--layout",
        join(dir, "t.json"),
      ],
      io,
    );
    expect(code).toBe(0);
    const layout = JSON.parse(readFileSync(join(dir, "t.json"), "utf8")) as Layout;
    expect(layout.paper.name).toBe("letter");
    expect(layout.cells).toHaveLength((10 + 9 + 2 + 2) * 2);
    expect(layout.cells.filter((c) => c.chars === "th").map((c) => c.variant)).toEqual([1, 2]);
    const pdf = await PDFDocument.load(readFileSync(join(dir, "t.pdf")));
    expect(pdf.getPageCount()).toBe(layout.pages.length);
    expect(lines.out.join("")).toContain(layout.id);
  });

  it("makes the default template with the accent marks and prints how to write them", async () => {
    const { io } = capture();
    expect(await template(["--out", join(dir, "d.pdf"), "--layout", join(dir, "d.json")], io)).toBe(0);
    const layout = JSON.parse(readFileSync(join(dir, "d.json"), "utf8")) as Layout;
    expect(layout.cells.map((cell) => cell.chars)).toEqual(expect.arrayContaining(["A", "\u00b4", "\u00b8", "0", "?"]));
    const text = execFileSync("pdftotext", [join(dir, "d.pdf"), "-"])
      .toString()
      .replace(/\s+/g, " ");
    expect(text).toContain("A box with a dotted circle takes only an accent");
  });

  it("exits 2 with the usage on bad options", async () => {
    const { io, lines } = capture();
    expect(await template(["--sets", "klingon", "--out", "a.pdf", "--layout", "a.json"], io)).toBe(2);
    expect(await template(["--variants", "20", "--out", join(dir, "x.pdf"), "--layout", join(dir, "x.json")], io)).toBe(
      2,
    );
    expect(await template([], io)).toBe(2);
    expect(lines.err.join("\n")).toContain("Usage: handfont template");
  });
});

describe("handfont read", () => {
  it("reads good pages, reports unreadable files with their code, and exits 1 when some failed", async () => {
    const layoutFile = join(dir, "r.json");
    expect(
      await template(
        ["--sets", "digits", "--id", "CLIREAD", "--cell", "l", "--out", join(dir, "r.pdf"), "--layout", layoutFile],
        capture().io,
      ),
    ).toBe(0);
    const layout = JSON.parse(readFileSync(layoutFile, "utf8")) as Layout;
    const page = writePage(layout, 150, 2);
    writeFileSync(join(dir, "scan.jpg"), await captureToJpeg(captureFlatbed(page, { seed: 1 })));
    writeFileSync(join(dir, "notes.txt"), "not a picture");
    const { io } = capture();
    const out = join(dir, "glyphs.json");
    expect(await read(["--layout", layoutFile, "--out", out, join(dir, "scan.jpg")], io)).toBe(0);
    expect(await read(["--layout", layoutFile, "--out", out, join(dir, "scan.jpg"), join(dir, "notes.txt")], io)).toBe(
      1,
    );
    const result = JSON.parse(readFileSync(out, "utf8")) as ReadOutput;
    expect(result.unitsPerEm).toBe(1000);
    expect(result.glyphs.map((g) => g.chars)).toEqual(layout.cells.map((c) => c.chars));
    expect(result.glyphs.every((g) => g.page === 1 && !g.empty && g.path.startsWith("M"))).toBe(true);
    // Each glyph holds the documented fields only (the editors' box pictures stay out of the file).
    const fields = ["bbox", "chars", "empty", "page", "path", "variant", "warnings"];
    expect(result.glyphs.every((g) => JSON.stringify(Object.keys(g).sort()) === JSON.stringify(fields))).toBe(true);
    expect(result.pages[0]).toMatchObject({ templateId: "CLIREAD", page: 1, warnings: [] });
    expect(result.pages[1]).toMatchObject({ templateId: null, page: null, error: { code: "IMAGE_UNREADABLE" } });
  });

  it("reads a long run of files (its boxes on helper threads too) as it reads each file alone", async () => {
    const layoutFile = join(dir, "r.json");
    const files = [1, 2, 3, 4].map((k) => join(dir, `scan-${k}.jpg`));
    for (const file of files) writeFileSync(file, readFileSync(join(dir, "scan.jpg")));
    const out = join(dir, "long.json");
    expect(await read(["--layout", layoutFile, "--out", out, ...files], capture().io)).toBe(0);
    const long = JSON.parse(readFileSync(out, "utf8")) as ReadOutput;
    expect(await read(["--layout", layoutFile, "--out", out, files[0]!], capture().io)).toBe(0);
    const one = JSON.parse(readFileSync(out, "utf8")) as ReadOutput;
    expect(long.glyphs.length).toBe(4 * one.glyphs.length);
    for (let k = 0; k < 4; k++) {
      expect(long.glyphs.slice(k * one.glyphs.length, (k + 1) * one.glyphs.length)).toEqual(one.glyphs);
    }
  });

  it("exits 2 on bad usage", async () => {
    const { io } = capture();
    expect(await read(["--out", join(dir, "g.json"), "a.jpg"], io)).toBe(2);
    expect(await read(["--layout", join(dir, "missing.json"), "--out", join(dir, "g.json"), "a.jpg"], io)).toBe(2);
    expect(await read(["--layout", "x.json", "--out", "g.json"], io)).toBe(2);
  });
});

describe("the handfont bin", () => {
  const root = join(import.meta.dirname, "../../../..");

  it("prints its commands from the repository root with npx", () => {
    const text = execFileSync("npx", ["--no-install", "handfont", "--help"], { cwd: root, encoding: "utf8" });
    expect(text).toContain("template");
    expect(text).toContain("read");
  });

  it("runs a short command (without the optimising compiler) like any other", () => {
    const text = execFileSync("npx", ["--no-install", "handfont", "build", "--help"], { cwd: root, encoding: "utf8" });
    expect(text).toContain("handfont build --glyphs");
  });
});

describe("short runs", () => {
  it("are every build and template and a read of up to three files, whatever the options", () => {
    expect(isShortRun(["build", "--glyphs", "g.json", "--name", "Hand"])).toBe(true);
    expect(isShortRun(["template", "--out", "t.pdf", "--layout", "t.json"])).toBe(true);
    expect(isShortRun(["read", "--layout", "l.json", "--out", "g.json", "a.jpg", "b.jpg", "c.jpg"])).toBe(true);
    expect(isShortRun(["read", "a.jpg", "b.jpg", "--max-pixels", "9", "--layout", "l.json", "--out", "g.json"])).toBe(
      true,
    );
  });

  it("are not a read of four files or more, nor a specimen (quicker with TurboFan)", () => {
    expect(isShortRun(["read", "--layout", "l.json", "--out", "g.json", "a.jpg", "b.jpg", "c.jpg", "d.jpg"])).toBe(
      false,
    );
    expect(isShortRun(["specimen", "font.otf", "--out", "s.png"])).toBe(false);
    expect(isShortRun([])).toBe(false);
  });
});
