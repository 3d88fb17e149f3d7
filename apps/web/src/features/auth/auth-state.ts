import { useSyncExternalStore } from "react";
import { type AuthState, createAuthStore, STORED_USER_KEY, type UserStorage } from "./auth-store.ts";

/*
 * Who is signed in, without the API calls of session.ts: the header reads this on every page, so it stays free of
 * the schema library those calls validate with (main.tsx loads session.ts once someone is signed in).
 */

/** Keeps nothing: for pages rendered where no storage exists (prerendering, tests in Node). */
const noStorage: UserStorage = { getItem: () => null, setItem: () => {}, removeItem: () => {} };

function browserStorage(): UserStorage {
  try {
    return typeof window === "undefined" ? noStorage : window.localStorage;
  } catch {
    return noStorage; // storage can be disabled; the session then lasts as long as the page
  }
}

export const authStore = createAuthStore(browserStorage());

if (typeof window !== "undefined") {
  // Another tab signed in or out: follow it.
  window.addEventListener("storage", (event) => {
    if (event.key === STORED_USER_KEY || event.key === null) authStore.syncFromStorage();
  });
}

const SIGNED_OUT: AuthState = { status: "loggedOut" };

/**
 * The current auth state, re-rendering on every transition. Prerendered pages are drawn signed out; a signed-in
 * visitor's page hydrates as it was drawn, then shows their account.
 */
export function useAuth(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.getState, () => SIGNED_OUT);
}
