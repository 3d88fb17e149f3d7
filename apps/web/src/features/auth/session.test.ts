import { describe, expect, it } from "vitest";
import { createApiClient } from "../../api/client.ts";
import { LETTER_EDITS_PREFIX } from "../../lib/device-copies.ts";
import { createAuthStore } from "./auth-store.ts";
import { createSession } from "./session.ts";
import { memoryStorage } from "./test-support.ts";

describe("the session on this device", () => {
  it("forgets the letters kept on the device when the user signs out, even with the server unreachable", async () => {
    const offline = createApiClient({
      fetch: async () => {
        throw new TypeError("Failed to fetch");
      },
      readCookie: () => "xsrf",
    });
    const session = createSession(offline, createAuthStore(memoryStorage()));
    localStorage.setItem(`${LETTER_EDITS_PREFIX}font-1`, '{"A":{}}');
    await session.signOut().catch(() => undefined);
    expect(localStorage.getItem(`${LETTER_EDITS_PREFIX}font-1`)).toBeNull();
    expect(session.store.getState().status).toBe("loggedOut");
  });

  it("forgets them when the account is gone", () => {
    const session = createSession(createApiClient({ readCookie: () => "xsrf" }), createAuthStore(memoryStorage()));
    localStorage.setItem(`${LETTER_EDITS_PREFIX}font-2`, "{}");
    session.forget();
    expect(localStorage.getItem(`${LETTER_EDITS_PREFIX}font-2`)).toBeNull();
  });
});
