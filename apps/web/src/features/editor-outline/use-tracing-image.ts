import type { LetterState } from "@handfont/contract";
import { useQuery } from "@tanstack/react-query";
import { useObjectUrl } from "../workspace/use-object-url.ts";
import { workspaceApi } from "../workspace/workspace-api.ts";
import type { TracingImage } from "./OutlineCanvas.tsx";

/**
 * The scan a letter was read from, to trace under its outline: fetched with the user's credentials (the picture is
 * theirs alone) when the letter's document says one was kept, and placed where the document says it lies.
 */
export function useTracingImage(
  fontId: string | null,
  letter: Pick<LetterState, "chars" | "variant" | "document"> | null,
): TracingImage | null {
  const source = letter?.document.source;
  const image = source?.kind === "scan" ? source.image : null;
  const picture = useQuery({
    queryKey: ["workspace", "letter-scan", fontId, letter?.chars, letter?.variant, image?.ref],
    enabled: fontId !== null && letter !== null && image !== null,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: () => workspaceApi.letterScan(fontId!, letter!.chars, letter!.variant),
  });
  const url = useObjectUrl(picture.data ?? null);
  return url && image ? { url, box: image.box } : null;
}
