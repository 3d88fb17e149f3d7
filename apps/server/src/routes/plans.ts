import { PremiumStatus } from "@handfont/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../db/database.ts";
import { requireUser } from "../http/auth-context.ts";
import { premiumState } from "../services/payments/ledger.ts";
import type { Plans } from "../services/plans.ts";

export type PlanRoutesOptions = { plans: Plans; db: Db; now: () => Date };

/** Plans (spec §7): is the user premium and what their plan allows. */
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
      const until =
        plan.name === "premium" ? (await premiumState(db, user.id, now()).catch(() => null))?.premiumUntil : null;
      return {
        isPremium: plan.name === "premium",
        plan: plan.name,
        premiumUntil: until?.toISOString() ?? null,
        limits: plan.limits,
      };
    },
  );
};
