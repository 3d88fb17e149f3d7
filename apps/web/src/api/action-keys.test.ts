import { describe, expect, it } from "vitest";
import { createActionKeys, SETTLE_MS } from "./action-keys.ts";

describe("idempotency keys per user action", () => {
  it("gives a double click the same key, and other data or a later call a new one", async () => {
    let time = 1_000;
    let serial = 0;
    const oneAction = createActionKeys(
      () => time,
      () => `key-${++serial}`,
    );
    const sent: string[] = [];
    let answer: () => void = () => {};
    const slow = (key: string) => {
      sent.push(key);
      return new Promise<void>((resolve) => {
        answer = resolve;
      });
    };
    const instant = async (key: string) => {
      sent.push(key);
    };
    // Two clicks while the first call is still under way, and one just after its answer: one action.
    const first = oneAction("/createFont", { name: "Hand" }, slow);
    time += 5_000;
    await oneAction("/createFont", { name: "Hand" }, instant);
    answer();
    await first;
    time += SETTLE_MS - 100;
    await oneAction("/createFont", { name: "Hand" }, instant);
    expect(sent).toEqual(["key-1", "key-1", "key-1"]);
    // Other data, another call, or the same call later (a build after an edit): new actions.
    await oneAction("/createFont", { name: "Other" }, instant);
    await oneAction("/copyFont", { name: "Hand" }, instant);
    time += SETTLE_MS + 100;
    await oneAction("/createFont", { name: "Hand" }, instant);
    expect(sent.slice(3)).toEqual(["key-2", "key-3", "key-4"]);
  });
});
