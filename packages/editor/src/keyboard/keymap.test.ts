import { describe, expect, it } from "vitest";
import { bindingLabel, COMMAND_IDS, commandOfKey, SHORTCUTS, shortcutsOf } from "./keymap.ts";

const press = (
  code: string,
  modifiers: Partial<{ ctrl: boolean; meta: boolean; shift: boolean; alt: boolean; key: string }> = {},
) => ({
  code,
  ...(modifiers.key !== undefined ? { key: modifiers.key } : {}),
  ctrlKey: modifiers.ctrl ?? false,
  metaKey: modifiers.meta ?? false,
  shiftKey: modifiers.shift ?? false,
  altKey: modifiers.alt ?? false,
});

describe("keyboard map", () => {
  it("matches by key position, whatever character the layout types there", () => {
    // On a Russian layout the key KeyZ types "я" and KeyV types "м"; the code is the same.
    expect(commandOfKey(press("KeyZ", { ctrl: true }), "outline")).toBe("undo");
    expect(commandOfKey(press("KeyZ", { meta: true }), "pen")).toBe("undo");
    expect(commandOfKey(press("KeyV"), "outline")).toBe("tool.select");
  });

  it("matches the Latin letter typed before the key's position, so QWERTZ and AZERTY undo with their own Z", () => {
    // German: the key at KeyY types "z"; French: the key at KeyW types "z".
    expect(commandOfKey(press("KeyY", { ctrl: true, key: "z" }), "pen")).toBe("undo");
    expect(commandOfKey(press("KeyW", { ctrl: true, key: "z" }), "pen")).toBe("undo");
    expect(commandOfKey(press("KeyZ", { ctrl: true, key: "y" }), "pen")).toBe("redo");
    expect(commandOfKey(press("KeyY", { ctrl: true, shift: true, key: "Z" }), "pen")).toBe("redo");
    // Russian: no Latin letter typed, so the position counts.
    expect(commandOfKey(press("KeyZ", { ctrl: true, key: "я" }), "pen")).toBe("undo");
    expect(commandOfKey(press("KeyE", { key: "у" }), "pen")).toBe("tool.strokeEraser");
    // A key typing no letter keeps its position even on layouts that put a letter elsewhere.
    expect(commandOfKey(press("BracketRight", { key: "+" }), "pen")).toBe("nextLetter");
  });

  it("needs the modifiers to match exactly", () => {
    expect(commandOfKey(press("KeyZ", { ctrl: true, shift: true }), "pen")).toBe("redo");
    expect(commandOfKey(press("KeyZ", { ctrl: true, alt: true }), "pen")).toBeNull();
    expect(commandOfKey(press("ArrowLeft"), "outline")).toBe("nudgeLeft");
    expect(commandOfKey(press("ArrowLeft", { shift: true }), "outline")).toBe("nudgeLeftFar");
    expect(commandOfKey(press("KeyV", { ctrl: true }), "outline")).toBe("paste");
    expect(commandOfKey(press("KeyV", { shift: true }), "outline")).toBe("flipVertical");
  });

  it("keeps each editor's commands to itself", () => {
    expect(commandOfKey(press("KeyB"), "pen")).toBe("tool.pen");
    expect(commandOfKey(press("KeyB"), "outline")).toBeNull();
    expect(commandOfKey(press("ArrowLeft"), "pen")).toBeNull();
  });

  it("gives no two shortcuts of one editor the same keys, and every command a key", () => {
    for (const scope of ["pen", "outline"] as const) {
      const seen = new Set<string>();
      for (const shortcut of shortcutsOf(scope)) {
        for (const key of shortcut.keys) {
          const id = `${key.code}|${Boolean(key.mod)}|${Boolean(key.shift)}|${Boolean(key.alt)}`;
          expect(seen.has(id), `${scope}: ${id} twice`).toBe(false);
          seen.add(id);
        }
      }
    }
    expect(new Set(SHORTCUTS.map((shortcut) => shortcut.command))).toEqual(new Set(COMMAND_IDS));
  });

  it("writes bindings as key caps show them", () => {
    expect(bindingLabel({ code: "KeyZ", mod: true, shift: true }, "other")).toBe("Ctrl+Shift+Z");
    expect(bindingLabel({ code: "KeyZ", mod: true, shift: true }, "mac")).toBe("⌘⇧Z");
    expect(bindingLabel({ code: "BracketLeft" }, "other")).toBe("[");
    expect(bindingLabel({ code: "Digit0" }, "other")).toBe("0");
  });

  it("writes bindings with the user's layout where it is known", () => {
    const german = new Map([
      ["BracketLeft", "ü"],
      ["KeyZ", "y"],
      ["KeyY", "z"],
    ]);
    expect(bindingLabel({ code: "BracketLeft" }, "other", german)).toBe("Ü");
    // Letters are matched by the letter typed, so the letter is the label on any Latin layout.
    expect(bindingLabel({ code: "KeyZ", mod: true }, "other", german)).toBe("Ctrl+Z");
    const russian = new Map([
      ["KeyZ", "я"],
      ["BracketLeft", "х"],
    ]);
    expect(bindingLabel({ code: "KeyZ", mod: true }, "other", russian)).toBe("Ctrl+Z/Я");
    expect(bindingLabel({ code: "ArrowLeft" }, "other", russian)).toBe("←");
  });
});
