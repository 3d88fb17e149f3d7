import { PLAN_LIMITS } from "@handfont/contract";
import { fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { activateLanguage, loadNamespaces } from "../../i18n/i18n.ts";
import { TestProviders } from "../../test/TestProviders.tsx";
import { KeepLettersDialog } from "./KeepLettersDialog.tsx";

beforeAll(async () => {
  await activateLanguage("en");
  await loadNamespaces("en", ["payments"]);
});

const letters = ["a", "b", "c", "ff", "d", "a"];
const limits = { ...PLAN_LIMITS.free, charactersPerFont: 3 };

function show(onKeep = vi.fn()) {
  render(
    <TestProviders>
      <MemoryRouter>
        <KeepLettersDialog chars={letters} limits={limits} pending={false} onKeep={onKeep} onClose={() => {}} />
      </MemoryRouter>
    </TestProviders>,
  );
  return onKeep;
}

describe("choosing the letters to keep", () => {
  it("starts with the first characters the plan allows, ligatures left out on a plan without them", () => {
    const onKeep = show();
    expect(screen.getByTestId("keep-count").textContent).toBe("Chosen: 3 of 3");
    expect((screen.getByRole("checkbox", { name: /ff/ }) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Make the font" }));
    expect(onKeep).toHaveBeenCalledWith(["a", "b", "c"]);
  });

  it("refuses more characters than the plan allows and keeps exactly the chosen ones", () => {
    const onKeep = show();
    fireEvent.click(screen.getByRole("checkbox", { name: "d" }));
    expect(screen.getByTestId("keep-count").textContent).toBe("Chosen: 4 of 3");
    expect((screen.getByRole("button", { name: "Make the font" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("checkbox", { name: "a" }));
    fireEvent.click(screen.getByRole("button", { name: "Make the font" }));
    expect(onKeep).toHaveBeenCalledWith(["b", "c", "d"]);
  });
});
