import { describe, expect, it } from "vitest";
import {
  ENGINE_ERROR_CODES,
  ENGINE_ERROR_MESSAGES,
  EngineError,
  isEngineError,
  SCAN_WARNING_CODES,
  SCAN_WARNING_MESSAGES,
  scanWarning,
} from "./errors.ts";

describe("engine errors and warnings", () => {
  it("gives every error and warning code a user message", () => {
    for (const code of ENGINE_ERROR_CODES) expect(ENGINE_ERROR_MESSAGES[code].length).toBeGreaterThan(15);
    for (const code of SCAN_WARNING_CODES) expect(SCAN_WARNING_MESSAGES[code].length).toBeGreaterThan(15);
    expect(scanWarning("STROKE_TRIMMED")).toEqual({
      code: "STROKE_TRIMMED",
      message: SCAN_WARNING_MESSAGES.STROKE_TRIMMED,
    });
  });

  it("recognises an engine error after it crossed a worker boundary as a plain object", () => {
    const error = new EngineError("PAGE_DAMAGED", undefined, { missing: 1 });
    expect(error.message).toBe(ENGINE_ERROR_MESSAGES.PAGE_DAMAGED);
    const cloned = structuredClone({ name: error.name, code: error.code, message: error.message });
    expect(isEngineError(error)).toBe(true);
    expect(isEngineError(cloned)).toBe(true);
    expect(isEngineError({ name: "EngineError", code: "SOMETHING_ELSE" })).toBe(false);
    expect(isEngineError(new Error("x"))).toBe(false);
  });
});
