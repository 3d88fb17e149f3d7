import {
  AddSubscriberResponse,
  AdminUserList,
  Balance,
  CheckoutResponse,
  PaymentOffer,
  type PaymentProvider,
  PaymentState,
  PortalResponse,
  type PurchaseId,
  type Role,
  SetRoleResponse,
} from "@handfont/contract";
import { api } from "../../api/client.ts";

/** The premium calls of spec §7 (/stripe, /paymentRob, /subscribe/getBalance, /addSubscriber/add, /user/{a}/{b}). */
export const paymentsApi = {
  offer: async () => PaymentOffer.parse(await api.get("/payments/offer")),
  balance: async () => Balance.parse(await api.get("/subscribe/getBalance")),
  /** Starts a payment; the answer's URL is the provider's page (Stripe Checkout or Robokassa). */
  checkout: async (provider: PaymentProvider, purchase: PurchaseId) =>
    CheckoutResponse.parse(await api.post(provider === "stripe" ? "/stripe" : "/paymentRob", { purchase })),
  payment: async (id: string) => PaymentState.parse(await api.get(`/payments/${encodeURIComponent(id)}`)),
  portal: async () => PortalResponse.parse(await api.post("/payments/stripe/portal")),

  findUsers: async (query: string) => AdminUserList.parse(await api.get("/admin/users", { query: { query } })).users,
  adjustPremium: async (input: { userId: string; days: number; reason: string }) =>
    AddSubscriberResponse.parse(await api.post("/addSubscriber/add", input)),
  setRole: async (userId: string, role: Role) =>
    SetRoleResponse.parse(await api.post(`/user/${encodeURIComponent(userId)}/${role}`)),
};

export const BALANCE_QUERY = ["payments", "balance"] as const;
export const OFFER_QUERY = ["payments", "offer"] as const;
