/**
 * Keyboard shortcuts of both editors. A key that types a Latin letter is matched by that letter (`KeyboardEvent.key`),
 * so Ctrl+Z is the key labelled Z on a German (QWERTZ) or French (AZERTY) layout too; any other key by its position
 * (`KeyboardEvent.code`), so a Russian or Ukrainian layout, which types no Latin letter, still works (Glyphr matches
 * only `key` and breaks there).
 */

export const COMMAND_IDS = [
  "undo",
  "redo",
  "tool.pen",
  "tool.strokeEraser",
  "tool.partialEraser",
  "tool.select",
  "tool.contourPen",
  "tool.addPoint",
  "delete",
  "deleteContour",
  "selectAll",
  "cancel",
  "finish",
  "nudgeLeft",
  "nudgeRight",
  "nudgeUp",
  "nudgeDown",
  "nudgeLeftFar",
  "nudgeRightFar",
  "nudgeUpFar",
  "nudgeDownFar",
  "toggleSmooth",
  "reverse",
  "removeOverlap",
  "flipHorizontal",
  "flipVertical",
  "rotateLeft",
  "rotateRight",
  "copy",
  "cut",
  "paste",
  "zoomIn",
  "zoomOut",
  "fit",
  "previousLetter",
  "nextLetter",
  "toggleReference",
  "togglePenMode",
  "help",
] as const;
export type CommandId = (typeof COMMAND_IDS)[number];

/** Which editor a command belongs to: the pen editor (/editor), the outline editor (/editorSvg) or both. */
export type CommandScope = "pen" | "outline" | "both";

/** A key at a position, with modifiers. `mod` is Ctrl, or ⌘ on a Mac. */
export interface KeyBinding {
  code: string;
  mod?: boolean;
  shift?: boolean;
  alt?: boolean;
}

export interface Shortcut {
  command: CommandId;
  scope: CommandScope;
  keys: KeyBinding[];
}

const key = (code: string, modifiers: Omit<KeyBinding, "code"> = {}): KeyBinding => ({ code, ...modifiers });

/** Every shortcut, in the order the help panel lists them. */
export const SHORTCUTS: readonly Shortcut[] = [
  { command: "undo", scope: "both", keys: [key("KeyZ", { mod: true })] },
  { command: "redo", scope: "both", keys: [key("KeyZ", { mod: true, shift: true }), key("KeyY", { mod: true })] },
  { command: "tool.pen", scope: "pen", keys: [key("KeyB")] },
  { command: "tool.strokeEraser", scope: "pen", keys: [key("KeyE")] },
  { command: "tool.partialEraser", scope: "pen", keys: [key("KeyE", { shift: true })] },
  { command: "tool.select", scope: "outline", keys: [key("KeyV")] },
  { command: "tool.contourPen", scope: "outline", keys: [key("KeyP")] },
  { command: "tool.addPoint", scope: "outline", keys: [key("KeyA")] },
  { command: "delete", scope: "outline", keys: [key("Delete"), key("Backspace")] },
  {
    command: "deleteContour",
    scope: "outline",
    keys: [key("Delete", { shift: true }), key("Backspace", { shift: true })],
  },
  { command: "selectAll", scope: "outline", keys: [key("KeyA", { mod: true })] },
  { command: "cancel", scope: "both", keys: [key("Escape")] },
  { command: "finish", scope: "outline", keys: [key("Enter"), key("NumpadEnter")] },
  { command: "nudgeLeft", scope: "outline", keys: [key("ArrowLeft")] },
  { command: "nudgeRight", scope: "outline", keys: [key("ArrowRight")] },
  { command: "nudgeUp", scope: "outline", keys: [key("ArrowUp")] },
  { command: "nudgeDown", scope: "outline", keys: [key("ArrowDown")] },
  { command: "nudgeLeftFar", scope: "outline", keys: [key("ArrowLeft", { shift: true })] },
  { command: "nudgeRightFar", scope: "outline", keys: [key("ArrowRight", { shift: true })] },
  { command: "nudgeUpFar", scope: "outline", keys: [key("ArrowUp", { shift: true })] },
  { command: "nudgeDownFar", scope: "outline", keys: [key("ArrowDown", { shift: true })] },
  { command: "toggleSmooth", scope: "outline", keys: [key("KeyS")] },
  { command: "reverse", scope: "outline", keys: [key("KeyR")] },
  { command: "removeOverlap", scope: "outline", keys: [key("KeyO", { mod: true, shift: true })] },
  { command: "flipHorizontal", scope: "both", keys: [key("KeyH", { shift: true })] },
  { command: "flipVertical", scope: "both", keys: [key("KeyV", { shift: true })] },
  { command: "rotateLeft", scope: "both", keys: [key("Comma")] },
  { command: "rotateRight", scope: "both", keys: [key("Period")] },
  { command: "copy", scope: "both", keys: [key("KeyC", { mod: true })] },
  { command: "cut", scope: "both", keys: [key("KeyX", { mod: true })] },
  { command: "paste", scope: "both", keys: [key("KeyV", { mod: true })] },
  { command: "zoomIn", scope: "both", keys: [key("Equal"), key("NumpadAdd"), key("Equal", { mod: true })] },
  { command: "zoomOut", scope: "both", keys: [key("Minus"), key("NumpadSubtract"), key("Minus", { mod: true })] },
  { command: "fit", scope: "both", keys: [key("Digit0"), key("Numpad0")] },
  { command: "previousLetter", scope: "both", keys: [key("BracketLeft"), key("PageUp")] },
  { command: "nextLetter", scope: "both", keys: [key("BracketRight"), key("PageDown")] },
  { command: "toggleReference", scope: "both", keys: [key("KeyG")] },
  { command: "togglePenMode", scope: "pen", keys: [key("KeyM")] },
  { command: "help", scope: "both", keys: [key("Slash", { shift: true }), key("F1")] },
];

