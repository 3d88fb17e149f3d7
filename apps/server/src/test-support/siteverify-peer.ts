import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export interface SiteverifyRequest {
  contentType: string | undefined;
  form: URLSearchParams;
}

export interface SiteverifyPeer {
  /** The siteverify address; `/status/502` and `/html` answer a broken provider. */
  url: string;
  requests: SiteverifyRequest[];
  close(): Promise<void>;
}

/**
 * The siteverify protocol shared by reCAPTCHA, Turnstile and hCaptcha (form POST of secret, response, remoteip;
 * JSON answer with success, error-codes, and reCAPTCHA v3's score), played by a local server because the real
 * providers cannot be reached from here. Tokens: "pass", "low-score" (success with score 0.1), anything else fails.
 */
export async function startSiteverifyPeer(secret: string): Promise<SiteverifyPeer> {
  const requests: SiteverifyRequest[] = [];
  const server = createServer(async (request, response) => {
    const form = new URLSearchParams(await readBody(request));
    requests.push({ contentType: request.headers["content-type"], form });
    if (request.url === "/status/502") {
      response.writeHead(502).end("Bad gateway");
      return;
    }
    if (request.url === "/html") {
      response.writeHead(200, { "content-type": "text/html" }).end("<html>maintenance</html>");
      return;
    }
    const token = form.get("response");
    const body =
      form.get("secret") !== secret
        ? { success: false, "error-codes": ["invalid-input-secret"] }
        : token === "pass"
          ? { success: true, challenge_ts: new Date().toISOString(), hostname: "localhost" }
          : token === "low-score"
            ? { success: true, score: 0.1, action: "signin", hostname: "localhost" }
            : { success: false, "error-codes": ["invalid-input-response"] };
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
