import { DEFAULT_LANGUAGE, isLanguage, type UserView } from "@handfont/contract";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/database.ts";
import { users } from "../../db/schema/index.ts";
import { isPremium } from "../premium.ts";

export type UserRow = typeof users.$inferSelect;

/** The user a login names: an "@" means an e-mail address, anything else a username; both compared without case. */
export async function findUserByLogin(db: Db, login: string): Promise<UserRow | null> {
  const column = login.includes("@") ? users.email : users.username;
  const [row] = await db.select().from(users).where(sql`lower(${column}) = ${login.toLowerCase()}`).limit(1);
  return row ?? null;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1);
  return row ?? null;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** What the API shows of a user to themselves (and to an admin). */
export async function viewOfUser(db: Db, user: UserRow, now: Date): Promise<UserView> {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    roles: user.roles,
    isPremium: await isPremium(db, user.id, now),
    locale: isLanguage(user.locale) ? user.locale : DEFAULT_LANGUAGE,
    hasPassword: user.passwordHash !== null,
  };
}

/** The roles a user gets when an address is confirmed: ADMIN_EMAILS adds ADMIN. */
export function rolesAfterConfirming(
  roles: readonly ("USER" | "ADMIN")[],
  email: string,
  adminEmails: readonly string[],
): ("USER" | "ADMIN")[] {
  const next = new Set(roles);
  next.add("USER");
  if (adminEmails.includes(email.toLowerCase())) next.add("ADMIN");
  return [...next];
}

/** The name of the unique index a database error broke, if that is what it is (drizzle wraps driver errors). */
export function uniqueViolation(error: unknown): string | null {
  for (let cause = error; cause && typeof cause === "object"; cause = (cause as { cause?: unknown }).cause) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
    if (code === "23505") return typeof constraint === "string" ? constraint : "";
  }
  return null;
}
