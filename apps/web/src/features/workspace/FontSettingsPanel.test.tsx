import { FontSettings } from "@handfont/contract";
import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { activateLanguage, loadNamespaces } from "../../i18n/i18n.ts";
import { TestProviders } from "../../test/TestProviders.tsx";
import { type FontSettingsDraft, FontSettingsPanel } from "./FontSettingsPanel.tsx";

beforeAll(async () => {
  await activateLanguage("de");
  await loadNamespaces("de", ["font-settings"]);
});

function Harness({ onSave, seen }: { onSave: () => void; seen: (draft: FontSettingsDraft) => void }) {
  const saved: FontSettingsDraft = { name: "Annas Hand", settings: FontSettings.parse({}) };
  const [draft, setDraft] = useState<FontSettingsDraft | null>(null);
  return (
    <FontSettingsPanel
      draft={draft ?? saved}
      onChange={(next) => {
        seen(next);
        setDraft(next);
      }}
      onSave={onSave}
      saving={false}
      saved={false}
      dirty={draft !== null}
    />
  );
}

describe("font settings", () => {
  it("edits the draft the preview follows, and saves only once something changed", () => {
    const onSave = vi.fn();
    const seen = vi.fn();
    render(
      <TestProviders>
        <Harness onSave={onSave} seen={seen} />
      </TestProviders>,
    );
    const save = screen.getByRole("button", { name: "Einstellungen speichern" });
    expect(save.hasAttribute("disabled")).toBe(true);
    fireEvent.change(screen.getByRole("textbox", { name: /Strichstärke/ }), { target: { value: "12" } });
    expect(seen).toHaveBeenLastCalledWith(
      expect.objectContaining({ settings: expect.objectContaining({ strokeWeight: 12 }) }),
    );
    fireEvent.click(screen.getByRole("switch", { name: "Automatisches Kerning" }));
    expect(seen).toHaveBeenLastCalledWith(
      expect.objectContaining({ settings: expect.objectContaining({ kerning: "off", strokeWeight: 12 }) }),
    );
    fireEvent.change(screen.getByRole("textbox", { name: /Wortabstand/ }), { target: { value: "" } });
    expect(seen).toHaveBeenLastCalledWith(
      expect.objectContaining({ settings: expect.objectContaining({ spaceWidth: null }) }),
    );
    expect(save.hasAttribute("disabled")).toBe(false);
    fireEvent.click(save);
    expect(onSave).toHaveBeenCalledOnce();
  });
});
