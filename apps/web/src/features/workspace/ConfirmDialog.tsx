import { Box, Button, Group, Modal, Text } from "@mantine/core";
import { useRef } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";

/** Spec §9: after a dialog closes, focus goes back to what opened it after 100 ms. */
export const FOCUS_RESTORE_DELAY_MS = 100;

/** Remembers the focused element when a dialog opens and gives focus back to it after the spec's delay. */
export function useFocusReturn() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    remember() {
      opener.current = document.activeElement as HTMLElement | null;
    },
    restore() {
      const target = opener.current;
      window.setTimeout(() => target?.focus(), FOCUS_RESTORE_DELAY_MS);
    },
  };
}

/**
 * A yes/no question in a dialog with the spec's defaults (§9): buttons OK and Cancel (and No when the question has
 * a third answer), the close button labelled "Close this dialog", focus restored 100 ms after closing. A question
 * about an action names it on its button ("Remove", "Delete account") instead of a bare OK.
 */
export function ConfirmDialog(props: {
  opened: boolean;
  title: string;
  message: string;
  onConfirm: () => void;
  onClose: () => void;
  onNo?: () => void;
  danger?: boolean;
  /** The action's name on the confirming button; the spec's OK when the question is not about one action. */
  confirmLabel?: string;
  /** Disables the confirming button until its condition holds (say, a username typed again). */
  confirmDisabled?: boolean;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation("workspace");
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      returnFocus={false}
      closeButtonProps={{ "aria-label": t("dialog.close") }}
      centered
    >
      <Text mb="lg">{props.message}</Text>
      {props.children && <Box mb="lg">{props.children}</Box>}
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onClose}>
          {t("dialog.cancel")}
        </Button>
        {props.onNo && (
          <Button variant="default" onClick={props.onNo}>
            {t("dialog.no")}
          </Button>
        )}
        <Button
          color={props.danger ? "red" : undefined}
          onClick={props.onConfirm}
          disabled={props.confirmDisabled}
          data-autofocus
        >
          {props.confirmLabel ?? t("dialog.ok")}
        </Button>
      </Group>
    </Modal>
  );
}
