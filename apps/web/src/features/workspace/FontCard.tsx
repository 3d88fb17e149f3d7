import type { FontFormat, FontSummary, JobStatus } from "@handfont/contract";
import { Alert, Badge, Button, Card, Group, Image, Menu, Stack, Text, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { pagePath } from "../../app/pages.ts";
import { useLanguage } from "../../app/use-language.ts";
import { formatDate } from "../../i18n/format.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { BuildProgress } from "./BuildProgress.tsx";
import { ConfirmDialog, useFocusReturn } from "./ConfirmDialog.tsx";
import { FontPreviewBox } from "./FontPreviewBox.tsx";
import { MergeDialog } from "./MergeDialog.tsx";
import { useObjectUrl } from "./use-object-url.ts";
import { useSingleFlight } from "./use-single-flight.ts";
import { ErrorNotice } from "./WorkspaceLayout.tsx";
import { saveBlob, workspaceApi } from "./workspace-api.ts";

const FORMATS: FontFormat[] = ["ttf", "otf", "woff2"];

const jobEnded = (job: JobStatus) => job.state === "done" || job.state === "failed";

/** One of the user's fonts: specimen, a typing preview in the font itself, build, download, copy, merge, remove. */
export function FontCard({ font, fonts }: { font: FontSummary; fonts: FontSummary[] }) {
  const { t } = useTranslation(["workspace", "manage"]);
  const language = useLanguage();
  const queryClient = useQueryClient();
  // A change refreshes what it changed: the list of summaries, never another font's bytes or specimen.
  const refreshList = useCallback(
    () => queryClient.invalidateQueries({ queryKey: ["workspace", "fonts"], exact: true }),
    [queryClient],
  );
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [merging, setMerging] = useState(false);
  const focus = useFocusReturn();
  const buildId = font.lastBuild?.id ?? null;

  const built = useQuery({
    queryKey: ["workspace", "font-bytes", font.id, buildId],
    enabled: buildId !== null,
    queryFn: async () => (await workspaceApi.downloadFont(font.id, "woff2")).arrayBuffer(),
  });
  const specimen = useQuery({
    queryKey: ["workspace", "specimen", font.id, buildId],
    enabled: font.specimenUrl !== null,
    queryFn: () => workspaceApi.specimen(font.specimenUrl!),
  });
  const specimenUrl = useObjectUrl(specimen.data ?? null);
  const replaceSummary = (summary: FontSummary) =>
    queryClient.setQueryData<FontSummary[]>(["workspace", "fonts"], (list) =>
      list?.map((entry) => (entry.id === summary.id ? summary : entry)),
    );
  // A build runs in the background: the card follows its job until it ends.
  const [buildJobId, setBuildJobId] = useState<string | null>(null);
  const build = useSingleFlight({
    mutationFn: () => workspaceApi.buildFont(font.id),
    onSuccess: (job) => setBuildJobId(job.id),
  });
  const buildJob = useQuery({
    queryKey: ["workspace", "job", buildJobId],
    enabled: buildJobId !== null,
    queryFn: () => workspaceApi.job(buildJobId!),
    refetchInterval: (query) => (query.state.data && jobEnded(query.state.data) ? false : 500),
  });
  const buildState = buildJob.data?.id === buildJobId ? buildJob.data : undefined;
  const building = buildJobId !== null && (!buildState || !jobEnded(buildState));
  useEffect(() => {
    if (buildState?.state !== "done") return;
    setBuildJobId(null);
    // The new build id changes this card's bytes and specimen keys, so only they are fetched again.
    void refreshList();
  }, [buildState?.state, refreshList]);
  const buildFailure = buildState?.state === "failed" && buildState.error ? new Error(buildState.error.message) : null;
  const copy = useSingleFlight({ mutationFn: () => workspaceApi.copyFont(font.id), onSuccess: refreshList });
  const remove = useSingleFlight({
    mutationFn: () => workspaceApi.removeFont(font.id),
    onSuccess: () => {
      queryClient.setQueryData<FontSummary[]>(["workspace", "fonts"], (list) =>
        list?.filter((entry) => entry.id !== font.id),
      );
      queryClient.removeQueries({ queryKey: ["workspace", "font-bytes", font.id] });
      queryClient.removeQueries({ queryKey: ["workspace", "specimen", font.id] });
      queryClient.removeQueries({ queryKey: ["workspace", "letters", `font:${font.id}`] });
    },
  });
  const merge = useSingleFlight({
    mutationFn: (input: { target: string; onConflict: "source" | "target" }) =>
      workspaceApi.joinFonts(font.id, input.target, input.onConflict),
    onSuccess: (joined) => {
      replaceSummary(joined.font);
      void queryClient.invalidateQueries({ queryKey: ["workspace", "letters", `font:${joined.font.id}`] });
    },
  });
  const download = useMutation({
    mutationFn: async (format: FontFormat) => {
      const file = font.lastBuild?.files.find((entry) => entry.format === format);
      saveBlob(await workspaceApi.downloadFont(font.id, format), file?.fileName ?? `font.${format}`);
    },
  });
  const closeDialogs = () => {
    setConfirmRemove(false);
    setMerging(false);
    focus.restore();
  };

  return (
    <Card withBorder padding="lg" component="article" aria-label={font.name} data-testid="font-card">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="h3">
            {font.name}
          </Title>
          <Badge variant="light">{t("fonts.counts", { count: font.characterCount })}</Badge>
        </Group>
        {specimenUrl && (
          <Image src={specimenUrl} alt={t("fonts.specimen", { name: font.name })} mah={160} fit="contain" />
        )}
        <Text size="sm" c="dimmed">
          {font.lastBuild
            ? t("fonts.lastBuild", {
                date: formatDate(new Date(font.lastBuild.createdAt), language, {
                  dateStyle: "medium",
                  timeStyle: "short",
                }),
              })
            : t("fonts.notBuilt")}
        </Text>
        {font.lastBuild?.diagnostics.map((diagnostic) => (
          // Notes (accents built for you) are information, not warnings: only warnings are yellow.
          <Text
            key={`${diagnostic.code}-${diagnostic.message}`}
            size="sm"
            c={diagnostic.severity === "warning" ? "yellow.4" : "dimmed"}
          >
            {diagnostic.message}
          </Text>
        ))}
        {building && buildState && <BuildProgress job={buildState} />}
        {font.characterCount === 0 && (
          // An empty font has nothing to build yet: say how letters get in.
          <Text size="sm" data-testid="font-empty">
            {t("letters.emptyFont")}
          </Text>
        )}
        <FontPreviewBox bytes={built.data ?? null} testId="font-preview" />
        <Group gap="xs">
          <Button onClick={() => build.run()} loading={build.isPending || building}>
            {t("fonts.build")}
          </Button>
          <Menu>
            <Menu.Target>
              <Button variant="light" disabled={!font.lastBuild}>
                {t("fonts.download")}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {FORMATS.map((format) => (
                <Menu.Item key={format} onClick={() => download.mutate(format)}>
                  {format.toUpperCase()}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
          <Button variant="default" component={Link} to={`${pagePath(language, "appShowSvg")}?font=${font.id}`}>
            {t("fonts.edit")}
          </Button>
          <Button
            variant={font.characterCount === 0 ? "filled" : "default"}
            component={Link}
            to={`${pagePath(language, "editor")}?font=${font.id}`}
          >
            {t("fonts.draw")}
          </Button>
          {font.characterCount > 0 && (
            <Button variant="default" component={Link} to={`${pagePath(language, "editorSvg")}?font=${font.id}`}>
              {t("fonts.editOutlines")}
            </Button>
          )}
          <Button variant="default" onClick={() => copy.run()} loading={copy.isPending}>
            {t("fonts.copy")}
          </Button>
          <Button
            variant="default"
            disabled={fonts.length < 2}
            onClick={() => {
              focus.remember();
              setMerging(true);
            }}
          >
            {t("fonts.merge")}
          </Button>
          <Button
            variant="subtle"
            color="red"
            onClick={() => {
              focus.remember();
              setConfirmRemove(true);
            }}
          >
            {t("fonts.remove")}
          </Button>
        </Group>
        {[build.error, buildFailure, copy.error, remove.error, merge.error, download.error].map((error, index) =>
          error ? <ErrorNotice key={String(index)} error={error} /> : null,
        )}
        {merge.data && (
          <Alert color="teal" variant="light" role="status" data-testid="merge-done">
            {t("manage:merge.done", {
              target: merge.data.font.name,
              added: merge.data.added,
              replaced: merge.data.replaced,
              kept: merge.data.kept,
            })}
          </Alert>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirmRemove}
        title={t("fonts.removeTitle")}
        message={t("fonts.removeQuestion", { name: font.name })}
        confirmLabel={t("fonts.remove")}
        danger
        onClose={closeDialogs}
        onConfirm={() => {
          closeDialogs();
          remove.run();
        }}
      />
      {merging && (
        <MergeDialog
          opened
          source={font}
          fonts={fonts}
          onClose={closeDialogs}
          onMerge={(target, onConflict) => {
            closeDialogs();
            merge.run({ target, onConflict });
          }}
        />
      )}
    </Card>
  );
}
