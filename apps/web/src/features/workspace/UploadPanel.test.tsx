import type { ScanPageResult, ScanStatus } from "@handfont/contract";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../api/errors.ts";
import { activateLanguage, loadNamespaces } from "../../i18n/i18n.ts";
import { TestProviders } from "../../test/TestProviders.tsx";

let serial = 0;
const scan = (status: ScanStatus["status"], extra: Partial<ScanStatus> = {}): ScanStatus => ({
  id: `11111111-1111-4111-8111-${String(++serial).padStart(12, "0")}`,
  fileName: "page1.jpg",
  mediaType: "image/jpeg",
  status,
  progress: status === "done" || status === "failed" ? 100 : 5,
  pages: [],
  error: null,
  createdAt: "2026-01-01T10:00:00.000Z",
  updatedAt: "2026-01-01T10:00:00.000Z",
  ...extra,
});

const page = (extra: Partial<ScanPageResult> = {}): ScanPageResult => ({
  filePage: 1,
  templateId: "T1",
  page: 1,
  lettersFound: 42,
  emptyCells: 0,
  warnings: [],
  cellWarnings: [{ code: "TOUCHES_BORDER", message: "The letter touches the edge.", chars: "g", variant: 1 }],
  error: null,
  ...extra,
});

/** The server's list of uploads, as GET /api/scans answers it; the tests move it along. */
let server: ScanStatus[] = [];
const api = {
  uploadScans: vi.fn(async (files: File[], onProgress: (sent: number, total: number) => void) => {
    if (files[0]!.name === "huge.jpg") {
      throw new ApiError(413, "FILE_TOO_LARGE", "This file is too large: at most 25 MB per file.", {});
    }
    onProgress(50, 100);
    onProgress(100, 100);
    const created = scan("queued", { fileName: files[0]!.name });
    server = [created, ...server];
    return [created];
  }),
  scans: vi.fn(async () => server),
  removeScan: vi.fn(async (id: string) => {
    server = server.filter((entry) => entry.id !== id);
  }),
  clearScans: vi.fn(async () => {
    const before = server.length;
    server = server.filter((entry) => entry.status === "queued" || entry.status === "reading");
    return before - server.length;
  }),
};
vi.mock("./workspace-api.ts", () => ({ workspaceApi: api }));

const { UploadPanel } = await import("./UploadPanel.tsx");

beforeAll(async () => {
  for (const language of ["en", "ru", "uk"] as const) await loadNamespaces(language, ["workspace", "manage"]);
});
beforeEach(async () => {
  server = [];
  vi.clearAllMocks();
  await activateLanguage("en");
});

const renderPanel = (onRead: (scan: ScanStatus) => void = () => {}) =>
  render(
    <TestProviders>
      <UploadPanel onRead={onRead} />
    </TestProviders>,
  );

const drop = (name: string) => {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, { target: { files: [new File(["x"], name, { type: "image/jpeg" })] } });
};

/** The server finishes reading the upload (the panel sees it at its next poll). */
const finish = (extra: Partial<ScanStatus>) => {
  server = server.map((entry, index) => (index === 0 ? { ...entry, status: "done", progress: 100, ...extra } : entry));
};

