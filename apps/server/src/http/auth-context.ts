import type { FastifyRequest } from "fastify";
import { DomainError } from "../services/domain-error.ts";

/** The signed-in user as the routes see it, set by the authentication hook from a verified access token. */
export interface AuthUser {
  id: string;
  roles: readonly ("USER" | "ADMIN")[];
}

declare module "fastify" {
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

/** The signed-in user, or a typed 401 that makes the web client refresh its token once (spec §4). */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new DomainError("UNAUTHORIZED");
  return request.user;
}

/** The signed-in user when they hold the ADMIN role, else a typed 401 or 403. */
export function requireAdmin(request: FastifyRequest): AuthUser {
  const user = requireUser(request);
  if (!user.roles.includes("ADMIN")) throw new DomainError("FORBIDDEN");
  return user;
}
