import type { CreateTemplateRequest, Language, TemplateLayout, TemplateSummary } from "@handfont/contract";
import { and, desc, eq } from "drizzle-orm";
import { letterSets, templates } from "../db/schema/workspace.ts";
import type { TemplateOptions } from "../ports/engine-ports.ts";
import { DomainError } from "./domain-error.ts";
import { assertTemplateOptions } from "./plans.ts";
import { READY_MADE_TEMPLATES, type ReadyMadeTemplate, readyMadeTemplate } from "./ready-made-templates.ts";
import type { WorkspaceContext } from "./workspace-context.ts";

type Request = Required<Omit<CreateTemplateRequest, "name">> & { name: string };

const notFound = () => new DomainError("TEMPLATE_NOT_FOUND");

/** Texts printed on a template PDF, in the user's language, and its date. */
export type PdfTexts = (
  language: Language,
  template: { name: string; readyMadeId: string | null; createdAt: Date },
) => { name: string; instruction: string; date: Date };

// Part of the cache key of rendered PDFs: raising it renders every template again (PDFs made before v2 were dated
// 1970 and printed ready-made names in English).
const PDF_CACHE_VERSION = "v2";

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

    /**
     * Deletes one of the user's templates with its printed PDFs and the letters read from its pages; fonts made from
     * those letters keep their own copies. Ready-made templates belong to everyone.
     */
    async remove(userId: string, templateId: string): Promise<void> {
      if (readyMadeTemplate(templateId)) throw new DomainError("READY_MADE_TEMPLATE");
      const removed = await ctx.db.transaction(async (tx) => {
        const rows = await tx
          .delete(templates)
          .where(and(eq(templates.id, templateId), eq(templates.ownerId, userId)))
          .returning({ id: templates.id });
        if (rows.length === 0) return false;
        await tx.delete(letterSets).where(and(eq(letterSets.templateId, templateId), eq(letterSets.ownerId, userId)));
        return true;
      });
      if (!removed) throw notFound();
      await ctx.blobs.deleteFolder(`templates/${templateId}`);
    },

    /** The printable PDF in the user's language, rendered once and then served from the blob store. */
    async pdf(userId: string, templateId: string, language: Language, texts: PdfTexts) {
      const ready = readyMadeTemplate(templateId);
      const [own] = ready
        ? []
        : await ctx.db
            .select({ name: templates.name, layout: templates.layout, createdAt: templates.createdAt })
            .from(templates)
            .where(and(eq(templates.id, templateId), eq(templates.ownerId, userId)));
      if (!ready && !own) throw notFound();
      const layout = ready ? readyLayout(ready) : (own!.layout as TemplateLayout);
      const name = ready ? ready.name : own!.name;
      const key = `templates/${templateId}/${language}-${PDF_CACHE_VERSION}.pdf`;
      const cached = await ctx.blobs.get(key);
      if (cached) return { bytes: cached, name };
      // A ready-made template has no creation date of its own: its PDF is dated when it is first rendered.
      const printed = texts(language, {
        name,
        readyMadeId: ready?.id ?? null,
        createdAt: own?.createdAt ?? ctx.now(),
      });
      const bytes = await ctx.templateMaker.renderPdf(layout, printed);
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
