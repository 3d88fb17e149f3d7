// @vitest-environment node
import { describe, expect, it } from "vitest";
import { createAuthStore, STORED_USER_KEY } from "./auth-store.ts";
import { memoryStorage, testUser as user } from "./test-support.ts";

describe("auth store (spec §4)", () => {
  it("starts logged out and moves to logged in and back, telling subscribers each time", () => {
    const storage = memoryStorage();
    const store = createAuthStore(storage);
    const seen: string[] = [];
    store.subscribe(() => seen.push(store.getState().status));
    expect(store.getState()).toEqual({ status: "loggedOut" });
    store.signedIn(user);
    expect(store.getState()).toEqual({ status: "loggedIn", user });
    store.signedOut();
    store.signedOut();
    expect(seen).toEqual(["loggedIn", "loggedOut"]);
  });

  it("keeps the user (and no token) in storage, so a reload restores the signed-in state", () => {
    const storage = memoryStorage();
    createAuthStore(storage).signedIn(user);
    expect(JSON.parse(storage.data.get(STORED_USER_KEY)!)).toEqual(user);
    expect(storage.data.get(STORED_USER_KEY)).not.toMatch(/token/i);
    expect(createAuthStore(storage).getState()).toEqual({ status: "loggedIn", user });
  });

  it("ignores stored data that is not a valid user", () => {
    expect(createAuthStore(memoryStorage({ [STORED_USER_KEY]: "{not json" })).getState().status).toBe("loggedOut");
    const partial = JSON.stringify({ id: "x", username: "ada" });
    expect(createAuthStore(memoryStorage({ [STORED_USER_KEY]: partial })).getState().status).toBe("loggedOut");
  });

  it("follows a sign-out made in another tab", () => {
    const storage = memoryStorage();
    const store = createAuthStore(storage);
    store.signedIn(user);
    storage.removeItem(STORED_USER_KEY);
    store.syncFromStorage();
    expect(store.getState().status).toBe("loggedOut");
  });
});
