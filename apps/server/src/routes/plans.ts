import { AddSubscriberRequest, AddSubscriberResponse, PremiumStatus } from "@handfont/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../db/database.ts";
import { requireAdmin, requireUser } from "../http/auth-context.ts";
import type { Plans } from "../services/plans.ts";
import { grantPremium, premiumUntil } from "../services/subscribers.ts";

export type PlanRoutesOptions = { plans: Plans; db: Db; now: () => Date };

/** Plans (spec §7): is the user premium and what their plan allows; an admin grants premium time (audited). */
export const planRoutes: FastifyPluginAsyncZod<PlanRoutesOptions> = async (app, { plans, db, now }) => {
  app.get(
    "/subscribe/isPremium",
    {
      schema: {
        tags: ["plans"],
        summary: "Is the user premium, until when, and the limits of their plan (a failed check means not premium)",
        response: { 200: PremiumStatus },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const plan = await plans.planOf(user.id);
      const until = plan.name === "premium" ? await premiumUntil(db, user.id).catch(() => null) : null;
      return {
        isPremium: plan.name === "premium",
        plan: plan.name,
        premiumUntil: until?.toISOString() ?? null,
        limits: plan.limits,
      };
    },
  );

  app.post(
    "/addSubscriber/add",
    {
      schema: {
        tags: ["plans"],
        summary: "Grant premium time to a user (ADMIN only, until payments arrive; every grant is audited)",
        body: AddSubscriberRequest,
        response: { 200: AddSubscriberResponse },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      const granted = await grantPremium(db, { actorId: admin.id, ...request.body, now: now() });
      return { userId: granted.userId, premiumUntil: granted.premiumUntil.toISOString() };
    },
  );
};
