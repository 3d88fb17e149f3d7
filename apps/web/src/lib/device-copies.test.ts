import { describe, expect, it } from "vitest";
import { EDITOR_DATABASE, forgetDeviceCopies, LETTER_EDITS_PREFIX } from "./device-copies.ts";

describe("copies of letters kept on the device", () => {
  it("are all forgotten, the editors' database and the Letters page's backups, and nothing else", () => {
    const deleted: string[] = [];
    localStorage.clear();
    localStorage.setItem(`${LETTER_EDITS_PREFIX}font-1`, "{}");
    localStorage.setItem(`${LETTER_EDITS_PREFIX}font-2`, "{}");
    localStorage.setItem("handfont.language", "uk");
    const deleteDatabase = (name: string) => {
      deleted.push(name);
      return {} as IDBOpenDBRequest;
    };
    forgetDeviceCopies({ deleteDatabase }, localStorage);
    expect(deleted).toEqual([EDITOR_DATABASE]);
    expect(Object.keys(localStorage)).toEqual(["handfont.language"]);
  });
});
