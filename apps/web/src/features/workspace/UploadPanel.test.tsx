import type { ScanStatus } from "@handfont/contract";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../api/errors.ts";
import { AppProviders } from "../../app/AppProviders.tsx";
import { createQueryClient } from "../../app/query-client.ts";
import { activateLanguage, loadNamespaces } from "../../i18n/i18n.ts";

const scan = (status: ScanStatus["status"], extra: Partial<ScanStatus> = {}): ScanStatus => ({
  id: "11111111-1111-4111-8111-111111111111",
  fileName: "page1.jpg",
  mediaType: "image/jpeg",
  status,
  progress: status === "done" ? 100 : 5,
  pages: [],
  error: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  ...extra,
});

const readPage = {
  filePage: 1,
  templateId: "T1",
  page: 1,
  lettersFound: 42,
  emptyCells: 0,
  warnings: [],
  cellWarnings: [{ code: "TOUCHES_BORDER", message: "The letter touches the edge.", chars: "g", variant: 1 }],
  error: null,
};

vi.mock("./workspace-api.ts", () => ({
  workspaceApi: {
    uploadScans: vi.fn(async (files: File[], onProgress: (sent: number, total: number) => void) => {
      if (files[0]!.name === "huge.jpg") {
        throw new ApiError(413, "FILE_TOO_LARGE", "This file is too large: at most 25 MB per file.", {});
      }
      onProgress(50, 100);
      onProgress(100, 100);
      return [scan("queued")];
    }),
    scan: vi.fn(async () => scan("done", { pages: [readPage] })),
  },
}));

const { UploadPanel } = await import("./UploadPanel.tsx");

beforeAll(async () => {
  await activateLanguage("en");
  await loadNamespaces("en", ["workspace"]);
});

describe("upload panel", () => {
  it("shows each file's progress, then what reading found, and calls back once read", async () => {
    const onRead = vi.fn();
    render(
      <AppProviders queryClient={createQueryClient()}>
        <UploadPanel onRead={onRead} />
      </AppProviders>,
    );
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [new File(["x"], "page1.jpg", { type: "image/jpeg" })] } });
    await waitFor(() => expect(screen.getByText("Page 1: 42 letters found")).toBeTruthy(), { timeout: 3000 });
    expect(screen.getByTestId("upload-status").textContent).toBe("Read");
    expect(screen.getByText("1 letter has a warning: check it on the Letters tab.")).toBeTruthy();
    expect(onRead).toHaveBeenCalledTimes(1);
  });

  it("shows the server's message when an upload is refused", async () => {
    render(
      <AppProviders queryClient={createQueryClient()}>
        <UploadPanel onRead={() => {}} />
      </AppProviders>,
    );
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [new File(["x"], "huge.jpg", { type: "image/jpeg" })] } });
    expect((await screen.findByRole("alert")).textContent).toBe("This file is too large: at most 25 MB per file.");
  });
});
