import { CHARACTER_SET_IDS, type CharacterSetId, type LetterState } from "@handfont/contract";
import { Alert, Anchor, Button, Card, Group, Select, SimpleGrid, Text, TextInput } from "@mantine/core";
import { type FormEvent, useEffect, useMemo, useState } from "react";
import { Link } from "react-router";
import { useTranslation } from "../../i18n/use-translation.ts";
import { displayChars } from "../workspace/display-chars.ts";
import { type GlyphEdit, GlyphTile } from "../workspace/GlyphTile.tsx";
import { filterLetters, findCharacter, type GridEntry, hasOthers, type LetterFilter, setsOf } from "./letter-filter.ts";

/** Boxes drawn at first and added per "show more": a phone scrolls a few screens, not the whole font. */
export const GRID_PAGE = 120;

const encode = (filter: LetterFilter) => (filter.kind === "set" ? `set:${filter.set}` : filter.kind);
function decode(value: string): LetterFilter {
  if (value.startsWith("set:")) return { kind: "set", set: value.slice(4) as CharacterSetId };
  return { kind: value as "all" | "warnings" | "missing" | "other" };
}

const codes = (chars: string) => [...chars].map((char) => char.codePointAt(0)!.toString(16)).join("-");
/** An element id for a box: code points, since a letter may be any character (a quote, a space-like mark). */
const entryId = (entry: GridEntry<LetterState>) =>
  entry.kind === "letter"
    ? `letter-${entry.letter.variant}-${codes(entry.letter.chars)}`
    : `${entry.kind}-${codes(entry.chars)}`;

function MissingTile({ chars, drawHref }: { chars: string; drawHref?: string }) {
  const { t } = useTranslation(["letters", "workspace"]);
  return (
    <Card
      withBorder
      padding="xs"
      data-testid="missing-tile"
      style={{ borderStyle: "dashed" }}
      aria-label={t("grid.missingLabel", { chars: displayChars(chars) })}
    >
      <Text fw={700}>{displayChars(chars)}</Text>
      <Text size="xs" c="dimmed">
        {t("grid.missing")}
      </Text>
      {drawHref && (
        <Anchor component={Link} to={drawHref} size="xs" aria-label={t("workspace:letters.drawThis", { label: chars })}>
          {t("workspace:letters.drawLink")}
        </Anchor>
      )}
    </Card>
  );
}

/** An accented letter nobody wrote that the font builds from a written letter and mark; drawing one's own wins. */
function ComposedTile({
  chars,
  base,
  mark,
  drawHref,
}: {
  chars: string;
  base: string;
  mark: string;
  drawHref?: string;
}) {
  const { t } = useTranslation(["letters", "workspace"]);
  const parts = { chars, base, mark: displayChars(mark) };
  return (
    <Card withBorder padding="xs" data-testid="composed-tile" aria-label={t("grid.composedLabel", parts)}>
      <Text fw={700}>{chars}</Text>
      <Text size="xs" c="dimmed">
        {t("grid.composed", parts)}
      </Text>
      {drawHref && (
        <Anchor component={Link} to={drawHref} size="xs" aria-label={t("workspace:letters.drawThis", { label: chars })}>
          {t("grid.drawOwn")}
        </Anchor>
      )}
    </Card>
  );
}

/**
 * The letters of a font or letter set as a grid that stays usable at a thousand letters on a phone: a filter (all,
 * with warnings, missing, one character set), a jump to a character, and the boxes drawn a page at a time. Give it
 * a `key` per font, so another font starts at "all".
 */
