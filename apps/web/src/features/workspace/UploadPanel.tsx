import "@mantine/dropzone/styles.css";
import type { ScanStatus } from "@handfont/contract";
import { SCAN_FILE_EXTENSIONS, UPLOAD_LIMITS } from "@handfont/contract";
import { Alert, Badge, Button, Card, CloseButton, Group, Progress, Stack, Text } from "@mantine/core";
import { Dropzone, type FileRejection } from "@mantine/dropzone";
import { useState } from "react";
import { CameraIcon } from "../../app/icons.tsx";
import { useLanguage } from "../../app/use-language.ts";
import { formatDate } from "../../i18n/format.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { describeScan, type ScanLine } from "./scan-summary.ts";
import classes from "./UploadPanel.module.css";
import { type Sending, useScanUploads } from "./use-scan-uploads.ts";
import { ErrorNotice } from "./WorkspaceLayout.tsx";

const STATUS_COLOURS = { queued: "gray", reading: "blue", done: "teal", failed: "red" } as const;
/** Uploads shown before "show all": enough for a few sessions of pages. */
const SHOWN_AT_FIRST = 8;

function Line({ line }: { line: ScanLine }) {
  const { t } = useTranslation(["workspace", "manage"]);
  switch (line.kind) {
    case "read":
      return <Text size="sm">{t("upload.pageRead", { page: line.page, count: line.count })}</Text>;
    case "empty":
      return (
        <Text size="sm" c="yellow.4">
          {t("manage:uploads.empty", { page: line.page })}
        </Text>
      );
    case "warning":
      return (
        <Text size="sm" c="yellow.4">
          {line.message}
        </Text>
      );
    case "cellWarnings":
      return (
        <Text size="sm" c="yellow.4">
          {t("upload.cellWarnings", { count: line.count })}
        </Text>
      );
    case "erased":
      return (
        <Text size="sm" c="yellow.4">
          {t("upload.erased", { page: line.page, count: line.letters.length, letters: line.letters.join(" ") })}
        </Text>
      );
    case "pageError":
      return (
        <Text size="sm" c="red.4" role="alert">
          {t("upload.pageError", { page: line.page, message: line.message })}
        </Text>
      );
    case "error":
      return (
        <Text size="sm" c="red.4" role="alert">
          {line.message}
        </Text>
      );
  }
}

function Row(props: {
  fileName: string;
  badge: { label: string; colour: string };
  progress: { uploaded: number; read: number; failed: boolean };
  when?: string;
  removeLabel: string;
  onRemove: () => void;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation("workspace");
  return (
    <Card withBorder padding="sm" data-testid="upload-item">
      <Group justify="space-between" wrap="nowrap" mb={6} gap="xs">
        <Text fw={600} style={{ overflowWrap: "anywhere" }}>
          {props.fileName}
        </Text>
        <Group gap={4} wrap="nowrap">
          <Badge color={props.badge.colour} data-testid="upload-status">
            {props.badge.label}
          </Badge>
          <CloseButton size="sm" aria-label={props.removeLabel} onClick={props.onRemove} />
        </Group>
      </Group>
      <Progress.Root size="lg" aria-label={t("upload.progressLabel", { file: props.fileName })}>
        <Progress.Section value={props.progress.uploaded * 30} color="gray" />
        <Progress.Section value={props.progress.read * 0.7} color={props.progress.failed ? "red" : "teal"} />
      </Progress.Root>
      {props.when && (
        <Text size="xs" c="dimmed" mt={4}>
          {props.when}
        </Text>
      )}
      {props.children}
    </Card>
  );
}

function SendingRow({ item, onDismiss }: { item: Sending; onDismiss: () => void }) {
  const { t } = useTranslation(["workspace", "manage"]);
  const failed = Boolean(item.error);
  return (
    <Row
      fileName={item.fileName}
      badge={{
        label: failed ? t("upload.status.failed") : t("upload.status.uploading"),
        colour: failed ? "red" : "gray",
      }}
      progress={{ uploaded: failed ? 1 : item.uploaded, read: failed ? 100 : 0, failed }}
      removeLabel={t("manage:uploads.remove", { file: item.fileName })}
      onRemove={onDismiss}
    >
      {failed && (
        <Text c="red.4" size="sm" mt={6} role="alert">
          {item.error instanceof Error ? item.error.message : String(item.error)}
        </Text>
      )}
    </Row>
  );
}

function ScanRow({ scan, onRemove }: { scan: ScanStatus; onRemove: () => void }) {
  const { t } = useTranslation(["workspace", "manage"]);
  const language = useLanguage();
  const { lines, attention } = describeScan(scan);
  const active = scan.status === "queued" || scan.status === "reading";
  const checkIt = scan.status === "done" && attention === "action";
  const warned = scan.status === "done" && attention === "warning";
  return (
    <Row
      fileName={scan.fileName}
      badge={{
        label: checkIt ? t("manage:uploads.check") : t(`upload.status.${scan.status}`),
        colour: checkIt || warned ? "yellow" : STATUS_COLOURS[scan.status],
      }}
      progress={{ uploaded: 1, read: scan.progress, failed: scan.status === "failed" }}
      when={t("manage:uploads.uploadedAt", {
        date: formatDate(new Date(scan.createdAt), language, { dateStyle: "medium", timeStyle: "short" }),
      })}
      removeLabel={
        active
          ? t("manage:uploads.cancel", { file: scan.fileName })
          : t("manage:uploads.remove", { file: scan.fileName })
      }
      onRemove={onRemove}
    >
      {lines.length > 0 && (
        <Stack gap={2} mt={6}>
          {lines.map((line) => (
            <Line key={JSON.stringify(line)} line={line} />
          ))}
        </Stack>
      )}
    </Row>
  );
}

/**
 * Drag and drop of photos or scans of filled-in pages, and the user's uploads with their progress and results: the
 * ones sent from here and the ones the server is still reading or has read, also after a reload.
 */
export function UploadPanel({ onRead }: { onRead: (scan: ScanStatus) => void }) {
  const { t } = useTranslation(["workspace", "manage"]);
  const { sending, scans, upload, remove, clear, dismiss } = useScanUploads(onRead);
  const [rejected, setRejected] = useState<FileRejection[]>([]);
  const [showAll, setShowAll] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const act = (action: () => Promise<unknown>) => {
    setFailure(null);
    action().catch(setFailure);
  };
  const list = scans.data ?? [];
  const shown = showAll ? list : list.slice(0, SHOWN_AT_FIRST);
  const finished = list.some((scan) => scan.status === "done" || scan.status === "failed");
  return (
    <Stack gap="sm">
      <Dropzone
        className={classes.dropzone}
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
      <ErrorNotice error={scans.error ?? failure} />
      {(sending.length > 0 || list.length > 0) && (
        <Group justify="space-between">
          <Text fw={600}>{t("manage:uploads.listTitle")}</Text>
          {(finished || sending.some((item) => item.error)) && (
            <Button variant="subtle" size="compact-sm" onClick={() => act(clear)}>
              {t("manage:uploads.clear")}
            </Button>
          )}
        </Group>
      )}
      {sending.map((item) => (
        <SendingRow key={item.key} item={item} onDismiss={() => dismiss(item.key)} />
      ))}
      {shown.map((scan) => (
        <ScanRow key={scan.id} scan={scan} onRemove={() => act(() => remove(scan.id))} />
      ))}
      {list.length > shown.length && (
        <Button variant="default" onClick={() => setShowAll(true)}>
          {t("manage:uploads.showAll", { count: list.length })}
        </Button>
      )}
    </Stack>
  );
}
