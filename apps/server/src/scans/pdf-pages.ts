import { execFile } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export class PdfError extends Error {
  readonly code: "PDF_UNREADABLE" | "PDF_TOO_MANY_PAGES" | "PDF_UNSUPPORTED";
  constructor(code: PdfError["code"], message: string) {
    super(message);
    this.name = "PdfError";
    this.code = code;
  }
}

/** Resolution pages are rasterised at: the engine reads 300 dpi scans best. */
const DPI = 300;

/**
 * Rasterises the pages of an uploaded PDF to PNG with poppler's pdftoppm (a separate process, so a hostile PDF
 * cannot take the server down; killed after the timeout). Throws PdfError: PDF_UNSUPPORTED when poppler is not
 * installed, PDF_UNREADABLE for a damaged or protected file, PDF_TOO_MANY_PAGES beyond `maxPages`.
 */
export async function rasterisePdf(bytes: Uint8Array, maxPages: number, timeoutMs = 120_000): Promise<Uint8Array[]> {
  const dir = await mkdtemp(join(tmpdir(), "handfont-pdf-"));
  try {
    const input = join(dir, "input.pdf");
    await writeFile(input, bytes);
    const pages = await pageCount(input, timeoutMs);
    if (pages > maxPages) throw new PdfError("PDF_TOO_MANY_PAGES", `${pages} pages`);
    await poppler(
      "pdftoppm",
      ["-r", String(DPI), "-png", "-f", "1", "-l", String(pages), input, join(dir, "page")],
      timeoutMs,
    );
    const files = (await readdir(dir)).filter((name) => name.startsWith("page") && name.endsWith(".png")).sort();
    return Promise.all(files.map(async (name) => new Uint8Array(await readFile(join(dir, name)))));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function pageCount(input: string, timeoutMs: number): Promise<number> {
  const { stdout } = await poppler("pdfinfo", [input], timeoutMs);
  const pages = Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1] ?? 0);
  if (pages < 1) throw new PdfError("PDF_UNREADABLE", "no pages");
  return pages;
}

async function poppler(tool: string, args: string[], timeoutMs: number) {
  try {
    return await run(tool, args, { timeout: timeoutMs, maxBuffer: 1024 * 1024 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") {
      throw new PdfError("PDF_UNSUPPORTED", `${tool} is not installed (Debian package poppler-utils)`);
    }
    throw new PdfError("PDF_UNREADABLE", error instanceof Error ? error.message.split("\n")[0]! : String(error));
  }
}
