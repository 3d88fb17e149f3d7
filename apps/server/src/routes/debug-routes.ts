import { OutboxResponse } from "@handfont/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { isLoopbackHost } from "../config/config.ts";
import { linksOf, type Outbox } from "../ports/mailer.ts";
import { DomainError } from "../services/domain-error.ts";

// Headers a reverse proxy adds: a server behind one answers the internet even when it listens on loopback.
const FORWARDING_HEADERS = ["forwarded", "x-forwarded-for", "x-forwarded-host", "x-real-ip", "via"];

/**
 * Only the machine's owner may read the outbox (its mails hold password-reset links): the request must come over a
 * loopback connection, name a loopback host and carry no sign of a proxy in front. The configuration already keeps
 * the outbox off in production, with SMTP_URL, TRUST_PROXY or a HOST or PUBLIC_URL other than loopback.
 */
function fromThisMachine(request: FastifyRequest): boolean {
  const peer = request.raw.socket.remoteAddress ?? "";
  const host = (request.headers.host ?? "").replace(/:\d+$/, "");
  return isLoopbackHost(peer) && isLoopbackHost(host) && FORWARDING_HEADERS.every((name) => !(name in request.headers));
}

/**
 * `GET /debug/outbox`: the mails a development server kept instead of sending, for /{lang}/debug. 404 whenever
 * there is no outbox or the request does not come from this machine.
 */
export const debugRoutes: FastifyPluginAsyncZod<{ outbox: Outbox | null }> = async (app, { outbox }) => {
  app.get(
    "/debug/outbox",
    { schema: { tags: ["debug"], summary: "Mails kept by a development server", response: { 200: OutboxResponse } } },
    async (request, reply) => {
      if (!outbox || !fromThisMachine(request)) throw new DomainError("NOT_FOUND");
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