/** The modifier state of a keyboard event (a DOM KeyboardEvent fits). */
export interface KeyPress {
  code: string;
  /** The character typed, when known: a Latin letter wins over the key's position. */
  key?: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

const inScope = (shortcut: Shortcut, scope: Exclude<CommandScope, "both">) =>
  shortcut.scope === "both" || shortcut.scope === scope;

/** The key position a press stands for: the letter's own key (`KeyZ`) for a typed Latin letter, else `code`. */
export function pressedCode(press: Pick<KeyPress, "code" | "key">): string {
  return press.key && /^[a-z]$/i.test(press.key) ? `Key${press.key.toUpperCase()}` : press.code;
}

/** The command a key press means in an editor, or null. Modifiers must match exactly. */
export function commandOfKey(press: KeyPress, scope: Exclude<CommandScope, "both">): CommandId | null {
  const mod = press.ctrlKey || press.metaKey;
  const code = pressedCode(press);
  for (const shortcut of SHORTCUTS) {
    if (!inScope(shortcut, scope)) continue;
    for (const binding of shortcut.keys) {
      if (
        binding.code === code &&
        Boolean(binding.mod) === mod &&
        Boolean(binding.shift) === press.shiftKey &&
        Boolean(binding.alt) === press.altKey
      ) {
        return shortcut.command;
      }
    }
  }
  return null;
}

/** The shortcuts of one editor, for its help panel. */
export const shortcutsOf = (scope: Exclude<CommandScope, "both">): Shortcut[] =>
  SHORTCUTS.filter((shortcut) => inScope(shortcut, scope));

const KEY_NAMES: Record<string, string> = {
  ArrowLeft: "←",
  ArrowRight: "→",
  ArrowUp: "↑",
  ArrowDown: "↓",
  BracketLeft: "[",
  BracketRight: "]",
  Comma: ",",
  Period: ".",
  Slash: "/",
  Equal: "=",
  Minus: "−",
  NumpadAdd: "Num +",
  NumpadSubtract: "Num −",
  NumpadEnter: "Num Enter",
  Numpad0: "Num 0",
  Escape: "Esc",
  Delete: "Del",
  Backspace: "⌫",
  PageUp: "PgUp",
  PageDown: "PgDn",
};

/** Keys whose cap shows the character the layout types, unlike named keys (arrows, Escape). */
const PRINTED_KEYS: Record<string, true> = {
  BracketLeft: true,
  BracketRight: true,
  Comma: true,
  Period: true,
  Slash: true,
  Equal: true,
  Minus: true,
};

/**
 * How a key binding is written on a key cap. Without a layout: US labels, which most keyboards print beside others.
 * With the user's layout (code → character typed, e.g. the browser's keyboard layout map), punctuation keys show what
 * that layout prints there (German "Ü" for BracketLeft), and a letter key whose place types a non-Latin letter shows
 * both ("Z/Я"): the Latin letter where the layout has it, the position's letter on a Cyrillic one.
 */
export function bindingLabel(
  binding: KeyBinding,
  platform: "mac" | "other",
  layout?: ReadonlyMap<string, string>,
): string {
  const typed = layout?.get(binding.code)?.toUpperCase();
  let name = KEY_NAMES[binding.code] ?? binding.code.replace(/^(Key|Digit)/, "");
  if (typed && binding.code.startsWith("Key")) {
    if (!/^[A-Z]$/.test(typed)) name = `${name}/${typed}`;
  } else if (typed && PRINTED_KEYS[binding.code]) {
    name = typed;
  }
  const parts: string[] = [];
  if (binding.mod) parts.push(platform === "mac" ? "⌘" : "Ctrl");
  if (binding.alt) parts.push(platform === "mac" ? "⌥" : "Alt");
  if (binding.shift) parts.push(platform === "mac" ? "⇧" : "Shift");
  parts.push(name);
  return parts.join(platform === "mac" ? "" : "+");
}
