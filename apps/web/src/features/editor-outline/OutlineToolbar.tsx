import { bindingLabel, type CommandId, shortcutsOf } from "@handfont/editor";
import { ActionIcon, Group, Kbd, Modal, Table, Tooltip } from "@mantine/core";
import { memo, type ReactNode } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import { keyPlatform, useKeyboardLayout } from "../glyph-editing/use-editor-shortcuts.ts";

const SHORTCUTS = shortcutsOf("outline");

/** The key of a command's name in the texts ("tool.select" → "commands.tool-select"). */
export const commandName = (command: CommandId) => `commands.${command.replace(".", "-")}`;

/** The keys of a command as the user's key caps read, "Ctrl+Z / Ctrl+Y"; empty when it has none. */
function keysOf(command: CommandId, layout: ReadonlyMap<string, string> | undefined): string {
  const shortcut = SHORTCUTS.find((entry) => entry.command === command);
  return shortcut ? shortcut.keys.map((key) => bindingLabel(key, keyPlatform(), layout)).join(" / ") : "";
}

const CopyIcon = () => (
  <svg
    width="18"
    height="18"
    viewBox="0 0 18 18"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.5"
    aria-hidden="true"
  >
    <rect x="6" y="6" width="9" height="9" rx="1.5" />
    <path d="M3.5 12V4.5a1 1 0 0 1 1-1H12" />
  </svg>
);

const PasteIcon = () => (
  <svg
    width="18"
    height="18"
    viewBox="0 0 18 18"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.5"
    aria-hidden="true"
  >
    <rect x="3.5" y="3.5" width="11" height="12" rx="1.5" />
    <rect x="6.5" y="2" width="5" height="3" rx="1" />
  </svg>
);

/** Toolbar groups in order: tools, history, points, contours, transforms, clipboard, view. */
const GROUPS: { id: string; commands: { command: CommandId; icon: ReactNode }[] }[] = [
  {
    id: "tools",
    commands: [
      { command: "tool.select", icon: "↖" },
      { command: "tool.addPoint", icon: "+•" },
      { command: "tool.contourPen", icon: "✒" },
    ],
  },
  {
    id: "history",
    commands: [
      { command: "undo", icon: "↶" },
      { command: "redo", icon: "↷" },
    ],
  },
  {
    id: "points",
    commands: [
      { command: "delete", icon: "⌫" },
      { command: "toggleSmooth", icon: "◇" },
    ],
  },
  {
    id: "contours",
    commands: [
      { command: "deleteContour", icon: "✕" },
      { command: "reverse", icon: "⇄" },
      { command: "removeOverlap", icon: "⊕" },
    ],
  },
  {
    id: "transform",
    commands: [
      { command: "flipHorizontal", icon: "⇋" },
      { command: "flipVertical", icon: "⇅" },
      { command: "rotateLeft", icon: "⟲" },
      { command: "rotateRight", icon: "⟳" },
    ],
  },
  {
    id: "clipboard",
    commands: [
      { command: "copy", icon: <CopyIcon /> },
      { command: "paste", icon: <PasteIcon /> },
    ],
  },
  {
    id: "view",
    commands: [
      { command: "zoomOut", icon: "−" },
      { command: "zoomIn", icon: "+" },
      { command: "fit", icon: "⤢" },
      { command: "toggleReference", icon: "▦" },
      { command: "help", icon: "?" },
    ],
  },
];

/**
 * The outline editor's buttons, each with its name and keys in a tooltip. The active tool and the tracing layer
 * show as pressed; commands with nothing to act on are disabled.
 */
export const OutlineToolbar = memo(function OutlineToolbar(props: {
  tool: string;
  tracingShown: boolean | null;
  /** The commands that have nothing to act on now, comma-separated. */
  disabled: string;
  onCommand: (command: CommandId) => void;
}) {
  const { t } = useTranslation("editor-outline");
  const disabled = new Set(props.disabled.split(","));
  const layout = useKeyboardLayout();
  return (
    <Group gap="xs" role="toolbar" aria-label={t("toolbar.label")} wrap="wrap">
      {GROUPS.map((group) => (
        <Group key={group.id} gap={2} role="group" aria-label={t(`toolbar.${group.id}`)}>
          {group.commands
            .filter(({ command }) => command !== "toggleReference" || props.tracingShown !== null)
            .map(({ command, icon }) => {
              const keys = keysOf(command, layout);
              const name = t(commandName(command));
              const pressed = command.startsWith("tool.")
                ? props.tool === command.slice(5)
                : command === "toggleReference"
                  ? Boolean(props.tracingShown)
                  : undefined;
              return (
                <Tooltip key={command} label={keys ? `${name} (${keys})` : name} openDelay={300}>
                  <ActionIcon
                    size={44}
                    variant={pressed ? "filled" : "default"}
                    aria-label={name}
                    aria-keyshortcuts={keys || undefined}
                    aria-pressed={pressed}
                    disabled={disabled.has(command)}
                    onClick={(event) => {
                      // A button clicked with the pointer gives focus back, so Space pans the canvas instead of
                      // pressing the button again; one pressed from the keyboard keeps it.
                      if (event.detail > 0) event.currentTarget.blur();
                      props.onCommand(command);
                    }}
                    data-command={command}
                  >
                    <span aria-hidden="true" style={{ fontSize: 18, lineHeight: 1 }}>
                      {icon}
                    </span>
                  </ActionIcon>
                </Tooltip>
              );
            })}
        </Group>
      ))}
    </Group>
  );
});

/** Every shortcut of the outline editor with its keys, in the user's language. */
export function ShortcutHelp(props: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation("editor-outline");
  const layout = useKeyboardLayout();
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t("help.title")} size="lg">
      <Table striped>
        <Table.Tbody>
          {SHORTCUTS.map((shortcut) => (
            <Table.Tr key={shortcut.command}>
              <Table.Td>{t(commandName(shortcut.command))}</Table.Td>
              <Table.Td>
                {shortcut.keys.map((key) => (
                  <Kbd key={bindingLabel(key, "other")} mr={4}>
                    {bindingLabel(key, keyPlatform(), layout)}
                  </Kbd>
                ))}
              </Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Td>{t("help.pan")}</Table.Td>
            <Table.Td>
              <Kbd>{t("help.space")}</Kbd>
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
