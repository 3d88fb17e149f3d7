import type { JobStatus } from "@handfont/contract";
import { Progress, Stack, Text } from "@mantine/core";
import { useTranslation } from "../../i18n/use-translation.ts";

/** A font build under way, as its job reports it: waiting for a worker, then how far it got. */
export function BuildProgress({ job }: { job: JobStatus }) {
  const { t } = useTranslation("jobs");
  const label = job.state === "queued" ? t("build.queued") : t("build.running", { progress: job.progress });
  return (
    <Stack gap={4} role="status" data-testid="build-progress">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Progress value={job.progress} animated aria-label={t("build.label")} />
    </Stack>
  );
}
