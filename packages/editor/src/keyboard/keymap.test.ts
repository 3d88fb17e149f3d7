import { describe, expect, it } from "vitest";
import { bindingLabel, COMMAND_IDS, commandOfKey, SHORTCUTS, shortcutsOf } from "./keymap.ts";

const press = (
  code: string,
  modifiers: Partial<{ ctrl: boolean; meta: boolean; shift: boolean; alt: boolean }> = {},
) => ({
  code,
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
});
