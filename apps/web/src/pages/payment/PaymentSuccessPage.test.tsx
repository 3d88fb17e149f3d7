import type { PaymentState } from "@handfont/contract";
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { activateLanguage, loadNamespaces } from "../../i18n/i18n.ts";
import { TestProviders } from "../../test/TestProviders.tsx";

const payment = vi.fn<(id: string) => Promise<PaymentState>>();
vi.mock("../../features/payments/payments-api.ts", () => ({
  BALANCE_QUERY: ["payments", "balance"],
  paymentsApi: { payment: (id: string) => payment(id) },
}));
const { PaymentSuccessPage, nextPoll } = await import("./PaymentSuccessPage.tsx");

beforeAll(async () => {
  await activateLanguage("en");
  await loadNamespaces("en", ["payments", "workspace"]);
});

const ID = "6c0d5e7a-8b1f-4c3d-9e2a-1b2c3d4e5f60";
const state = (status: PaymentState["status"], premiumUntil: string | null = null): PaymentState => ({
  id: ID,
  provider: "robokassa",
  purchase: "6m",
  status,
  price: { amountMinor: 199000, currency: "RUB" },
  createdAt: "2026-11-20T10:00:00.000Z",
  premiumUntil,
});

function show() {
  render(
    <TestProviders>
      <MemoryRouter initialEntries={[`/en/payment/psuccess?payment=${ID}`]}>
        <PaymentSuccessPage />
      </MemoryRouter>
    </TestProviders>,
  );
}

describe("the success page of a payment the server confirms late", () => {
  it("keeps asking as long as the payment is pending, however long that takes, and stops once it is settled", () => {
    expect(nextPoll("pending", 5_000)).toBe(2_000);
    // The periodic check with the provider may settle it minutes later: the page is still asking then.
    expect(nextPoll("pending", 15 * 60_000)).toBe(20_000);
    expect(nextPoll("pending", 6 * 3_600_000)).toBe(20_000);
    for (const status of ["paid", "failed", "refunded", "expired"] as const)
      expect(nextPoll(status, 5_000)).toBe(false);
  });

  it("shows the new end date of a payment granted by the check", async () => {
    payment.mockResolvedValue(state("paid", "2027-05-20T10:00:00.000Z"));
    show();
    expect((await screen.findByTestId("payment-confirmed")).textContent).toContain("May 20, 2027");
  });

  it("says that a payment nobody confirmed within a day has expired", async () => {
    payment.mockResolvedValue(state("expired"));
    show();
    expect((await screen.findByTestId("payment-not-confirmed")).textContent).toMatch(/not completed within a day/);
    expect(screen.queryByTestId("payment-confirming")).toBeNull();
  });
});
