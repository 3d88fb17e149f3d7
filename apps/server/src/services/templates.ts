import type { CreateTemplateRequest, Language, TemplateLayout, TemplateSummary } from "@handfont/contract";
import { and, desc, eq, inArray } from "drizzle-orm";
import { glyphs, letterSets, templates } from "../db/schema/workspace.ts";
import type { TemplateOptions } from "../ports/engine-ports.ts";
import { DomainError } from "./domain-error.ts";
import type { JobHandler } from "./job-runner.ts";
import type { JobRow } from "./jobs.ts";
import { dropUnusedPictures, picturesNamed } from "./letter-pictures.ts";
import { assertTemplateOptions } from "./plans.ts";
import { READY_MADE_TEMPLATES, type ReadyMadeTemplate, readyMadeTemplate } from "./ready-made-templates.ts";
import type { WorkspaceContext } from "./workspace-context.ts";

type Request = Required<Omit<CreateTemplateRequest, "name">> & { name: string };

const notFound = () => new DomainError("TEMPLATE_NOT_FOUND");

/** Texts printed on a template PDF, in the user's language, and its date. */
export type PdfTexts = (
  language: Language,
  template: { name: string; readyMadeId: string | null; createdAt: Date },
) => { name: string; instruction: string; markNote: string; date: Date };

// Part of the cache key of rendered PDFs: raising it renders every template again (PDFs made before v2 were dated
// 1970 and printed ready-made names in English).
const PDF_CACHE_VERSION = "v2";

/** Where a template's PDF in one language is kept; also the subject of the job that renders it. */
const pdfKey = (templateId: string, language: Language) =>
  `templates/${templateId}/${language}-${PDF_CACHE_VERSION}.pdf`;

/** How long a request waits for its template PDF before answering that it failed. */
const PDF_WAIT_MS = 120_000;

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

  /** Waits (polling the database) until a job ends; any process may run it. */
  const waitForJob = async (id: string): Promise<string> => {
    const deadline = Date.now() + PDF_WAIT_MS;
    for (let delay = 20; Date.now() < deadline; delay = Math.min(250, delay * 2)) {
      const job = await ctx.jobs.byId(id);
      if (!job || job.state === "done" || job.state === "failed" || job.state === "dead") return job?.state ?? "gone";
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
    return "timeout";
  };

  /** Renders a template PDF for its job and stores it where the next request finds it. */
  const render = async (job: JobRow): Promise<void> => {
    const payload = job.payload as {
      templateId: string;
      texts: { name: string; instruction: string; markNote?: string; date: string };
    };
    const layout = await findLayout(job.ownerId, payload.templateId);
    if (!layout) return;
    // Jobs queued before the mark note existed carry none.
    const texts = { ...payload.texts, markNote: payload.texts.markNote ?? "", date: new Date(payload.texts.date) };
    const bytes = await ctx.templateMaker.renderPdf(layout, texts);
    await ctx.blobs.put(job.subject, bytes);
  };

  return {
    findLayout,

    /** The job handler that renders template PDFs, for the worker role. */
    renderJob: { run: render, dead: async () => {} } satisfies JobHandler,

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
        if (rows.length === 0) return null;
        const sets = and(eq(letterSets.templateId, templateId), eq(letterSets.ownerId, userId));
        const named = await picturesNamed(
          tx,
          inArray(glyphs.letterSetId, tx.select({ id: letterSets.id }).from(letterSets).where(sets)),
        );
        await tx.delete(letterSets).where(sets);
        return named;
      });
      if (!removed) throw notFound();
      await ctx.blobs.deleteFolder(`templates/${templateId}`);
      await dropUnusedPictures(ctx, userId, removed);
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
      const name = ready ? ready.name : own!.name;
      const key = pdfKey(templateId, language);
      const cached = await ctx.blobs.get(key);
      if (cached) return { bytes: cached, name };
      // A ready-made template has no creation date of its own: its PDF is dated when it is first rendered.
      const printed = texts(language, {
        name,
        readyMadeId: ready?.id ?? null,
        createdAt: own?.createdAt ?? ctx.now(),
      });
      // Rendering is CPU work for a worker process; this request waits for it (the PDF is the answer).
      const premium = (await ctx.plans.planOf(userId)).name === "premium";
      const job = await ctx.db.transaction((tx) =>
        ctx.jobs.enqueue(tx, {
          kind: "render-pdf",
          ownerId: userId,
          subject: key,
          payload: { templateId, language, texts: { ...printed, date: printed.date.toISOString() } },
          priority: premium ? 1 : 0,
        }),
      );
      ctx.onQueued();
      const finished = await waitForJob(job.id);
      const bytes = finished === "done" ? await ctx.blobs.get(key) : undefined;
      if (!bytes) throw new DomainError("JOB_FAILED");
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
