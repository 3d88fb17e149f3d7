/** The server answered outside 200–299. `code` is the server's stable code, or HTTP_{status} when it sent none. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: number;
  readonly code: string;
  /** The parsed response body (JSON when it was JSON, otherwise the text), for fields such as a user id. */
  readonly body: unknown;

  constructor(status: number, code: string, message: string, body: unknown) {
    super(message);
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

export type TransportErrorCode = "NETWORK_ERROR" | "REQUEST_ABORTED" | "TIMEOUT" | "UNSUPPORTED_PROTOCOL";

/** No usable HTTP answer arrived; the messages are the ones of spec §8. */
export class TransportError extends Error {
  override readonly name = "TransportError";
  readonly code: TransportErrorCode;

  constructor(code: TransportErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/** Spec §8 transport messages, in one place so tests and callers agree on the wording. */
export const TRANSPORT_MESSAGES = {
  network: "Network Error",
  aborted: "request aborted",
  timeout: (ms: number) => `timeout of ${ms}ms exceeded`,
  status: (status: number) => `Request failed with status code ${status}`,
  protocol: (protocol: string) => `Unsupported protocol ${protocol}`,
} as const;
