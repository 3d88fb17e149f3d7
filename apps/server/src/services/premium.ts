import type { Db } from "../db/database.ts";
import { premiumState } from "./payments/ledger.ts";

/** True while the user's premium time, derived from the entitlement ledger, lies in the future (spec §4). */
export async function isPremium(db: Db, userId: string, now: Date): Promise<boolean> {
  return (await premiumState(db, userId, now)).isPremium;
}
