import { act, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { AppProviders, createQueryClient } from "../../app/AppProviders.tsx";
import { activateLanguage, loadNamespaces } from "../../i18n/i18n.ts";
import { ConfirmDialog, FOCUS_RESTORE_DELAY_MS, useFocusReturn } from "./ConfirmDialog.tsx";

beforeAll(async () => {
  await activateLanguage("en");
  await loadNamespaces("en", ["workspace"]);
});

function Harness({ onConfirm, confirmLabel }: { onConfirm: () => void; confirmLabel?: string }) {
  const [opened, setOpened] = useState(false);
  const focus = useFocusReturn();
  const close = () => {
    setOpened(false);
    focus.restore();
  };
  return (
    <>
      <button
        type="button"
        onClick={() => {
          focus.remember();
          setOpened(true);
        }}
      >
        Remove
      </button>
      <ConfirmDialog
        opened={opened}
        title="Remove this font?"
        message="It will be gone."
        {...(confirmLabel ? { confirmLabel } : {})}
        onClose={close}
        onConfirm={() => {
          onConfirm();
          close();
        }}
      />
    </>
  );
}

describe("confirmation dialog", () => {
  it("has the spec's buttons and close label, and gives focus back 100 ms after closing", async () => {
    const onConfirm = vi.fn();
    render(
      <AppProviders queryClient={createQueryClient()}>
        <Harness onConfirm={onConfirm} />
      </AppProviders>,
    );
    const opener = screen.getByRole("button", { name: "Remove" });
    opener.focus();
    fireEvent.click(opener);
    expect(await screen.findByRole("button", { name: "OK" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Cancel" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Close this dialog" })).toBeTruthy();
    vi.useFakeTimers();
    try {
      fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
      act(() => vi.advanceTimersByTime(FOCUS_RESTORE_DELAY_MS - 1));
      expect(document.activeElement).not.toBe(opener);
      act(() => vi.advanceTimersByTime(1));
      expect(document.activeElement).toBe(opener);
    } finally {
      vi.useRealTimers();
    }
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("names the action on the confirming button instead of a bare OK", async () => {
    const onConfirm = vi.fn();
    render(
      <AppProviders queryClient={createQueryClient()}>
        <Harness onConfirm={onConfirm} confirmLabel="Remove font" />
      </AppProviders>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Remove" }));
    fireEvent.click(await screen.findByRole("button", { name: "Remove font" }));
    expect(screen.queryByRole("button", { name: "OK" })).toBeNull();
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
