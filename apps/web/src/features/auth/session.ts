import { SessionResponse, SignUpResponse, type UserView } from "@handfont/contract";
import { type ApiClient, api } from "../../api/client.ts";
import { forgetDeviceCopies } from "../../lib/device-copies.ts";
import { authStore } from "./auth-state.ts";
import type { AuthStore } from "./auth-store.ts";

export { useAuth } from "./auth-state.ts";

/** Signs in, out and up through the API client and keeps the auth store in step (spec §4 transitions). */
export interface Session {
  store: AuthStore;
  signIn(input: { login: string; password: string; recaptca: string }): Promise<UserView>;
  signUp(input: { username: string; email: string; password: string; recaptca: string }): Promise<string>;
  signOut(): Promise<void>;
  /** The account is gone (deleted, its session with it): forget the user here without asking the server. */
  forget(): void;
  /** After a social login (spec §2 `?auth=`): the session cookie is set, a refresh turns it into a signed-in user. */
  completeSocialLogin(): Promise<UserView | null>;
  /** Start-up: a stored user gets a fresh access token, or is logged out when the session is gone. */
  restore(): Promise<void>;
  /**
   * Resolves once the start-up restore is over, so a page's first call carries the restored access token
   * instead of drawing a 401 it would only answer by waiting for the same refresh.
   */
  ready(): Promise<void>;
}

export function createSession(client: ApiClient, store: AuthStore): Session {
  client.onLoggedOut(() => store.signedOut());
  client.onRefreshed((answer) => {
    const parsed = SessionResponse.safeParse(answer);
    if (parsed.success) store.signedIn(parsed.data.user);
  });

  let restoring: Promise<void> = Promise.resolve();

  async function refreshUser(): Promise<UserView | null> {
    const parsed = SessionResponse.safeParse(await client.refresh());
    return parsed.success ? parsed.data.user : null;
  }

  return {
    store,
    async signIn({ login, password, recaptca }) {
      try {
        const answer = SessionResponse.parse(
          await client.post("/auth/signin", {
            [login.includes("@") ? "email" : "username"]: login,
            password,
            recaptca,
          }),
        );
        client.setAccessToken(answer.accessToken);
        store.signedIn(answer.user);
        return answer.user;
      } catch (error) {
        // Spec §4: a failed sign-in leaves (or puts) the visitor logged out.
        client.setAccessToken(null);
        store.signedOut();
        throw error;
      }
    },
    async signUp(input) {
      // Spec §4: after sign-up the state stays logged out until the address is confirmed.
      return SignUpResponse.parse(await client.post("/auth/signup", input)).id;
    },
    async signOut() {
      try {
        await client.post("/auth/logout");
      } finally {
        client.setAccessToken(null);
        store.signedOut();
        forgetDeviceCopies();
      }
    },
    forget() {
      client.setAccessToken(null);
      store.signedOut();
      forgetDeviceCopies();
    },
    completeSocialLogin: refreshUser,
    restore() {
      if (store.getState().status === "loggedIn") restoring = refreshUser().then(() => undefined);
      return restoring;
    },
    ready: () => restoring,
  };
}

/** The app's session over the one API client and the store of auth-state.ts. */
export const session: Session = createSession(api, authStore);
