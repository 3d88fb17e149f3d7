import type { Config } from "../../config/config.ts";
import type { SessionCookies } from "../../http/session-cookies.ts";
import type { Xsrf } from "../../http/xsrf.ts";
import type { Outbox } from "../../ports/mailer.ts";
import type { OpenIdClient } from "../../ports/openid.ts";
import type { AccountDeps } from "../../services/auth/context.ts";
import type { OwnedDataEraser } from "../../services/auth/delete-account.ts";

/** What the account routes are given by buildApp. */
export interface AccountRoutesOptions {
  deps: AccountDeps;
  cookies: SessionCookies;
  xsrf: Xsrf;
  config: Config;
  /** The development outbox, when mails are kept there. */
  outbox: Outbox | null;
  /** Google sign-in, when configured. */
  openId: OpenIdClient | null;
  /** What other features keep of a user, erased when the account is deleted. */
  erasers: readonly OwnedDataEraser[];
}
