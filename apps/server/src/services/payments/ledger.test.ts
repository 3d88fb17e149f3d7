import { describe, expect, it } from "vitest";
import { addMonths, type LedgerRow, premiumEnd, presentLines } from "./ledger.ts";

let serial = 0;
const line = (at: string, fields: Partial<LedgerRow>): LedgerRow => {
  serial += 1;
  return {
    id: `00000000-0000-4000-8000-${String(serial).padStart(12, "0")}`,
    userId: "u",
    kind: "purchase",
    sourceKey: `k${serial}`,
    paymentRef: null,
    paymentId: null,
    months: null,
    days: null,
    until: null,
    provider: null,
    amountMinor: null,
    currency: null,
    reason: null,
    actorUserId: null,
    createdAt: new Date(at),
    ...fields,
  };
};
const iso = (date: Date | null) => date?.toISOString() ?? null;

describe("calendar months", () => {
  it("adds months in UTC and keeps to the last day of a shorter month", () => {
    expect(addMonths(new Date("2026-01-15T10:00:00Z"), 1).toISOString()).toBe("2026-02-15T10:00:00.000Z");
    expect(addMonths(new Date("2026-01-31T00:00:00Z"), 1).toISOString()).toBe("2026-02-28T00:00:00.000Z");
    expect(addMonths(new Date("2028-01-31T00:00:00Z"), 1).toISOString()).toBe("2028-02-29T00:00:00.000Z");
    expect(addMonths(new Date("2026-11-30T00:00:00Z"), 12).toISOString()).toBe("2027-11-30T00:00:00.000Z");
  });
});

describe("premium end derived from the ledger", () => {
  it("is null without lines", () => {
    expect(premiumEnd([])).toBeNull();
  });

  it("starts a pack at the purchase and extends from the current end when bought again", () => {
    const first = line("2026-01-10T00:00:00Z", { months: 1 });
    const second = line("2026-01-20T00:00:00Z", { months: 6 });
    expect(iso(premiumEnd([first]))).toBe("2026-02-10T00:00:00.000Z");
    expect(iso(premiumEnd([second, first]))).toBe("2026-08-10T00:00:00.000Z");
  });

  it("starts from the purchase again when earlier time has run out", () => {
    const old = line("2025-01-10T00:00:00Z", { months: 1 });
    const later = line("2026-03-01T00:00:00Z", { months: 1 });
    expect(iso(premiumEnd([old, later]))).toBe("2026-04-01T00:00:00.000Z");
  });

  it("adds granted days and subtracts removed days", () => {
    const grant = line("2026-01-01T00:00:00Z", { kind: "grant", days: 30 });
    const removal = line("2026-01-05T00:00:00Z", { kind: "removal", days: -10 });
    expect(iso(premiumEnd([grant, removal]))).toBe("2026-01-21T00:00:00.000Z");
  });

  it("counts a refunded purchase as never made, also when the refund was written first", () => {
    const refund = line("2026-01-01T00:00:00Z", { kind: "refund", paymentRef: "stripe:pi:1", userId: null });
    const bought = line("2026-01-02T00:00:00Z", { months: 12, paymentRef: "stripe:pi:1" });
    const kept = line("2026-01-03T00:00:00Z", { months: 1, paymentRef: "stripe:pi:2" });
    expect(iso(premiumEnd([refund, bought, kept]))).toBe("2026-02-03T00:00:00.000Z");
    const history = presentLines([refund, bought, kept]);
    expect(history.map((entry) => [entry.kind, entry.refunded])).toEqual([
      ["purchase", false],
      ["purchase", true],
      ["refund", false],
    ]);
  });

  it("reaches at least a subscription period's end and a migrated end", () => {
    const migrated = line("2025-12-01T00:00:00Z", { kind: "migrated", until: new Date("2026-01-15T00:00:00Z") });
    const period = line("2026-01-01T00:00:00Z", { kind: "subscription", until: new Date("2026-02-01T00:00:00Z") });
    expect(iso(premiumEnd([migrated]))).toBe("2026-01-15T00:00:00.000Z");
    expect(iso(premiumEnd([migrated, period]))).toBe("2026-02-01T00:00:00.000Z");
    const pack = line("2026-01-02T00:00:00Z", { months: 1 });
    expect(iso(premiumEnd([migrated, period, pack]))).toBe("2026-03-01T00:00:00.000Z");
  });
});
