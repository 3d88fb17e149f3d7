import { Paper, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import { useFontFace } from "./use-font-face.ts";

/** A box where the user types and sees the text in the font itself (loaded from its bytes with FontFace). */
export function FontPreviewBox(props: { bytes: ArrayBuffer | null; testId?: string; waitingText?: string }) {
  const { bytes, testId } = props;
  const { t } = useTranslation("workspace");
  const [text, setText] = useState(() => t("preview.sample"));
  const family = useFontFace(bytes);
  return (
    <Paper withBorder p="sm">
      <TextInput
        label={t("preview.label")}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        mb="xs"
      />
      {/* Only the text in the font is large; the note shown until the font is ready reads as a note. */}
      <Text
        data-testid={testId}
        data-font-loaded={family ? "true" : "false"}
        c={family ? undefined : "dimmed"}
        size={family ? undefined : "sm"}
        style={family ? { fontFamily: `"${family}", system-ui, sans-serif`, fontSize: 40, lineHeight: 1.3 } : undefined}
        aria-live="polite"
      >
        {family ? text : (props.waitingText ?? t("preview.notReady"))}
      </Text>
    </Paper>
  );
}
