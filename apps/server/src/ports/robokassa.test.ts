import { describe, expect, it } from "vitest";
import type { RobokassaConfig } from "../config/payment-config.ts";
import {
  createRobokassa,
  encodeReceipt,
  formatOutSum,
  hashHex,
  operationStateSignature,
  parseOperationState,
  parseOutSum,
  paymentSignature,
  resultSignature,
} from "./robokassa.ts";

// Vectors computed outside Node (Python's hashlib and urllib.parse.quote) over the published formulas.
const PAYMENT_BASE_HASHES = {
  md5: "3a92f7c629af3eac474764ff407d249d",
  sha1: "3625233d865a6f56b1d1d8ad43357ec6620685ad",
  sha256: "e1e4f287494800fac3b5e43812e527b02979e9235c11635913203c40e5f49a79",
  sha384: "b73b55a06b031c5a07ba86e36f86aa9dcf81bb798a8ac9005dd16c51480acf4d98bf671c0c235eb0eb5dd0b4ced0bdc0",
  sha512:
    "c73411639b52c29d40a69e973c90eb4d3d1448b8bdf54f911f3f8785ed6f5682ec7d188dca8487d079efef57cced22009fba0e8a4012f5f287b4ae39956f84f5",
  ripemd160: "5e9f513cb772c1566beb0c78fbb5dabb3393fd55",
} as const;

const config: RobokassaConfig = {
  login: "shop",
  password1: "pw1",
  password2: "pw2",
  test: false,
  hash: "md5",
  paymentUrl: "https://auth.robokassa.ru/Merchant/Index.aspx",
  apiUrl: "https://auth.robokassa.ru/Merchant/WebService/Service.asmx",
  receipt: null,
};

describe("Robokassa signatures", () => {
  it("signs a payment link as MerchantLogin:OutSum:InvId:Password#1 with each of the six hashes", () => {
    for (const [hash, expected] of Object.entries(PAYMENT_BASE_HASHES)) {
      const signature = paymentSignature({
        login: "demo",
        outSum: "10.00",
        invId: 1,
        password1: "pass1",
        shp: {},
        hash: hash as keyof typeof PAYMENT_BASE_HASHES,
      });
      expect(signature, hash).toBe(expected);
    }
  });

  it("signs a ResultURL as OutSum:InvId:Password#2 followed by the Shp_ pairs sorted by name", () => {
    const signature = resultSignature({
      outSum: "10.00",
      invId: "1",
      password2: "pass2",
      shp: { Shp_user: "42", Shp_lang: "ru" },
      hash: "md5",
    });
    expect(signature).toBe("e74b5df78fd0203f15bb55b4f7123632");
  });

  it("signs the URL-encoded receipt between InvId and Password#1, exactly as it is sent", () => {
    const receipt = encodeReceipt(
      { sno: "usn_income", tax: "none", paymentMethod: "full_prepayment", paymentObject: "service" },
      { name: "Handfont premium, 6 month(s)", outSum: "1990.00" },
    );
    expect(receipt).toBe(
      "%7B%22sno%22%3A%22usn_income%22%2C%22items%22%3A%5B%7B%22name%22%3A%22Handfont%20premium%2C%206%20month(s)%22%2C%22quantity%22%3A1%2C%22sum%22%3A1990%2C%22tax%22%3A%22none%22%2C%22payment_method%22%3A%22full_prepayment%22%2C%22payment_object%22%3A%22service%22%7D%5D%7D",
    );
    const signature = paymentSignature({
      login: "shop",
      outSum: "1990.00",
      invId: 7,
      receipt,
      password1: "pw1",
      shp: { Shp_payment: "abc" },
      hash: "md5",
    });
    expect(signature).toBe("64843c1d74696ab7ae94d2faacfaea83");
    const url = new URL(
      createRobokassa({
        ...config,
        receipt: { sno: "usn_income", tax: "none", paymentMethod: "full_prepayment", paymentObject: "service" },
      }).paymentUrl({
        invId: 7,
        amountMinor: 199_000,
        description: "Handfont premium, 6 month(s)",
        culture: "ru",
        shp: { Shp_payment: "abc" },
      }),
    );
    // URLSearchParams decodes once: Robokassa reads the encoded receipt that was signed.
    expect(url.searchParams.get("Receipt")).toBe(receipt);
    expect(url.searchParams.get("SignatureValue")).toBe("64843c1d74696ab7ae94d2faacfaea83");
  });

  it("builds OutSum from kopecks and reads received sums as kopecks", () => {
    expect(formatOutSum(12_345)).toBe("123.45");
    expect(formatOutSum(49_000)).toBe("490.00");
    expect(formatOutSum(5)).toBe("0.05");
    expect(parseOutSum("100.000000")).toBe(10_000);
    expect(parseOutSum("490.00")).toBe(49_000);
    expect(parseOutSum("490")).toBe(49_000);
    expect(parseOutSum("1.005")).toBeNull();
    expect(parseOutSum("-1.00")).toBeNull();
    expect(parseOutSum("1e3")).toBeNull();
  });
});

