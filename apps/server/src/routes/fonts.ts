import {
  AddAsNewFontRequest,
  BuildFontRequest,
  BuildFontResponse,
  CopyFontRequest,
  CreateFontRequest,
  DownloadFontQuery,
  FontList,
  FontSummary,
  FontsAndLetters,
  IdParams,
  JoinFontsRequest,
  JoinFontsResponse,
  RemovedResponse,
} from "@handfont/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser } from "../http/auth-context.ts";
import { IdempotencyHeaders, idempotentCall } from "../http/idempotency.ts";
import { requestLanguage } from "../http/request-language.ts";
import type { FontBuildService } from "../services/font-builds.ts";
import type { FontService } from "../services/fonts.ts";
import type { LetterService } from "../services/letters.ts";
import type { TemplateService } from "../services/templates.ts";
import { presentFont, presentGlyph, presentJob, presentLetterSet } from "./workspace-present.ts";

const tags = ["fonts"];

export type FontRoutesOptions = {
  fonts: FontService;
  builds: FontBuildService;
  letters: LetterService;
  templates: TemplateService;
};

/** Fonts (spec §7): create, list, build, download, copy, merge, remove, and save letters as a new font. */
export const fontRoutes: FastifyPluginAsyncZod<FontRoutesOptions> = async (app, options) => {
  const { fonts, builds, letters, templates } = options;

  app.post(
    "/createFont",
    {
      ...idempotentCall,
      schema: {
        headers: IdempotencyHeaders,
        tags,
        summary: "Create a font: empty, or from a letter set, a template's results, a font or a scan",
        body: CreateFontRequest,
        response: { 200: FontSummary },
      },
    },
    async (request) => fonts.create(requireUser(request).id, request.body),
  );

  app.get(
    "/getAllAddedFonts",
    { schema: { tags, summary: "The user's fonts: name, counts, last build, specimen", response: { 200: FontList } } },
    async (request) => {
      const language = requestLanguage(request);
      const list = await fonts.list(requireUser(request).id);
      return { fonts: list.map((summary) => presentFont(summary, language)) };
    },
  );

  app.get(
    "/getFontsAndSvgs",
    {
      schema: {
        tags,
        summary: "The user's fonts and letter sets with every letter",
        response: { 200: FontsAndLetters },
      },
    },
    async (request) => {
      const userId = requireUser(request).id;
      const language = requestLanguage(request);
      const sets = await letters.letterSets(userId);
      const names = await Promise.all(
        sets.map((entry) => templates.name(userId, entry.set.templateId).catch(() => entry.set.templateId)),
      );
      return {
        fonts: (await fonts.listWithLetters(userId)).map((entry) => ({
          ...presentFont(entry.summary, language),
          glyphs: entry.glyphs.map((glyph) => presentGlyph(glyph, language)),
        })),
        letterSets: sets.map((entry, index) => presentLetterSet(entry, names[index]!, language)),
      };
    },
  );

  app.post(
    "/buildFont",
    {
      ...idempotentCall,
      schema: {
        headers: IdempotencyHeaders,
        tags,
        summary: "Queue a build of the font into OTF, TTF and WOFF2; answers the job to follow at GET /api/jobs/:id",
        body: BuildFontRequest,
        response: { 202: BuildFontResponse },
      },
    },
    async (request, reply) => {
      const job = await builds.build(requireUser(request).id, request.body.fontId);
      return reply.status(202).send({ job: presentJob({ ...job, kind: "build-font" }, requestLanguage(request)) });
    },
  );

  app.get(
    "/getCreatedFont/:id",
    {
      schema: {
        tags,
        summary:
          "Download a built font (format ttf, otf or woff2); with presigned downloads, a redirect to the storage",
        params: IdParams,
        querystring: DownloadFontQuery,
      },
    },
    async (request, reply) => {
      const file = await builds.download(requireUser(request).id, request.params.id, request.query.format);
      reply.header("cache-control", "private, no-cache");
      if ("redirect" in file) return reply.redirect(file.redirect, 302);
      return reply
        .type(file.contentType)
        .header("content-disposition", `attachment; filename="${file.fileName}"`)
        .header("content-length", file.bytes)
        .send(file.stream);
    },
  );

  app.get(
    "/fonts/:id/specimen",
    { schema: { tags, summary: "An image of the font's letters from its latest build", params: IdParams } },
    async (request, reply) => {
      const specimen = await builds.specimen(requireUser(request).id, request.params.id);
      return reply
        .type(specimen.contentType)
        .header("content-length", specimen.bytes)
        .header("cache-control", "private, max-age=3600")
        .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'")
        .send(specimen.stream);
    },
  );

  app.post(
    "/copyFont",
    {
      ...idempotentCall,
      schema: {
        headers: IdempotencyHeaders,
        tags,
        summary: "Copy a font with its letters",
        body: CopyFontRequest,
        response: { 200: FontSummary },
      },
    },
    async (request) => fonts.copy(requireUser(request).id, request.body.fontId, request.body.name),
  );

  app.get(
    "/removeFont/:id",
    {
      config: { xsrf: true },
      schema: {
        tags,
        summary: "Remove a font with its letters and files (GET as in the spec; needs the XSRF header)",
        params: IdParams,
        response: { 200: RemovedResponse },
      },
    },
    async (request) => {
      await fonts.remove(requireUser(request).id, request.params.id);
      return { removed: true as const };
    },
  );

  app.post(
    "/joinFontToFonts",
    {
      schema: {
        tags,
        summary: "Merge the letters of one font into another, choosing which wins on conflicts",
        body: JoinFontsRequest,
        response: { 200: JoinFontsResponse },
      },
    },
    async (request) => {
      const { sourceFontId, targetFontId, onConflict } = request.body;
      const joined = await fonts.join(requireUser(request).id, sourceFontId, targetFontId, onConflict);
      return { ...joined, font: presentFont(joined.font, requestLanguage(request)) };
    },
  );

  app.post(
    "/addAsNewFontHw",
    {
      ...idempotentCall,
      schema: {
        headers: IdempotencyHeaders,
        tags,
        summary: "Save the letters of a scan, a letter set or a font as a new font",
        body: AddAsNewFontRequest,
        response: { 200: FontSummary },
      },
    },
    async (request) => fonts.create(requireUser(request).id, request.body),
  );
};
