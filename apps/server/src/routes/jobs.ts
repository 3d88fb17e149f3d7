import { IdParams, type JobKind, JobStatus } from "@handfont/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser } from "../http/auth-context.ts";
import { requestLanguage } from "../http/request-language.ts";
import type { JobQueue } from "../services/jobs.ts";
import { presentJob } from "./workspace-present.ts";

/** Background jobs: the browser follows a build (or any job it was given) until it is done or failed. */
export const jobRoutes: FastifyPluginAsyncZod<{ jobs: JobQueue }> = async (app, { jobs }) => {
  app.get(
    "/jobs/:id",
    {
      schema: {
        tags: ["jobs"],
        summary: "The state and progress of a background job of the user's (poll until done or failed)",
        params: IdParams,
        response: { 200: JobStatus },
      },
    },
    async (request) => {
      const job = await jobs.owned(requireUser(request).id, request.params.id);
      return presentJob({ ...job, kind: job.kind as JobKind }, requestLanguage(request));
    },
  );
};