describe("upload panel", () => {
  it("follows an upload until it is read, says what was found and calls back once", async () => {
    const onRead = vi.fn();
    renderPanel(onRead);
    drop("page1.jpg");
    expect(await screen.findByText("page1.jpg")).toBeTruthy();
    finish({ pages: [page()] });
    await waitFor(() => expect(screen.getByText("Page 1: 42 letters found")).toBeTruthy(), { timeout: 4000 });
    expect(screen.getByTestId("upload-status").textContent).toBe("Read");
    expect(screen.getByText("1 letter has a warning: check it on the Letters tab.")).toBeTruthy();
    await waitFor(() => expect(onRead).toHaveBeenCalledTimes(1));
  });

  it("shows the uploads the server has, after a reload, and follows the ones still being read", async () => {
    server = [scan("reading", { fileName: "before-reload.jpg", progress: 40 }), scan("done", { pages: [page()] })];
    const onRead = vi.fn();
    renderPanel(onRead);
    expect(await screen.findByText("before-reload.jpg")).toBeTruthy();
    expect(screen.getAllByTestId("upload-item")).toHaveLength(2);
    finish({ fileName: "before-reload.jpg", pages: [page({ cellWarnings: [] })] });
    await waitFor(() => expect(screen.getAllByText("Page 1: 42 letters found")).toHaveLength(2), { timeout: 4000 });
    // Only the upload seen running finished now; the one read before the reload is not reported again.
    expect(onRead).toHaveBeenCalledTimes(1);
    expect(onRead.mock.calls[0]![0].fileName).toBe("before-reload.jpg");
  });

  it("warns that a blank page looks empty instead of calling it read, in the user's language", async () => {
    await activateLanguage("ru");
    server = [scan("done", { pages: [page({ lettersFound: 0, emptyCells: 62, cellWarnings: [] })] })];
    renderPanel();
    expect(await screen.findByText(/^Страница 1: букв не найдено\. Похоже, страница пустая/)).toBeTruthy();
    expect(screen.getByTestId("upload-status").textContent).toBe("Проверьте");
  });

  it("names the boxes left empty for an erased letter's trace, in the user's language", async () => {
    await activateLanguage("ru");
    const erased = (chars: string) => ({ code: "ERASED_LETTER", message: "След стёртой буквы.", chars, variant: 1 });
    server = [scan("done", { pages: [page({ lettersFound: 40, cellWarnings: [erased("ж"), erased("Q")] })] })];
    renderPanel();
    expect(
      await screen.findByText("Страница 1: в клетках ж Q были только следы стёртых букв, они оставлены пустыми."),
    ).toBeTruthy();
    // No letter came from those boxes: nothing to check on the Letters tab.
    expect(screen.queryByText(/вкладке «Буквы»/)).toBeNull();
    expect(screen.getByTestId("upload-status").textContent).toBe("Прочитано");
  });

  it("shows a failed file's error once", async () => {
    await activateLanguage("uk");
    const notFound = { code: "TEMPLATE_NOT_FOUND_ON_PAGE", message: "На сторінці не знайдено шаблон." };
    server = [scan("failed", { error: notFound, pages: [page({ lettersFound: 0, error: notFound })] })];
    renderPanel();
    expect(await screen.findAllByText(notFound.message)).toHaveLength(1);
    expect(screen.getByTestId("upload-status").textContent).toBe("Помилка");
  });

  it("shows the server's message once when an upload is refused, and lets it be dismissed", async () => {
    renderPanel();
    drop("huge.jpg");
    const alerts = await screen.findAllByRole("alert");
    expect(alerts.map((alert) => alert.textContent)).toEqual(["This file is too large: at most 25 MB per file."]);
    fireEvent.click(screen.getByRole("button", { name: "Remove huge.jpg from the list" }));
    await waitFor(() => expect(screen.queryByTestId("upload-item")).toBeNull());
  });

  it("clears the finished uploads from the list and keeps the running ones; removes one on request", async () => {
    server = [
      scan("reading", { fileName: "running.jpg" }),
      scan("done", { fileName: "read.jpg", pages: [page()] }),
      scan("failed", { fileName: "bad.jpg", error: { code: "READ_FAILED", message: "Reading failed." } }),
    ];
    renderPanel();
    await screen.findByText("read.jpg");
    fireEvent.click(screen.getByRole("button", { name: "Clear the list" }));
    await waitFor(() => expect(screen.getAllByTestId("upload-item")).toHaveLength(1));
    expect(api.clearScans).toHaveBeenCalledTimes(1);
    const runningId = server[0]!.id;
    const running = screen.getByTestId("upload-item");
    fireEvent.click(within(running).getByRole("button", { name: "Stop reading running.jpg and remove it" }));
    await waitFor(() => expect(screen.queryByTestId("upload-item")).toBeNull());
    expect(api.removeScan).toHaveBeenCalledWith(runningId);
  });
});
