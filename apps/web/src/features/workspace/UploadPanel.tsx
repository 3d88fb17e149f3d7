import type { ScanStatus } from "@handfont/contract";
import { SCAN_FILE_EXTENSIONS, UPLOAD_LIMITS } from "@handfont/contract";
import { Alert, Badge, Card, Group, List, Progress, Stack, Text } from "@mantine/core";
import { Dropzone, type FileRejection } from "@mantine/dropzone";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/errors.ts";
import { CameraIcon } from "../../app/icons.tsx";
import { type UploadItem, useScanUploads } from "./use-scan-uploads.ts";

const STATUS_COLOURS = { queued: "gray", reading: "blue", done: "teal", failed: "red" } as const;

function UploadRow({ item }: { item: UploadItem }) {
  const { t } = useTranslation("workspace");
  const scan = item.scan;
  const reading = scan ? scan.progress : 0;
  const failed = Boolean(item.error) || scan?.status === "failed";
  const errorMessage = item.error instanceof ApiError || item.error instanceof Error ? item.error.message : null;
  return (
    <Card withBorder padding="sm" data-testid="upload-item">
      <Group justify="space-between" mb={6}>
        <Text fw={600} style={{ overflowWrap: "anywhere" }}>
          {item.fileName}
        </Text>
        <Badge color={failed ? "red" : scan ? STATUS_COLOURS[scan.status] : "gray"} data-testid="upload-status">
          {failed ? t("upload.status.failed") : scan ? t(`upload.status.${scan.status}`) : t("upload.status.uploading")}
        </Badge>
      </Group>
      <Progress.Root size="lg" aria-label={t("upload.progressLabel", { file: item.fileName })}>
        <Progress.Section value={item.uploaded * 30} color="gray" />
        <Progress.Section value={reading * 0.7} color={failed ? "red" : "teal"} />
      </Progress.Root>
      {errorMessage && (
        <Text c="red.4" size="sm" mt={6} role="alert">
          {errorMessage}
        </Text>
      )}
      {scan?.error && (
        <Text c="red.4" size="sm" mt={6} role="alert">
          {scan.error.message}
        </Text>
      )}
      {scan && scan.status !== "queued" && scan.pages.length > 0 && (
        <List size="sm" mt={6}>
          {scan.pages.map((page) => (
            <List.Item key={page.filePage}>
              {page.error
                ? t("upload.pageError", { page: page.filePage, message: page.error.message })
                : t("upload.pageRead", { page: page.page ?? page.filePage, count: page.lettersFound })}
              {page.cellWarnings.length > 0 && (
                <Text c="yellow.4" size="sm">
                  {t("upload.cellWarnings", { count: page.cellWarnings.length })}
                </Text>
              )}
              {page.warnings.map((warning) => (
                <Text key={warning.code} c="yellow.4" size="sm">
                  {warning.message}
                </Text>
              ))}
            </List.Item>
          ))}
        </List>
      )}
    </Card>
  );
}

/** Drag and drop of photos or scans of filled-in pages, with upload and reading progress per file. */
export function UploadPanel({ onRead }: { onRead: (scan: ScanStatus) => void }) {
  const { t } = useTranslation("workspace");
  const { items, upload } = useScanUploads(onRead);
  const [rejected, setRejected] = useState<FileRejection[]>([]);
  return (
    <Stack gap="sm">
      <Dropzone
        onDrop={(files) => {
          setRejected([]);
          upload(files);
        }}
        onReject={setRejected}
        accept={SCAN_FILE_EXTENSIONS}
        maxSize={UPLOAD_LIMITS.scanFileBytes}
        maxFiles={UPLOAD_LIMITS.scanFiles}
        multiple
        name="files"
        aria-label={t("upload.dropLabel")}
      >
        <Group justify="center" gap="lg" mih={120} style={{ pointerEvents: "none" }}>
          <CameraIcon size={40} />
          <div>
            <Text size="lg">{t("upload.dropTitle")}</Text>
            <Text size="sm" c="dimmed">
              {t("upload.dropHint")}
            </Text>
          </div>
        </Group>
      </Dropzone>
      {rejected.length > 0 && (
        <Alert color="red" role="alert">
          {t("upload.rejected", { files: rejected.map((entry) => entry.file.name).join(", ") })}
        </Alert>
      )}
      {items.map((item) => (
        <UploadRow key={item.key} item={item} />
      ))}
    </Stack>
  );
}
