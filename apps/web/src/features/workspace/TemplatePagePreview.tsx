import type { TemplateLayout } from "@handfont/contract";
import { markPlaceholder, templateMark } from "@handfont/engine/templates";

const GUIDE_COLOUR = "#8fb8e8";

const placeholder = markPlaceholder();

/**
 * One page of a template drawn from its layout as the PDF prints it: corner markers, the QR code's place, boxes
 * with guides and labels, and the dotted circle in a mark's box. Millimetres from the page's top-left corner map straight to SVG units.
 */
export function TemplatePagePreview({ layout, page, label }: { layout: TemplateLayout; page: number; label: string }) {
  const { widthMm, heightMm } = layout.paper;
  const cells = layout.cells.filter((cell) => cell.page === page);
  const size = layout.markers.sizeMm;
  const at = (cell: (typeof cells)[number], units: number) => cell.baselineY - (units / layout.unitsPerEm) * cell.emMm;
  return (
    <svg
      viewBox={`0 0 ${widthMm} ${heightMm}`}
      role="img"
      aria-label={label}
      style={{ width: "100%", maxWidth: 520, background: "#fff", borderRadius: 4, display: "block" }}
      data-testid="template-preview"
    >
      {layout.markers.centers.map((centre) => (
        <g key={`${centre.x}-${centre.y}`}>
          <rect x={centre.x - size / 2} y={centre.y - size / 2} width={size} height={size} fill="#000" />
          <rect
            x={centre.x - size * 0.3}
            y={centre.y - size * 0.3}
            width={size * 0.6}
            height={size * 0.6}
            fill="#fff"
          />
          <rect
            x={centre.x - size * 0.15}
            y={centre.y - size * 0.15}
            width={size * 0.3}
            height={size * 0.3}
            fill="#000"
          />
        </g>
      ))}
      <rect x={layout.qr.x} y={layout.qr.y} width={layout.qr.width} height={layout.qr.height} fill="#222" />
      {cells.map((cell) => (
        <g key={`${cell.chars}-${cell.variant}`}>
          <rect
            x={cell.box.x}
            y={cell.box.y}
            width={cell.box.width}
            height={cell.box.height}
            fill="none"
            stroke={GUIDE_COLOUR}
            strokeWidth={0.2}
          />
          {layout.guides.printed &&
            [layout.guides.capHeight, layout.guides.xHeight, 0, layout.guides.descender].map((units) => (
              <line
                key={units}
                x1={cell.box.x + 0.6}
                x2={cell.box.x + cell.box.width - 0.6}
                y1={at(cell, units)}
                y2={at(cell, units)}
                stroke={GUIDE_COLOUR}
                strokeWidth={units === 0 ? 0.32 : 0.18}
              />
            ))}
          {templateMark(cell.chars) &&
            placeholder.dots.map((dot) => (
              <circle
                key={`${dot.x},${dot.y}`}
                cx={cell.box.x + cell.box.width / 2 + (dot.x / layout.unitsPerEm) * cell.emMm}
                cy={at(cell, dot.y)}
                r={(placeholder.dotRadius / layout.unitsPerEm) * cell.emMm}
                fill={GUIDE_COLOUR}
              />
            ))}
          <text x={cell.box.x + 1} y={cell.box.y + 3} fontSize={2.6} fill="#6d9bd1">
            {cell.label}
          </text>
        </g>
      ))}
    </svg>
  );
}
