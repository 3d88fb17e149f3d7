// @vitest-environment node
import { describe, expect, it } from "vitest";
import { createAuthStore, type UserStorage } from "./auth-store.ts";
import { createLocaleSync } from "./locale-sync.ts";
import { memoryStorage, testUser as user } from "./test-support.ts";

/** A browser tab: its own store over the shared storage, its own language, and the locale calls it sends. */
function tab(storage: UserStorage, language: string, server: { locale: string; calls: string[] }) {
  const store = createAuthStore(storage);
  const tabState = { language };
  const sync = createLocaleSync(
    store,
    () => tabState.language,
    async (next) => {
      server.calls.push(next);
      server.locale = next;
    },
  );
  return { store, sync, tabState };
}

/** A signed-in user's English tab, then a Russian tab opening: Russian is now the latest language they work in. */
async function englishThenRussianTab() {
  const storage = memoryStorage();
  const server = { locale: "en", calls: [] as string[] };
  const en = tab(storage, "en", server);
  en.store.signedIn(user);
  await en.sync();
  const ru = tab(storage, "ru", server);
  await ru.sync();
  return { server, en, ru };
}

describe("keeping the user's locale on the tab's language (spec §7)", () => {
  it("stores the tab's language once when the signed-in user's locale differs", async () => {
    const server = { locale: "en", calls: [] as string[] };
    const ru = tab(memoryStorage(), "ru", server);
    ru.store.signedIn(user);
    await Promise.all([ru.sync(), ru.sync(), ru.sync()]);
    expect(server.calls).toEqual(["ru"]);
    expect(ru.store.getState()).toEqual({ status: "loggedIn", user: { ...user, locale: "ru" } });
  });

  it("does not answer another tab's language, so two tabs in two languages do not call each other forever", async () => {
    const { server, en, ru } = await englishThenRussianTab();
    // Each tab hears of the other's write (the storage event) and syncs again, as start.ts does on every change.
    for (let round = 0; round < 5; round += 1) {
      en.store.syncFromStorage();
      await en.sync();
      ru.store.syncFromStorage();
      await ru.sync();
    }
    expect(server.calls).toEqual(["ru"]);
    expect(server.locale).toBe("ru");
  });

  it("stores the language again when the user switches it in a tab", async () => {
    const { server, en } = await englishThenRussianTab();
    en.tabState.language = "de";
    en.store.syncFromStorage();
    await en.sync();
    expect(server.calls).toEqual(["ru", "de"]);
  });

  it("retries after a failed call at the next change", async () => {
    const store = createAuthStore(memoryStorage());
    const calls: string[] = [];
    let fail = true;
    const sync = createLocaleSync(
      store,
      () => "fr",
      async (language) => {
        calls.push(language);
        if (fail) throw new Error("offline");
      },
    );
    store.signedIn(user);
    await sync();
    fail = false;
    await sync();
    expect(calls).toEqual(["fr", "fr"]);
    expect(store.getState()).toEqual({ status: "loggedIn", user: { ...user, locale: "fr" } });
  });

  it("does nothing for a visitor who is not signed in", async () => {
    const calls: string[] = [];
    const sync = createLocaleSync(
      createAuthStore(memoryStorage()),
      () => "uk",
      async (language) => void calls.push(language),
    );
    await sync();
    expect(calls).toEqual([]);
  });
});
