import { type CommandId, type CommandScope, commandOfKey } from "@handfont/editor";
import { useEffect, useRef, useState } from "react";

/** Whether a key press belongs to a text field (typing there is never a shortcut). */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/**
 * Runs an editor's keyboard shortcuts (the keymap of @handfont/editor: a typed Latin letter first, the key's position
 * otherwise, so QWERTZ, AZERTY and Cyrillic layouts all work). `run` returns whether it handled the command; a
 * handled key does nothing else (no browser undo, no page scroll).
 */
export function useEditorShortcuts(
  scope: Exclude<CommandScope, "both">,
  run: (command: CommandId) => boolean,
  enabled = true,
): void {
  const latest = useRef(run);
  latest.current = run;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || typingIn(event.target)) return;
      const command = commandOfKey(event, scope);
      if (command && latest.current(command)) event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [scope, enabled]);
}

interface KeyboardWithLayout {
  getLayoutMap?: () => Promise<ReadonlyMap<string, string>>;
}

/**
 * The user's keyboard layout (key position → character typed) where the browser tells it (Chromium's Keyboard API),
 * for labelling shortcuts as the user's keys show them; undefined elsewhere, and the labels are the US ones.
 */
export function useKeyboardLayout(): ReadonlyMap<string, string> | undefined {
  const [layout, setLayout] = useState<ReadonlyMap<string, string>>();
  useEffect(() => {
    const keyboard = (navigator as Navigator & { keyboard?: KeyboardWithLayout }).keyboard;
    let active = true;
    keyboard
      ?.getLayoutMap?.()
      .then((map) => {
        if (active) setLayout(new Map(map));
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, []);
  return layout;
}

/** The platform's name for the shortcut modifier: ⌘ on Apple devices, Ctrl elsewhere. */
export const keyPlatform = (): "mac" | "other" =>
  typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform) ? "mac" : "other";
