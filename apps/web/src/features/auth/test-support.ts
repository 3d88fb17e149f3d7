import type { UserView } from "@handfont/contract";
import type { UserStorage } from "./auth-store.ts";

/** Storage kept in a map, as localStorage is shared by a browser's tabs; `data` shows what was stored. */
export function memoryStorage(initial: Record<string, string> = {}): UserStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

/** A signed-in user as the API describes one. */
export const testUser: UserView = {
  id: "0b9f3f52-8d4a-4c8f-9a55-6c1d2e3f4a5b",
  username: "ada",
  email: "ada@example.com",
  roles: ["USER"],
  isPremium: false,
  locale: "en",
  hasPassword: true,
};