export function LettersGrid(props: {
  letters: LetterState[];
  editOf?: (letter: LetterState) => GlyphEdit | undefined;
  onEdit?: (letter: LetterState, edit: GlyphEdit) => void;
  /** The font the letters belong to: each tile then links to the outline editor. */
  fontId?: string;
  /** Where a letter (drawn or missing) is drawn in the pen editor; for a font's letters. */
  drawHref?: (chars: string, variant: number) => string;
  /** Whether the font builds accented letters from written marks (its setting; on unless it says otherwise). */
  composes?: boolean;
}) {
  const { t } = useTranslation(["letters", "workspace"]);
  const { letters } = props;
  const composes = props.composes ?? true;
  const [filter, setFilter] = useState<LetterFilter>({ kind: "all" });
  const [limit, setLimit] = useState(GRID_PAGE);
  const [typed, setTyped] = useState("");
  const [notFound, setNotFound] = useState<string | null>(null);
  const [target, setTarget] = useState<string | null>(null);

  const entries = useMemo(() => filterLetters(letters, filter, composes), [letters, filter, composes]);
  const sets = useMemo(() => setsOf(letters), [letters]);
  const warned = useMemo(() => letters.filter((letter) => letter.warnings.length > 0).length, [letters]);
  const missing = useMemo(() => filterLetters(letters, { kind: "missing" }, composes).length, [letters, composes]);
  const options = [
    { value: "all", label: t("grid.all", { count: letters.length }) },
    { value: "warnings", label: t("grid.withWarnings", { count: warned }) },
    { value: "missing", label: t("grid.missingCount", { count: missing }) },
    ...CHARACTER_SET_IDS.filter((id) => sets.includes(id)).map((id) => ({
      value: `set:${id}`,
      label: t(`workspace:sets.${id}`),
    })),
    ...(hasOthers(letters) ? [{ value: "other", label: t("grid.other") }] : []),
  ];

  // After a jump, the box is scrolled to the middle of the screen (below the sticky preview) and focused.
  useEffect(() => {
    if (!target) return;
    const element = document.getElementById(target);
    if (!element) return;
    element.scrollIntoView({ block: "center" });
    element.querySelector<HTMLElement>("button, input, [tabindex]")?.focus({ preventScroll: true });
    setTarget(null);
  }, [target]);

  const jump = (event: FormEvent) => {
    event.preventDefault();
    let list = entries;
    let index = findCharacter(list, typed);
    if (index < 0 && filter.kind !== "all") {
      // Not under this filter: look among all the letters and switch to them.
      list = filterLetters(letters, { kind: "all" });
      index = findCharacter(list, typed);
      if (index >= 0) setFilter({ kind: "all" });
    }
    if (index < 0) {
      setNotFound(typed.trim());
      return;
    }
    setNotFound(null);
    setLimit((now) => Math.max(now, Math.ceil((index + 1) / GRID_PAGE) * GRID_PAGE));
    setTarget(entryId(list[index]!));
  };

  const shown = entries.slice(0, limit);
  return (
    <>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={t("grid.filter")}
          data={options}
          value={encode(filter)}
          onChange={(value) => {
            if (!value) return;
            setFilter(decode(value));
            setLimit(GRID_PAGE);
          }}
          allowDeselect={false}
          w={260}
          maw="100%"
        />
        <form onSubmit={jump} style={{ display: "flex", gap: 8, alignItems: "flex-end" }}>
          <TextInput
            label={t("grid.jump")}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            w={120}
            maxLength={16}
          />
          <Button type="submit" variant="default" disabled={!typed.trim()}>
            {t("grid.go")}
          </Button>
        </form>
      </Group>
      {notFound && (
        <Alert color="gray" role="status" data-testid="jump-not-found">
          {t("grid.notFound", { chars: notFound })}
        </Alert>
      )}
      <Text size="sm" c="dimmed" data-testid="grid-count">
        {t("grid.showing", { shown: shown.length, count: entries.length })}
      </Text>
      {entries.length === 0 && (
        <Text c="dimmed" data-testid="grid-empty">
          {t("grid.empty")}
        </Text>
      )}
      <SimpleGrid cols={{ base: 2, xs: 3, sm: 4, md: 6 }} spacing="sm">
        {shown.map((entry) => (
          <div key={entryId(entry)} id={entryId(entry)} style={{ scrollMarginTop: 240 }}>
            {entry.kind === "letter" ? (
              <GlyphTile
                glyph={entry.letter}
                edit={props.editOf?.(entry.letter)}
                fontId={props.fontId}
                onEdit={props.onEdit ? (edit) => props.onEdit?.(entry.letter, edit) : undefined}
                drawHref={props.drawHref?.(entry.letter.chars, entry.letter.variant)}
              />
            ) : entry.kind === "composed" ? (
              <ComposedTile
                chars={entry.chars}
                base={entry.base}
                mark={entry.mark}
                drawHref={props.drawHref?.(entry.chars, 1)}
              />
            ) : (
              <MissingTile chars={entry.chars} drawHref={props.drawHref?.(entry.chars, 1)} />
            )}
          </div>
        ))}
      </SimpleGrid>
      {entries.length > shown.length && (
        <Button variant="default" onClick={() => setLimit((now) => now + GRID_PAGE)}>
          {t("grid.more", { count: Math.min(GRID_PAGE, entries.length - shown.length) })}
        </Button>
      )}
    </>
  );
}
