import { bindingLabel, type CommandId, shortcutsOf } from "@handfont/editor";
import { Kbd, Modal, Table } from "@mantine/core";
import { useTranslation } from "../../i18n/use-translation.ts";
import { keyPlatform, useKeyboardLayout } from "../glyph-editing/use-editor-shortcuts.ts";

/** The pen editor's commands that have a shortcut here (the outline editor's are listed on its own page). */
export const PEN_COMMANDS: readonly CommandId[] = [
  "undo",
  "redo",
  "tool.pen",
  "tool.strokeEraser",
  "tool.partialEraser",
  "cancel",
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
];

/** The keyboard shortcuts, labelled as the user's keyboard shows them where the browser says which layout it is. */
export function ShortcutHelp({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation("editor");
  const layout = useKeyboardLayout();
  const platform = keyPlatform();
  const shortcuts = shortcutsOf("pen").filter((shortcut) => PEN_COMMANDS.includes(shortcut.command));
  return (
    <Modal opened={opened} onClose={onClose} title={t("shortcuts.title")} size="lg">
      <Table data-testid="shortcut-help">
        <Table.Tbody>
          {shortcuts.map((shortcut) => (
            <Table.Tr key={shortcut.command}>
              <Table.Td>{t(`commands.${shortcut.command.replace(".", "_")}`)}</Table.Td>
              <Table.Td>
                {shortcut.keys.map((binding) => (
                  <Kbd key={bindingLabel(binding, "other")} mr={6}>
                    {bindingLabel(binding, platform, layout)}
                  </Kbd>
                ))}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
