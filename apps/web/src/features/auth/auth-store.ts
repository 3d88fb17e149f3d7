import { isLanguage, type UserView } from "@handfont/contract";

/** Spec §4: logged out, or logged in with the stored user (id, roles, isPremium, …). */
export type AuthState = { status: "loggedOut" } | { status: "loggedIn"; user: UserView };

/** Where the signed-in user survives a reload: the user data only, never a token (those stay in memory). */
export interface UserStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const STORED_USER_KEY = "handfont.user";
const LOGGED_OUT: AuthState = { status: "loggedOut" };

export interface AuthStore {
  getState(): AuthState;
  subscribe(listener: () => void): () => void;
  /** Logged out → logged in (sign-in, social login), or new data of the signed-in user (a refresh). */
  signedIn(user: UserView): void;
  /** Logged in → logged out (logout, a failed sign-in, a failed refresh). */
  signedOut(): void;
  /** Takes over a change another tab stored. */
  syncFromStorage(): void;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The shape of UserView, checked by hand: this store is on every page, the home page first, and the schema library
 * would double the script a first visit downloads. The server's answer at the next refresh replaces it anyway.
 */
function isStoredUser(value: unknown): value is UserView {
  const user = value as Partial<Record<keyof UserView, unknown>> | null;
  return (
    typeof user === "object" &&
    user !== null &&
    typeof user.id === "string" &&
    UUID.test(user.id) &&
    typeof user.username === "string" &&
    typeof user.email === "string" &&
    Array.isArray(user.roles) &&
    user.roles.every((role) => typeof role === "string") &&
    typeof user.isPremium === "boolean" &&
    isLanguage(user.locale) &&
    typeof user.hasPassword === "boolean"
  );
}

function readStored(storage: UserStorage): AuthState {
  try {
    const raw = storage.getItem(STORED_USER_KEY);
    if (!raw) return LOGGED_OUT;
    const parsed: unknown = JSON.parse(raw);
    return isStoredUser(parsed) ? { status: "loggedIn", user: parsed } : LOGGED_OUT;
  } catch {
    return LOGGED_OUT;
  }
}

/** The auth state: shared by every component and kept in storage, so it is restored at start-up (spec §4). */
export function createAuthStore(storage: UserStorage): AuthStore {
  let state = readStored(storage);
  const listeners = new Set<() => void>();
  const publish = (next: AuthState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    signedIn(user) {
      storage.setItem(STORED_USER_KEY, JSON.stringify(user));
      publish({ status: "loggedIn", user });
    },
    signedOut() {
      storage.removeItem(STORED_USER_KEY);
      if (state.status !== "loggedOut") publish(LOGGED_OUT);
    },
    syncFromStorage() {
      const next = readStored(storage);
      if (JSON.stringify(next) !== JSON.stringify(state)) publish(next);
    },
  };
}
