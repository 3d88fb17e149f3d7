import type { FontFormat, FontSummary } from "@handfont/contract";
import { Anchor, Button, Group, Stack, Text } from "@mantine/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { AppLink } from "../../app/AppLink.tsx";
import { useTranslation } from "../../i18n/use-translation.ts";
import { ErrorNotice } from "../workspace/WorkspaceLayout.tsx";
import { saveBlob, workspaceApi } from "../workspace/workspace-api.ts";

function FontRow({ font }: { font: FontSummary }) {
  const { t } = useTranslation("account");
  const download = useMutation({
    mutationFn: async (file: { format: FontFormat; fileName: string }) =>
      saveBlob(await workspaceApi.downloadFont(font.id, file.format), file.fileName),
  });
  const files = font.lastBuild?.files ?? [];
  return (
    <Stack gap={4} data-testid="font-download">
      <Group justify="space-between" gap="xs">
        <Text fw={600} style={{ overflowWrap: "anywhere" }}>
          {font.name}
        </Text>
        {files.length > 0 ? (
          <Group gap={4}>
            {files.map((file) => (
              <Button
                key={file.format}
                size="compact-sm"
                variant="light"
                loading={download.isPending && download.variables?.format === file.format}
                onClick={() => download.mutate(file)}
                aria-label={t("delete.downloadFile", { name: font.name, format: file.format.toUpperCase() })}
              >
                {file.format.toUpperCase()}
              </Button>
            ))}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t("delete.notBuilt")}
          </Text>
        )}
      </Group>
      <ErrorNotice error={download.error} />
    </Stack>
  );
}

/** The user's fonts with a download of each built file, offered before the account (and the fonts) are deleted. */
export function FontDownloads() {
  const { t } = useTranslation("account");
  const fonts = useQuery({ queryKey: ["workspace", "fonts"], queryFn: workspaceApi.fonts });
  if (fonts.isPending) return null;
  if (fonts.isError) return <ErrorNotice error={fonts.error} />;
  if (fonts.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t("delete.noFonts")}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Text size="sm">{t("delete.downloadFirst")}</Text>
      {fonts.data.map((font) => (
        <FontRow key={font.id} font={font} />
      ))}
      {fonts.data.some((font) => !font.lastBuild) && (
        <Anchor component={AppLink} page="app" size="sm">
          {t("delete.buildThem")}
        </Anchor>
      )}
    </Stack>
  );
}
