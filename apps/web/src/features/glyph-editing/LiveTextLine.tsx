import { Paper, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { PreviewLetter } from "../workspace/preview-project.ts";
import { useFontFace } from "../workspace/use-font-face.ts";
import { type PreviewFont, useLivePreview } from "../workspace/use-live-preview.ts";

/**
 * A line of text set in the font being built, compiled in the browser (the Letters page's preview worker, through
 * the engine's fontProjectFromLetters, as a build) whenever the letters change. `autoText` is shown until the user
 * types their own; characters the font lacks fall back to the system font.
 */
export function LiveTextLine(props: {
  letters: PreviewLetter[];
  font: PreviewFont | null;
  autoText: string;
  testId?: string;
  /** Quiet time before compiling; 0 suits discrete edits such as a finished stroke. */
  debounceMs?: number;
}) {
  const { t } = useTranslation("glyph-editing");
  const [typed, setTyped] = useState<string | null>(null);
  const bytes = useLivePreview(props.letters, props.font, props.debounceMs);
  const family = useFontFace(bytes);
  const text = typed ?? props.autoText;
  return (
    <Paper withBorder p="xs">
      <TextInput
        size="sm"
        label={t("liveText.label")}
        value={text}
        onChange={(event) => setTyped(event.currentTarget.value)}
        mb={4}
      />
      <Text
        data-testid={props.testId ?? "live-text"}
        data-font-loaded={family ? "true" : "false"}
        data-font-face={family ?? ""}
        c={family ? undefined : "dimmed"}
        size={family ? undefined : "sm"}
        style={
          family
            ? {
                fontFamily: `"${family}", system-ui, sans-serif`,
                fontSize: 36,
                lineHeight: 1.3,
                whiteSpace: "nowrap",
                overflowX: "auto",
              }
            : undefined
        }
        aria-live="polite"
      >
        {family ? text : props.letters.length === 0 ? t("liveText.empty") : t("liveText.waiting")}
      </Text>
    </Paper>
  );
}
