import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

export class PdfError extends Error {
  readonly code: "PDF_UNREADABLE" | "PDF_TOO_MANY_PAGES" | "PDF_UNSUPPORTED" | "PDF_PAGE_TOO_LARGE";
  readonly details: Record<string, unknown> | undefined;
  constructor(code: PdfError["code"], message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = "PdfError";
    this.code = code;
    this.details = details;
  }
}

export type PdfLimits = {
  maxPages: number;
  /** Pixels one page may make at the rasterising resolution; a larger page is refused before it is drawn. */
  maxPagePixels: number;
  /** Wall-clock time for each poppler run; also its CPU time limit. */
  timeoutMs: number;
  /** Address space a poppler process may use. */
  memoryBytes: number;
};

/** Resolution pages are rasterised at: the engine reads 300 dpi scans best. */
export const PDF_DPI = 300;

/** A3 at 300 dpi makes 17.4 million pixels; a little more leaves room for US tabloid and bleed. */
export const DEFAULT_PDF_LIMITS: PdfLimits = {
  maxPages: 20,
  maxPagePixels: 25_000_000,
  timeoutMs: 120_000,
  memoryBytes: 1024 * 1024 * 1024,
};

const TEMP_PREFIX = "handfont-pdf-";

/** Process groups of poppler runs under way in this process, killed on shutdown. */
const running = new Set<ChildProcess>();

/**
 * Rasterises the pages of an uploaded PDF to TIFF with poppler's pdftoppm. The pages are measured first (count,
 * MediaBox, the pixels they would make) and refused with a typed PdfError before anything is drawn; pdftoppm then
 * runs in its own process group with memory and CPU limits, and on timeout, failure, abort or shutdown the whole
 * group is killed and its temporary folder removed. Throws PdfError: PDF_UNSUPPORTED when poppler is not installed,
 * PDF_UNREADABLE for a damaged or protected file, PDF_TOO_MANY_PAGES, PDF_PAGE_TOO_LARGE.
 */
