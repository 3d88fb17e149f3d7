import { toScreen, type Viewport } from "@handfont/editor";
import { markPlaceholder, templateMark } from "@handfont/engine/templates";

const placeholder = markPlaceholder();

/**
 * For an accent mark, the dotted circle its template box prints, standing for the letter (baseline to x-height):
 * the mark is drawn where it goes on a letter. Nothing for other characters.
 */
export function MarkPlaceholder({ view, chars, centre = 310 }: { view: Viewport; chars: string; centre?: number }) {
  if (!templateMark(chars)) return null;
  return (
    <g data-testid="mark-placeholder" pointerEvents="none" fill="var(--mantine-color-blue-3)">
      {placeholder.dots.map((dot) => {
        const at = toScreen(view, { x: centre + dot.x, y: dot.y });
        return (
          <circle key={`${dot.x},${dot.y}`} cx={at.x} cy={at.y} r={Math.max(1.5, placeholder.dotRadius * view.scale)} />
        );
      })}
    </g>
  );
}
