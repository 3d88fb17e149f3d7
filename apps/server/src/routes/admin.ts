import {
  AddSubscriberRequest,
  AddSubscriberResponse,
  AdminUserList,
  AdminUserQuery,
  SetRoleParams,
  SetRoleResponse,
} from "@handfont/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../db/database.ts";
import { requireAdmin } from "../http/auth-context.ts";
import { adjustPremium, findUsers, setRole } from "../services/subscribers.ts";

const tags = ["admin"];

/** Admin tools (ADMIN role): find a user, grant or remove premium time with a reason, set roles; all audited. */
export const adminRoutes: FastifyPluginAsyncZod<{ db: Db; now: () => Date }> = async (app, { db, now }) => {
  app.get(
    "/admin/users",
    {
      schema: {
        tags,
        summary: "Find users by e-mail, username or id, with their premium end (ADMIN only)",
        querystring: AdminUserQuery,
        response: { 200: AdminUserList },
      },
    },
    async (request) => {
      requireAdmin(request);
      return { users: await findUsers(db, request.query.query, now()) };
    },
  );

  app.post(
    "/addSubscriber/add",
    {
      schema: {
        tags,
        summary: "Grant premium time (positive days) or remove it (negative) with a reason (ADMIN only; audited)",
        body: AddSubscriberRequest,
        response: { 200: AddSubscriberResponse },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      const result = await adjustPremium(db, { actorId: admin.id, ...request.body, now: now() });
      return {
        userId: result.userId,
        premiumUntil: result.premiumUntil?.toISOString() ?? null,
        isPremium: result.isPremium,
      };
    },
  );

  app.post(
    "/user/:id/:role",
    {
      schema: {
        tags,
        summary:
          "Set a user's role (ADMIN only; audited). Our reading of the spec's POST /user/{a}/{b}: {a} is the user id, " +
          "{b} the role, ADMIN (USER and ADMIN) or USER (USER only). Takes effect at the user's next token refresh.",
        params: SetRoleParams,
        response: { 200: SetRoleResponse },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      return setRole(db, { actorId: admin.id, userId: request.params.id, role: request.params.role });
    },
  );
};
