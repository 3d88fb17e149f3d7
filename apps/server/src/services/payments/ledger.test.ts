import { describe, expect, it } from "vitest";
import { addMonths, type LedgerRow, premiumEnd, presentLines, refundedDays } from "./ledger.ts";

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

describe("partial refunds", () => {
  const paid = (at: string, months: number, ref: string, amountMinor: number) =>
    line(at, { months, paymentRef: ref, amountMinor, currency: "EUR" });
  const refund = (at: string, ref: string, amountMinor: number) =>
    line(at, { kind: "refund", paymentRef: ref, amountMinor, currency: "EUR" });

  it("takes back the refunded share of the days, rounded up to whole days", () => {
    expect(refundedDays(31, 500, 1000)).toBe(16); // 15.5 days
    expect(refundedDays(30, 500, 1000)).toBe(15);
    expect(refundedDays(181, 1, 1999)).toBe(1); // any refund takes at least a day
    expect(refundedDays(365, 2999, 2999)).toBe(365);
    expect(refundedDays(365, 5000, 2999)).toBe(365);
    expect(refundedDays(30, 0, 1000)).toBe(0);
  });

  it("shortens a pack by the refunded share of its own time (January has 31 days)", () => {
    const pack = paid("2026-01-01T00:00:00Z", 1, "stripe:pi:a", 1000);
    const half = refund("2026-01-10T00:00:00Z", "stripe:pi:a", 500);
    // 31 days given, 15.5 refunded: 16 days taken back from 1 February.
    expect(iso(premiumEnd([pack, half]))).toBe("2026-01-16T00:00:00.000Z");
    const shown = presentLines([pack, half]).find((entry) => entry.kind === "purchase");
    expect(shown).toMatchObject({ refunded: false, refundedMinor: 500 });
  });

  it("adds repeated partial refunds up, and a total that reaches the price removes the pack", () => {
    const pack = paid("2026-03-01T00:00:00Z", 1, "stripe:pi:b", 1000); // 31 days, to 1 April
    const first = refund("2026-03-02T00:00:00Z", "stripe:pi:b", 250);
    const second = refund("2026-03-03T00:00:00Z", "stripe:pi:b", 250);
    const rest = refund("2026-03-04T00:00:00Z", "stripe:pi:b", 500);
    // A quarter: ceil(7.75) = 8 days; a half: ceil(15.5) = 16 days; all: nothing left.
    expect(iso(premiumEnd([pack, first]))).toBe("2026-03-24T00:00:00.000Z");
    expect(iso(premiumEnd([pack, first, second]))).toBe("2026-03-16T00:00:00.000Z");
    expect(premiumEnd([pack, first, second, rest])).toBeNull();
    expect(presentLines([pack, first, second, rest]).find((entry) => entry.kind === "purchase")).toMatchObject({
      refunded: true,
      refundedMinor: 1000,
    });
  });

  it("takes the share from the refunded pack only, and later packs still extend from its shortened end", () => {
    const six = paid("2026-01-01T00:00:00Z", 6, "stripe:pi:six", 2000); // 181 days, to 1 July
    const one = paid("2026-02-01T00:00:00Z", 1, "stripe:pi:one", 500); // extends to 1 August (31 days)
    const half = refund("2026-02-02T00:00:00Z", "stripe:pi:six", 1000);
    // ceil(90.5) = 91 days off the six months: 1 July − 91 days = 1 April; the one-month pack, bought while that
    // time still ran, now follows it: 1 April to 1 May.
    expect(iso(premiumEnd([six, one, half]))).toBe("2026-05-01T00:00:00.000Z");
  });

  it("counts a partial refund written before its purchase the same way", () => {
    const early = refund("2026-01-01T00:00:00Z", "stripe:pi:c", 500);
    const pack = paid("2026-01-02T00:00:00Z", 1, "stripe:pi:c", 1000); // 31 days, to 2 February
    expect(iso(premiumEnd([early, pack]))).toBe("2026-01-17T00:00:00.000Z");
  });

  it("never moves the end before the pack's own start", () => {
    const base = line("2026-01-01T00:00:00Z", { kind: "grant", days: 10 });
    const pack = paid("2026-01-01T00:00:00Z", 1, "stripe:pi:d", 1000);
    const most = refund("2026-01-05T00:00:00Z", "stripe:pi:d", 999);
    // The pack gave 11 Jan → 11 Feb (31 days); 999/1000 takes ceil(30.969) = 31 days: back to 11 January.
    expect(iso(premiumEnd([base, pack, most]))).toBe("2026-01-11T00:00:00.000Z");
  });
});
