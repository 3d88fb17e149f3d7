import { OutboxResponse } from "@handfont/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { linksOf, type Outbox } from "../ports/mailer.ts";
import { DomainError } from "../services/domain-error.ts";

/**
 * `GET /debug/outbox`: the mails a development server kept instead of sending (no SMTP_URL, not production), for
 * /{lang}/debug. 404 whenever there is no outbox.
 */
export const debugRoutes: FastifyPluginAsyncZod<{ outbox: Outbox | null }> = async (app, { outbox }) => {
  app.get(
    "/debug/outbox",
    { schema: { tags: ["debug"], summary: "Mails kept by a development server", response: { 200: OutboxResponse } } },
    async (_request, reply) => {
      if (!outbox) throw new DomainError("NOT_FOUND");
      reply.header("cache-control", "no-store");
      return {
        messages: outbox.list().map((entry) => ({
          to: entry.to,
          subject: entry.subject,
          sentAt: entry.sentAt.toISOString(),
          links: linksOf(entry.text),
          text: entry.text,
        })),
      };
    },
  );
};
