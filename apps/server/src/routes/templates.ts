import {
  CreateTemplateRequest,
  CreateTemplateResponse,
  LettersOfPage,
  LettersOfPageQuery,
  RemovedResponse,
  TemplateList,
  TemplatePdfQuery,
} from "@handfont/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser } from "../http/auth-context.ts";
import { IdempotencyHeaders, idempotentCall } from "../http/idempotency.ts";
import { requestLanguage } from "../http/request-language.ts";
import { templateTexts } from "../i18n/template-texts.ts";
import type { TemplateService } from "../services/templates.ts";

const tags = ["templates"];

/** Templates (spec §7): create one, list them with the ready-made ones, a page's layout by QR code, the PDF. */
export const templateRoutes: FastifyPluginAsyncZod<{ templates: TemplateService }> = async (app, { templates }) => {
  app.post(
    "/createTemplate",
    {
      ...idempotentCall,
      schema: {
        headers: IdempotencyHeaders,
        tags,
        summary: "Create a template from options: its layout, QR codes and printable PDF",
        body: CreateTemplateRequest,
        response: { 200: CreateTemplateResponse },
      },
    },
    async (request) => templates.create(requireUser(request).id, request.body),
  );

  app.get(
    "/getAllTemplates",
    { schema: { tags, summary: "The user's templates and the ready-made ones", response: { 200: TemplateList } } },
    async (request) => ({ templates: await templates.list(requireUser(request).id) }),
  );

  app.get(
    "/getDataOfLetters",
    {
      schema: {
        tags,
        summary: "The layout of a template page, found by the text of its QR code",
        querystring: LettersOfPageQuery,
        response: { 200: LettersOfPage },
      },
    },
    async (request) => templates.pageByQcode(requireUser(request).id, request.query.qcode),
  );

  app.get(
    "/templates/:id/pdf",
    {
      schema: {
        tags,
        summary: "Download a template as a printable PDF (texts in the given or the request's language)",
        params: z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }),
        querystring: TemplatePdfQuery,
      },
    },
    async (request, reply) => {
      const language = request.query.lang ?? requestLanguage(request);
      const { bytes } = await templates.pdf(requireUser(request).id, request.params.id, language, templateTexts);
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="handfont-template-${request.params.id}.pdf"`)
        .header("cache-control", "private, no-cache")
        .send(Buffer.from(bytes));
    },
  );

  app.delete(
    "/templates/:id",
    {
      schema: {
        tags,
        summary: "Delete one of your templates with its PDFs and the letters read from its pages (fonts stay)",
        params: z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }),
        response: { 200: RemovedResponse },
      },
    },
    async (request) => {
      await templates.remove(requireUser(request).id, request.params.id);
      return { removed: true as const };
    },
  );
};
