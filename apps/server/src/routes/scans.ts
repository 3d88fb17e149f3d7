import {
  ClearedScansResponse,
  IdParams,
  RemovedResponse,
  ScanList,
  ScanStatus,
  UPLOAD_LIMITS,
  UploadScansResponse,
} from "@handfont/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser } from "../http/auth-context.ts";
import { multipartFileStreams, uploadError } from "../http/multipart-stream.ts";
import { requestLanguage } from "../http/request-language.ts";
import type { ScanService } from "../services/scans.ts";
import { presentScan } from "./workspace-present.ts";

const tags = ["scans"];

/** Scans (spec §7 uploadReadyTemplates): upload photos or scans of filled-in pages, then follow their reading. */
export const scanRoutes: FastifyPluginAsyncZod<{ scans: ScanService }> = async (app, { scans }) => {
  app.post(
    "/uploadReadyTemplates",
    {
      schema: {
        tags,
        summary: "Upload filled-in template pages (JPEG, PNG, WebP, TIFF, PDF; up to 25 MB each); reading follows",
        consumes: ["multipart/form-data"],
        response: { 202: UploadScansResponse },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const files = multipartFileStreams(request, {
        fileBytes: UPLOAD_LIMITS.scanFileBytes,
        files: UPLOAD_LIMITS.scanFiles,
      });
      // The files stream to storage as they arrive; a parser failure surfaces inside the service, typed here.
      const rows = await scans.upload(user.id, files).catch((error: unknown) => {
        throw uploadError(error);
      });
      const language = requestLanguage(request);
      return reply.status(202).send({ scans: rows.map((row) => presentScan(row, language)) });
    },
  );

  app.get(
    "/scans/:id",
    {
      schema: {
        tags,
        summary: "The reading progress and result of one uploaded file (poll until done or failed)",
        params: IdParams,
        response: { 200: ScanStatus },
      },
    },
    async (request) =>
      presentScan(await scans.owned(requireUser(request).id, request.params.id), requestLanguage(request)),
  );

  app.get(
    "/scans",
    {
      schema: {
        tags,
        summary: "The user's latest uploads with their results",
        response: { 200: ScanList },
      },
    },
    async (request) => {
      const language = requestLanguage(request);
      return { scans: (await scans.list(requireUser(request).id)).map((row) => presentScan(row, language)) };
    },
  );

  app.delete(
    "/scans/:id",
    {
      schema: {
        tags,
        summary: "Delete one upload from the list (a picture not read yet is deleted with it; read letters stay)",
        params: IdParams,
        response: { 200: RemovedResponse },
      },
    },
    async (request) => {
      await scans.remove(requireUser(request).id, request.params.id);
      return { removed: true as const };
    },
  );

  app.delete(
    "/scans",
    {
      schema: {
        tags,
        summary: "Clear the upload list: delete every finished upload (read or failed); running ones stay",
        response: { 200: ClearedScansResponse },
      },
    },
    async (request) => ({ removed: await scans.clearFinished(requireUser(request).id) }),
  );
};
