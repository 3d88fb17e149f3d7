import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** What the fake says about one invoice: an operation in a state, or a bare Result/Code (3: no such operation). */
export type FakeOperation =
  | { state: number; outSum: string; incSum?: string; shp?: Record<string, string> }
  | { resultCode: number }
  | { httpStatus: number };

/**
 * A local stand-in for Robokassa's XML web service: `GET …/OpStateExt?MerchantLogin&InvoiceID&Signature`, the
 * signature checked as Robokassa documents it (`MerchantLogin:InvoiceID:Password#2`, the shop's hash), answered in
 * the OperationStateResponse shape. Invoices it was told nothing about have no operation (Result/Code 3).
 */
export async function startFakeRobokassaApi(options: { login: string; password2: string; hash: string }) {
  const operations = new Map<number, FakeOperation>();
  const requests: URLSearchParams[] = [];
  const xml = (body: string) =>
    `<?xml version="1.0" encoding="utf-8"?>\n<OperationStateResponse xmlns="http://merchant.roboxchange.com/WebService/">${body}</OperationStateResponse>`;
  const result = (code: number, description = "") =>
    `<Result><Code>${code}</Code><Description>${description}</Description></Result>`;

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    requests.push(url.searchParams);
    const send = (status: number, body: string) => {
      response.writeHead(status, { "content-type": "text/xml; charset=utf-8" });
      response.end(body);
    };
    if (!url.pathname.endsWith("/OpStateExt")) return send(404, "");
    const login = url.searchParams.get("MerchantLogin");
    const invId = Number(url.searchParams.get("InvoiceID"));
    const expected = createHash(options.hash)
      .update(`${options.login}:${url.searchParams.get("InvoiceID")}:${options.password2}`)
      .digest("hex");
    if (login !== options.login) return send(200, xml(result(2, "Shop not found")));
    if (url.searchParams.get("Signature")?.toLowerCase() !== expected) {
      return send(200, xml(result(1, "Invalid signature")));
    }
    const operation = operations.get(invId) ?? { resultCode: 3 };
    if ("httpStatus" in operation) return send(operation.httpStatus, "Service Unavailable");
    if ("resultCode" in operation) return send(200, xml(result(operation.resultCode, "No operation")));
    const fields = Object.entries(operation.shp ?? {})
      .map(([name, value]) => `<Field><Name>${name}</Name><Value>${value}</Value></Field>`)
      .join("");
    return send(
      200,
      xml(
        `${result(0)}<State><Code>${operation.state}</Code><RequestDate>2026-11-20T10:00:00+03:00</RequestDate>` +
          `<StateDate>2026-11-20T10:00:00+03:00</StateDate></State><Info><IncCurrLabel>BANKOCEAN2R</IncCurrLabel>` +
          `<IncSum>${operation.incSum ?? operation.outSum}</IncSum><IncAccount>4000****0002</IncAccount><PaymentMethod><Code>BankCard</Code>` +
          `<Description>Bank card</Description></PaymentMethod><OutCurrLabel>BANKOCEAN2R</OutCurrLabel>` +
          `<OutSum>${operation.outSum}</OutSum><OpKey>0A1B2C3D</OpKey></Info><UserField>${fields}</UserField>`,
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/Merchant/WebService/Service.asmx`;
  return {
    url,
    operations,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeRobokassaApi = Awaited<ReturnType<typeof startFakeRobokassaApi>>;
