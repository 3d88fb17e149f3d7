import type { TemplateSummary } from "@handfont/contract";
import { Button } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import { ConfirmDialog, useFocusReturn } from "./ConfirmDialog.tsx";
import { useSingleFlight } from "./use-single-flight.ts";
import { ErrorNotice } from "./WorkspaceLayout.tsx";
import { workspaceApi } from "./workspace-api.ts";

/** Deletes one of the user's own templates after asking; its letters go with it, fonts made from them stay. */
export function DeleteTemplateButton({ template, onDeleted }: { template: TemplateSummary; onDeleted?: () => void }) {
  const { t } = useTranslation("manage");
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const focus = useFocusReturn();
  const remove = useSingleFlight({
    mutationFn: () => workspaceApi.removeTemplate(template.id),
    onSuccess: () => {
      onDeleted?.();
      void queryClient.invalidateQueries({ queryKey: ["workspace"] });
    },
  });
  const close = () => {
    setAsking(false);
    focus.restore();
  };
  return (
    <>
      <Button
        variant="subtle"
        color="red"
        loading={remove.isPending}
        onClick={() => {
          focus.remember();
          setAsking(true);
        }}
      >
        {t("templates.delete")}
      </Button>
      <ErrorNotice error={remove.error} />
      <ConfirmDialog
        opened={asking}
        title={t("templates.deleteTitle")}
        message={t("templates.deleteQuestion", { name: template.name })}
        confirmLabel={t("templates.deleteConfirm")}
        danger
        onClose={close}
        onConfirm={() => {
          close();
          remove.run();
        }}
      />
    </>
  );
}