describe("Robokassa payment URL and ResultURL check", () => {
  const robokassa = createRobokassa(config);

  it("sends IsTest=1 only in test mode", () => {
    const input = { invId: 3, amountMinor: 49_000, description: "x", culture: "en" as const, shp: {} };
    expect(new URL(robokassa.paymentUrl(input)).searchParams.get("IsTest")).toBeNull();
    const test = createRobokassa({ ...config, test: true });
    expect(new URL(test.paymentUrl(input)).searchParams.get("IsTest")).toBe("1");
  });

  const notice = (overrides: Record<string, string> = {}) => {
    const params = { OutSum: "490.000000", InvId: "3", Shp_payment: "p-1", ...overrides };
    const signature = hashHex("md5", `${params.OutSum}:${params.InvId}:pw2:Shp_payment=${params.Shp_payment}`);
    return { ...params, SignatureValue: signature.toUpperCase() };
  };

  it("accepts a notification signed with password 2 (hex in any case), hashing OutSum as received", () => {
    const check = robokassa.checkResult(notice());
    expect(check).toEqual({
      ok: true,
      notification: { invId: 3, outSum: "490.000000", amountMinor: 49_000, shp: { Shp_payment: "p-1" }, isTest: false },
    });
  });

  it("refuses a notification signed with password 1, a tampered Shp_ value or a changed sum", () => {
    const withPassword1 = notice();
    withPassword1.SignatureValue = hashHex("md5", "490.000000:3:pw1:Shp_payment=p-1");
    expect(robokassa.checkResult(withPassword1)).toEqual({ ok: false, reason: "bad-signature" });
    expect(robokassa.checkResult({ ...notice(), Shp_payment: "p-2" })).toEqual({ ok: false, reason: "bad-signature" });
    expect(robokassa.checkResult({ ...notice(), OutSum: "1.000000" })).toEqual({ ok: false, reason: "bad-signature" });
    expect(robokassa.checkResult({ OutSum: "1", InvId: "x", SignatureValue: "y" })).toEqual({
      ok: false,
      reason: "missing-fields",
    });
  });
});

describe("OpStateExt", () => {
  it("signs MerchantLogin:InvoiceID:Password#2", () => {
    // md5("demo:7:pass2"), computed outside this code.
    expect(operationStateSignature({ login: "demo", invId: 7, password2: "pass2", hash: "md5" })).toBe(
      "6b43c9706367d74f54b74e32e84b2b81",
    );
  });

  const answer = (body: string) =>
    `<?xml version="1.0" encoding="utf-8"?><OperationStateResponse xmlns="http://merchant.roboxchange.com/WebService/">${body}</OperationStateResponse>`;

  it("reads the state, both sums and the Shp_ fields of a found operation", () => {
    const state = parseOperationState(
      answer(
        "<Result><Code>0</Code></Result><State><Code>100</Code><RequestDate>2026-11-20T10:00:00+03:00</RequestDate></State>" +
          "<Info><IncCurrLabel>BANKOCEAN2R</IncCurrLabel><IncSum>490.000000</IncSum><PaymentMethod><Code>BankCard</Code></PaymentMethod>" +
          "<OutCurrLabel>BANKOCEAN2R</OutCurrLabel><OutSum>475.300000</OutSum></Info>" +
          "<UserField><Field><Name>shp_payment</Name><Value>abc</Value></Field><Field><Name>Other</Name><Value>x</Value></Field></UserField>",
      ),
    );
    expect(state).toEqual({
      found: true,
      state: 100,
      outSum: "475.300000",
      sumsMinor: [47530, 49000],
      shp: { shp_payment: "abc" },
    });
  });

  it("reads Result/Code 3 as no operation, and throws on any other failure", () => {
    expect(parseOperationState(answer("<Result><Code>3</Code><Description>not found</Description></Result>"))).toEqual({
      found: false,
    });
    expect(() =>
      parseOperationState(answer("<Result><Code>1</Code><Description>bad sign</Description></Result>")),
    ).toThrow(/answered 1/);
    expect(() => parseOperationState(answer("<Result><Code>0</Code></Result>"))).toThrow(/without a state/);
  });
});
