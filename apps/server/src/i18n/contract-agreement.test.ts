import {
  CHARACTER_SET_IDS as CONTRACT_SET_IDS,
  SCAN_WARNING_CODES as CONTRACT_WARNING_CODES,
  CreateTemplateRequest,
  LANGUAGES,
} from "@handfont/contract";
import { CHARACTER_SET_IDS, DEFAULT_CHARACTER_SETS, ENGINE_ERROR_CODES, SCAN_WARNING_CODES } from "@handfont/engine";
import { describe, expect, it } from "vitest";
import { messageFor } from "./messages.ts";

// The contract may not import the engine (DESIGN.md §2), so it repeats a few of its lists; this keeps them equal.
describe("the contract agrees with the engine", () => {
  it("offers the engine's character sets", () => {
    expect([...CONTRACT_SET_IDS]).toEqual([...CHARACTER_SET_IDS]);
  });

  it("makes a template of the engine's default sets, accent marks included, when none are chosen", () => {
    expect(CreateTemplateRequest.parse({ name: "Mine" }).sets).toEqual([...DEFAULT_CHARACTER_SETS]);
  });

  it("knows every scan warning the engine gives", () => {
    expect([...CONTRACT_WARNING_CODES].sort()).toEqual([...SCAN_WARNING_CODES].sort());
  });

  it("has a message in every language for every error the engine can raise", () => {
    for (const code of ENGINE_ERROR_CODES) {
      for (const language of LANGUAGES) expect(messageFor(code, language), `${language}.${code}`).not.toBe(code);
    }
  });
});
