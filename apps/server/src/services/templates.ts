import type { CreateTemplateRequest, Language, TemplateLayout, TemplateSummary } from "@handfont/contract";
import { and, desc, eq } from "drizzle-orm";
import { templates } from "../db/schema/workspace.ts";
import type { TemplateOptions } from "../ports/engine-ports.ts";
import { DomainError } from "./domain-error.ts";
import { assertTemplateOptions } from "./plans.ts";
import { READY_MADE_TEMPLATES, type ReadyMadeTemplate, readyMadeTemplate } from "./ready-made-templates.ts";
import type { WorkspaceContext } from "./workspace-context.ts";

type Request = Required<Omit<CreateTemplateRequest, "name">> & { name: string };

const notFound = () => new DomainError("TEMPLATE_NOT_FOUND");

/** Texts printed on a template PDF, in the user's language. */
export type PdfTexts = (language: Language, name: string) => { name: string; instruction: string };

/** Templates: the user's own, made from options, and the ready-made ones everybody may print. */
export function createTemplateService(ctx: WorkspaceContext) {
  const readyLayouts = new Map<string, TemplateLayout>();
  const readyLayout = (template: ReadyMadeTemplate) => {
    let layout = readyLayouts.get(template.id);
    if (!layout) {
      layout = ctx.templateMaker.layout(readyOptions(template));
      readyLayouts.set(template.id, layout);
    }
    return layout;
  };

  const summary = (
    row: { id: string; name: string; options: TemplateOptions; layout: TemplateLayout; createdAt: Date | null },
    ready: ReadyMadeTemplate | null,
  ): TemplateSummary => ({
    id: row.id,
    name: row.name,
    readyMade: ready !== null,
    language: ready?.language ?? null,
    sets: [...row.options.sets],
    characterCount: new Set(row.layout.cells.map((cell) => cell.chars)).size,
    ligatures: [...row.options.ligatures],
    variants: row.options.variants,
    paper: row.options.paper,
    cellSize: row.options.cellSize,
    pageCount: row.layout.pages.length,
    qcodes: row.layout.pages.map((page) => page.qcode),
    pdfUrl: `/api/templates/${encodeURIComponent(row.id)}/pdf`,
    createdAt: row.createdAt?.toISOString() ?? null,
  });

  const readySummary = (template: ReadyMadeTemplate) =>
    summary({ ...template, options: readyOptions(template), layout: readyLayout(template), createdAt: null }, template);

  /** The layout of a template the user may use (their own or a ready-made one), or 404. */
  const findLayout = async (userId: string, templateId: string): Promise<TemplateLayout | undefined> => {
    const ready = readyMadeTemplate(templateId);
    if (ready) return readyLayout(ready);
    const [row] = await ctx.db
      .select({ layout: templates.layout })
      .from(templates)
      .where(and(eq(templates.id, templateId), eq(templates.ownerId, userId)));
    return row?.layout as TemplateLayout | undefined;
  };

  return {
    findLayout,

    async create(userId: string, request: Request) {
      assertTemplateOptions(await ctx.plans.planOf(userId), request);
      const options: TemplateOptions = {
        id: ctx.templateMaker.newTemplateId(),
        sets: request.sets,
        chars: request.chars,
        ligatures: request.ligatures,
        variants: request.variants,
        paper: request.paper,
        cellSize: request.cellSize,
        guides: request.guides,
      };
      const layout = ctx.templateMaker.layout(options);
      const [row] = await ctx.db
        .insert(templates)
        .values({
          id: layout.id,
          ownerId: userId,
          name: request.name,
          options,
          layout,
          pageCount: layout.pages.length,
        })
        .returning();
      return { template: summary({ ...row!, options, layout }, null), layout };
    },

    async list(userId: string): Promise<TemplateSummary[]> {
      const own = await ctx.db
        .select()
        .from(templates)
        .where(eq(templates.ownerId, userId))
        .orderBy(desc(templates.createdAt));
      return [
        ...own.map((row) =>
          summary({ ...row, options: row.options as TemplateOptions, layout: row.layout as TemplateLayout }, null),
        ),
        ...READY_MADE_TEMPLATES.map(readySummary),
      ];
    },

    async name(userId: string, templateId: string): Promise<string> {
      const ready = readyMadeTemplate(templateId);
      if (ready) return ready.name;
      const [row] = await ctx.db
        .select({ name: templates.name })
        .from(templates)
        .where(and(eq(templates.id, templateId), eq(templates.ownerId, userId)));
      if (!row) throw notFound();
      return row.name;
    },

    /** The layout of one page, found by the text of its QR code. */
    async pageByQcode(userId: string, qcode: string) {
      const decoded = ctx.templateMaker.decodeQcode(qcode);
      if (!decoded) throw new DomainError("QCODE_INVALID");
      const layout = await findLayout(userId, decoded.templateId);
      if (!layout?.pages.some((page) => page.page === decoded.page)) throw notFound();
      return {
        templateId: layout.id,
        page: decoded.page,
        pageCount: layout.pages.length,
        layout: {
          ...layout,
          pages: layout.pages.filter((page) => page.page === decoded.page),
          cells: layout.cells.filter((cell) => cell.page === decoded.page),
        },
      };
    },

    /** The printable PDF in the user's language, rendered once and then served from the blob store. */
    async pdf(userId: string, templateId: string, language: Language, texts: PdfTexts) {
      const layout = await findLayout(userId, templateId);
      if (!layout) throw notFound();
      const name = await this.name(userId, templateId);
      const key = `templates/${templateId}/${language}.pdf`;
      const cached = await ctx.blobs.get(key);
      if (cached) return { bytes: cached, name };
      const bytes = await ctx.templateMaker.renderPdf(layout, texts(language, name));
      await ctx.blobs.put(key, bytes);
      return { bytes, name };
    },
  };
}

function readyOptions(template: ReadyMadeTemplate): TemplateOptions {
  return {
    id: template.id,
    sets: template.sets,
    chars: "",
    ligatures: [],
    variants: 1,
    paper: "a4",
    cellSize: "m",
    guides: true,
  };
}

export type TemplateService = ReturnType<typeof createTemplateService>;
