import { PremiumStatus } from "@handfont/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser } from "../http/auth-context.ts";
import type { Plans } from "../services/plans.ts";

/** Plans (spec §7 subscribe/isPremium): which plan the user is on and what it allows. */
export const planRoutes: FastifyPluginAsyncZod<{
  plans: Plans;
  premiumUntil: (userId: string) => Promise<Date | null>;
}> = async (app, { plans, premiumUntil }) => {
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
      const until = plan.name === "premium" ? await premiumUntil(user.id).catch(() => null) : null;
      return {
        isPremium: plan.name === "premium",
        plan: plan.name,
        premiumUntil: until?.toISOString() ?? null,
        limits: plan.limits,
      };
    },
  );
};