export async function rasterisePdf(
  bytes: Uint8Array,
  limits: Partial<PdfLimits> = {},
  signal?: AbortSignal,
): Promise<Uint8Array[]> {
  const bounds = { ...DEFAULT_PDF_LIMITS, ...limits };
  // The process id in the name lets a restarted worker remove folders a killed one left behind.
  const dir = await mkdtemp(join(tmpdir(), `${TEMP_PREFIX}${process.pid}-`));
  try {
    const input = join(dir, "input.pdf");
    await writeFile(input, bytes);
    const pages = measurePages(
      await poppler("pdfinfo", ["-f", "1", "-l", String(bounds.maxPages), "-box", input], bounds, signal),
      bounds,
    );
    // Lossless TIFF with LZW: poppler's PNG writer took 12 s of CPU for a scanned A4 page at 300 dpi here (LZW: 0.6 s,
    // 10 MB), which put a twenty-page scan past the time limit.
    await poppler(
      "pdftoppm",
      [
        "-r",
        String(PDF_DPI),
        "-tiff",
        "-tiffcompression",
        "lzw",
        "-f",
        "1",
        "-l",
        String(pages),
        input,
        join(dir, "page"),
      ],
      bounds,
      signal,
    );
    const files = (await readdir(dir)).filter((name) => name.startsWith("page") && name.endsWith(".tif")).sort();
    return Promise.all(files.map(async (name) => new Uint8Array(await readFile(join(dir, name)))));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The page count, after checking it and every page's size against the limits. */
function measurePages(info: string, limits: PdfLimits): number {
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0);
  if (pages < 1) throw new PdfError("PDF_UNREADABLE", "no pages");
  if (pages > limits.maxPages) throw new PdfError("PDF_TOO_MANY_PAGES", `${pages} pages`);
  const largest = new Map<number, number>();
  const measure = (page: number, width: number, height: number) => {
    const pixels = Math.ceil((Math.abs(width) / 72) * PDF_DPI) * Math.ceil((Math.abs(height) / 72) * PDF_DPI);
    largest.set(page, Math.max(largest.get(page) ?? 0, pixels));
  };
  for (const match of info.matchAll(/^Page\s+(\d+)\s+size:\s+([\d.]+) x ([\d.]+)/gm)) {
    measure(Number(match[1]), Number(match[2]), Number(match[3]));
  }
  for (const match of info.matchAll(
    /^Page\s+(\d+)\s+MediaBox:\s+(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)/gm,
  )) {
    measure(Number(match[1]), Number(match[4]) - Number(match[2]), Number(match[5]) - Number(match[3]));
  }
  if (largest.size < pages) throw new PdfError("PDF_UNREADABLE", "page sizes unknown");
  for (const [page, pixels] of largest) {
    if (!Number.isFinite(pixels) || pixels > limits.maxPagePixels) {
      throw new PdfError("PDF_PAGE_TOO_LARGE", `page ${page} would make ${pixels} pixels`, { page });
    }
  }
  return pages;
}

const hasPrlimit = existsSync("/usr/bin/prlimit");

/** Runs a poppler tool in its own process group under limits; answers its standard output. */
function poppler(tool: string, args: string[], limits: PdfLimits, signal?: AbortSignal): Promise<string> {
  const cpuSeconds = Math.max(1, Math.ceil(limits.timeoutMs / 1000));
  // prlimit sets the limits and then becomes the tool itself, so the limits hold even if this process dies.
  const [command, argv] = hasPrlimit
    ? ["/usr/bin/prlimit", [`--as=${limits.memoryBytes}`, `--cpu=${cpuSeconds}`, "--", tool, ...args]]
    : [tool, args];
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const child = spawn(command, argv as string[], { detached: true, stdio: ["ignore", "pipe", "pipe"] });
    running.add(child);
    let stdout = "";
    let stderr = "";
    let reason: Error | null = null;
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      if (stdout.length < 1_000_000) stdout += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      if (stderr.length < 10_000) stderr += chunk;
    });
    const stop = (error: Error) => {
      reason ??= error;
      killGroup(child);
    };
    const timer = setTimeout(
      () => stop(new PdfError("PDF_UNREADABLE", `${tool} took longer than ${limits.timeoutMs} ms`)),
      limits.timeoutMs,
    );
    const onAbort = () => stop(signal?.reason instanceof Error ? signal.reason : new Error("aborted"));
    signal?.addEventListener("abort", onAbort, { once: true });
    const settle = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      running.delete(child);
      // Whatever the tool started goes with it.
      killGroup(child);
    };
    child.on("error", (error: NodeJS.ErrnoException) => {
      settle();
      reject(
        error.code === "ENOENT"
          ? new PdfError("PDF_UNSUPPORTED", `${tool} is not installed (Debian package poppler-utils)`)
          : error,
      );
    });
    child.on("close", (code, killedBy) => {
      settle();
      if (reason) return reject(reason);
      if (code === 0) return resolve(stdout);
      if (hasPrlimit && code === 1 && /prlimit: failed to execute/.test(stderr)) {
        return reject(new PdfError("PDF_UNSUPPORTED", `${tool} is not installed (Debian package poppler-utils)`));
      }
      const why = killedBy
        ? `stopped by ${killedBy} (a memory or time limit)`
        : stderr.split("\n")[0] || `exit ${code}`;
      reject(new PdfError("PDF_UNREADABLE", `${tool}: ${why}`));
    });
  });
}

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    // The group is gone already.
  }
}

/** Kills every poppler run of this process with its children (shutdown). */
export function killRasterisers(): void {
  for (const child of running) killGroup(child);
}

/** Removes temporary folders left by rasterising processes that no longer exist (killed with kill -9, say). */
export async function sweepStaleRasterFolders(): Promise<number> {
  let removed = 0;
  for (const name of await readdir(tmpdir()).catch(() => [] as string[])) {
    const pid = Number(new RegExp(`^${TEMP_PREFIX}(\\d+)-`).exec(name)?.[1] ?? Number.NaN);
    if (!Number.isInteger(pid) || pid === process.pid || alive(pid)) continue;
    await rm(join(tmpdir(), name), { recursive: true, force: true });
    removed++;
  }
  return removed;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
