import { readCookie as readDocumentCookie } from "../lib/cookies.ts";
import { ApiError, TRANSPORT_MESSAGES, TransportError } from "./errors.ts";

export type HttpMethod = "GET" | "HEAD" | "OPTIONS" | "POST" | "PUT" | "PATCH" | "DELETE";
export type ResponseType = "json" | "text" | "blob" | "arrayBuffer";
export type QueryValue = string | number | boolean | null | undefined;

/** Spec §9: statuses worth one more try of an idempotent request. */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
/** Spec §9: one retry for idempotent requests, none for POST, PUT, PATCH and DELETE. */
const IDEMPOTENT_METHODS: ReadonlySet<HttpMethod> = new Set(["GET", "HEAD", "OPTIONS"]);
export const XSRF_COOKIE = "XSRF-TOKEN";
export const XSRF_HEADER = "X-XSRF-TOKEN";
export const REFRESH_PATH = "/auth/refreshtoken";
export const LOGOUT_PATH = "/auth/logout";
/** Issues the XSRF-TOKEN cookie for this browser's session (server: GET /api/auth/csrf). */
export const CSRF_PATH = "/auth/csrf";
/** Tabs of one browser share the refresh cookie: refreshing in two at once would look like token reuse. */
const REFRESH_LOCK = "handfont-session-refresh";
/** Browsers fire a setTimeout above 2^31 − 1 ms at once (spec §9 caps timers there). */
const MAX_TIMER_MS = 2_147_483_647;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  /** A plain object or array is sent as JSON; FormData, Blob, URLSearchParams and strings go as they are. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Milliseconds until the request fails with "timeout of {n}ms exceeded"; 0 means no limit. */
  timeout?: number;
  signal?: AbortSignal;
  /** Overrides the spec's default retry count (1 for GET/HEAD/OPTIONS, 0 otherwise). */
  retry?: number;
  responseType?: ResponseType;
}

export interface UploadOptions {
  /** Called as the body goes out: bytes sent and total (XHR upload progress; fetch has none). */
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
}

export interface ApiClientOptions {
  /** Where the API lives; same-origin `/api` by default. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Reads a cookie of this document; injectable for tests outside a browser. */
  readCookie?: (name: string) => string | undefined;
  /** Default timeout of every request in ms (spec §9: 0, none). */
  timeout?: number;
  /** Makes the XMLHttpRequest of uploads; injectable for tests. */
  createXhr?: () => XMLHttpRequest;
}

export interface ApiClient {
  request<T = unknown>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>;
  get<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  patch<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  /**
   * POSTs a form with upload progress (XMLHttpRequest), with the same credentials, XSRF header, error mapping and
   * one refresh on 401 as every other call; never retried (spec §9: POST).
   */
  upload<T = unknown>(path: string, form: FormData, options?: UploadOptions): Promise<T>;
  /** The in-memory access token sent as `Authorization: Bearer`; never persisted by the client. */
  getAccessToken(): string | null;
  setAccessToken(token: string | null): void;
  /** Called after a failed refresh has logged the user out; returns an unsubscribe function. */
  onLoggedOut(listener: () => void): () => void;
  /**
   * Refreshes the session now, joining a refresh already under way (spec §4: one at a time). Resolves to the
   * server's answer, or null when the session is gone (then the client has logged out).
   */
  refresh(): Promise<unknown>;
  /** Called with the server's answer after every successful refresh; returns an unsubscribe function. */
  onRefreshed(listener: (answer: unknown) => void): () => void;
}

function isUnsafe(method: HttpMethod): boolean {
  return !IDEMPOTENT_METHODS.has(method);
}

/** Auth calls are exempt from the automatic refresh (spec §4). */
function isAuthPath(path: string): boolean {
  return path === "/auth" || path.startsWith("/auth/");
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isPassThroughBody(body: unknown): body is BodyInit {
  return (
    typeof body === "string" ||
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body)
  );
}

function documentCookie(name: string): string | undefined {
  return typeof document === "undefined" ? undefined : readDocumentCookie(name);
}

function buildUrl(baseUrl: string, path: string, query: Record<string, QueryValue> | undefined): URL {
  const origin = typeof window === "undefined" ? undefined : window.location.href;
  const url = new URL(`${baseUrl.replace(/\/+$/, "")}${path.startsWith("/") ? path : `/${path}`}`, origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.append(key, String(value));
  }
  return url;
}

async function readBody(response: Response, type: ResponseType): Promise<unknown> {
  if (type === "blob") return response.blob();
  if (type === "arrayBuffer") return response.arrayBuffer();
  const text = await response.text();
  if (type === "text" || text === "") return type === "text" ? text : undefined;
  if (!(response.headers.get("content-type") ?? "").includes("json")) return text;
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(response.status, "INVALID_RESPONSE", `Invalid JSON in the response to ${response.url}`, text);
  }
}

/** Error bodies are parsed leniently: a proxy's HTML page is kept as text rather than failing the parse. */
async function readErrorBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function errorFromResponse(status: number, body: unknown): ApiError {
  const code = isRecord(body) && typeof body.code === "string" ? body.code : `HTTP_${status}`;
  const message =
    isRecord(body) && typeof body.message === "string" && body.message !== ""
      ? body.message
      : TRANSPORT_MESSAGES.status(status);
  return new ApiError(status, code, message, body);
}

function isRetryable(error: unknown): boolean {
  if (error instanceof ApiError) return RETRY_STATUSES.has(error.status);
  return error instanceof TransportError && error.code === "NETWORK_ERROR";
}

/** Creates the API client of spec §4 and §9: credentials, XSRF header, single-flight refresh, retries, timeouts. */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? "/api";
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const readCookie = options.readCookie ?? documentCookie;
  const defaultTimeout = options.timeout ?? 0;
  const createXhr = options.createXhr;
  const loggedOutListeners = new Set<() => void>();
  const refreshedListeners = new Set<(answer: unknown) => void>();
  let accessToken: string | null = null;
  // Bumped on every change of credentials, so a 401 to a request sent before a refresh retries without another one.
  let credentialsGeneration = 0;
  let refreshing: Promise<unknown> | null = null;
  let fetchingXsrf: Promise<unknown> | null = null;

  /** A fresh browser has no XSRF cookie yet: ask the server for one before its first state-changing call. */
  function ensureXsrfCookie(): Promise<unknown> {
    if (readCookie(XSRF_COOKIE)) return Promise.resolve();
    fetchingXsrf ??= fetchImpl(buildUrl(baseUrl, CSRF_PATH, undefined), { credentials: "include" })
      .catch(() => undefined)
      .finally(() => {
        fetchingXsrf = null;
      });
    return fetchingXsrf;
  }

  function changeToken(token: string | null): void {
    accessToken = token;
    credentialsGeneration += 1;
  }

  async function send(method: HttpMethod, path: string, request: RequestOptions): Promise<unknown> {
    const url = buildUrl(baseUrl, path, request.query);
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      throw new TransportError("UNSUPPORTED_PROTOCOL", TRANSPORT_MESSAGES.protocol(url.protocol));
    }
    const responseType = request.responseType ?? "json";
    if (isUnsafe(method)) await ensureXsrfCookie();
    const headers = new Headers(request.headers);
    if (responseType === "json" && !headers.has("Accept")) headers.set("Accept", "application/json");
    const xsrf = readCookie(XSRF_COOKIE);
    if (xsrf) headers.set(XSRF_HEADER, xsrf);
    if (accessToken && !headers.has("Authorization")) headers.set("Authorization", `Bearer ${accessToken}`);
    let body: BodyInit | undefined;
    if (request.body !== undefined) {
      if (isPassThroughBody(request.body)) body = request.body;
      else {
        body = JSON.stringify(request.body);
        if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json");
      }
    }

    const timeout = Math.min(request.timeout ?? defaultTimeout, MAX_TIMER_MS);
    const controller = new AbortController();
    let timedOut = false;
    const timer =
      timeout > 0
        ? setTimeout(() => {
            timedOut = true;
            controller.abort();
          }, timeout)
        : undefined;
    const callerSignal = request.signal;
    const forwardAbort = () => controller.abort();
    if (callerSignal?.aborted) throw new TransportError("REQUEST_ABORTED", TRANSPORT_MESSAGES.aborted);
    callerSignal?.addEventListener("abort", forwardAbort, { once: true });
    try {
      const response = await fetchImpl(url, {
        method,
        headers,
        body,
        credentials: "include",
        signal: controller.signal,
      });
      const isEmpty = method === "HEAD" || response.status === 204 || response.status === 205;
      if (response.status >= 200 && response.status <= 299) {
        return isEmpty ? undefined : await readBody(response, responseType);
      }
      throw errorFromResponse(response.status, await readErrorBody(response));
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (timedOut) throw new TransportError("TIMEOUT", TRANSPORT_MESSAGES.timeout(timeout), { cause: error });
      if (callerSignal?.aborted)
        throw new TransportError("REQUEST_ABORTED", TRANSPORT_MESSAGES.aborted, { cause: error });
      throw new TransportError("NETWORK_ERROR", TRANSPORT_MESSAGES.network, { cause: error });
    } finally {
      if (timer !== undefined) clearTimeout(timer);
      callerSignal?.removeEventListener("abort", forwardAbort);
    }
  }

  async function logOut(): Promise<void> {
    try {
      await send("POST", LOGOUT_PATH, {});
    } catch {
      // Best effort: the session is over on this side either way, and spec §4 returns the original error.
    }
    changeToken(null);
    for (const listener of loggedOutListeners) listener();
  }

  function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
    const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
    return locks ? locks.request(REFRESH_LOCK, task) : task();
  }

  async function refreshSession(): Promise<unknown> {
    try {
      const answer = await withRefreshLock(() => send("POST", REFRESH_PATH, {}));
      changeToken(isRecord(answer) && typeof answer.accessToken === "string" ? answer.accessToken : accessToken);
      for (const listener of refreshedListeners) listener(answer);
      return answer ?? {};
    } catch (error) {
      // The refresh failure itself is not reported: spec §4 hands each waiting caller its own original error. A
      // refresh the server could not answer now (rate limited, down, unreachable) says nothing of the session:
      // logging out would end it on the server for good, so it stays and the next 401 tries again.
      if (!isRetryable(error)) await logOut();
      return null;
    }
  }

  /** Spec §4: one refresh at a time; every request that fails meanwhile waits for the same result. */
  function refreshOnce(): Promise<unknown> {
    refreshing ??= refreshSession().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function request<T>(method: HttpMethod, path: string, requestOptions: RequestOptions = {}): Promise<T> {
    let retriesLeft = requestOptions.retry ?? (IDEMPOTENT_METHODS.has(method) ? 1 : 0);
    let refreshed = false;
    let xsrfRetried = false;
    for (;;) {
      const generation = credentialsGeneration;
      try {
        return (await send(method, path, requestOptions)) as T;
      } catch (error) {
        if (error instanceof ApiError && error.status === 401 && !isAuthPath(path) && !refreshed) {
          refreshed = true;
          if (generation === credentialsGeneration && !(await refreshOnce())) throw error;
          continue;
        }
        // A refused XSRF token comes back with a fresh cookie (a new session, a stale tab): one more try.
        if (error instanceof ApiError && error.status === 403 && error.code === "XSRF" && !xsrfRetried) {
          xsrfRetried = true;
          continue;
        }
        if (retriesLeft > 0 && isRetryable(error)) {
          retriesLeft -= 1;
          continue;
        }
        throw error;
      }
    }
  }

  function sendXhr(path: string, form: FormData, options: UploadOptions): Promise<unknown> {
    const xhr = (createXhr ?? (() => new XMLHttpRequest()))();
    return new Promise((resolve, reject) => {
      xhr.open("POST", buildUrl(baseUrl, path, undefined).toString());
      xhr.withCredentials = true;
      xhr.setRequestHeader("Accept", "application/json");
      const xsrf = readCookie(XSRF_COOKIE);
      if (xsrf) xhr.setRequestHeader(XSRF_HEADER, xsrf);
      if (accessToken) xhr.setRequestHeader("Authorization", `Bearer ${accessToken}`);
      xhr.upload.onprogress = (event) => options.onProgress?.(event.loaded, event.total);
      xhr.onload = () => {
        let body: unknown = xhr.responseText;
        try {
          body = xhr.responseText === "" ? undefined : JSON.parse(xhr.responseText);
        } catch {
          // A non-JSON answer (a proxy's error page) is kept as text.
        }
        if (xhr.status >= 200 && xhr.status <= 299) resolve(body);
        else reject(errorFromResponse(xhr.status, body));
      };
      xhr.onerror = () => reject(new TransportError("NETWORK_ERROR", TRANSPORT_MESSAGES.network));
      xhr.onabort = () => reject(new TransportError("REQUEST_ABORTED", TRANSPORT_MESSAGES.aborted));
      options.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
      xhr.send(form);
    });
  }

  async function upload<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
    const generation = credentialsGeneration;
    try {
      return (await sendXhr(path, form, options)) as T;
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401 && !isAuthPath(path))) throw error;
      if (generation === credentialsGeneration && !(await refreshOnce())) throw error;
      return (await sendXhr(path, form, options)) as T;
    }
  }

  return {
    request,
    upload,
    get: (path, o) => request("GET", path, o),
    post: (path, body, o) => request("POST", path, { ...o, body }),
    put: (path, body, o) => request("PUT", path, { ...o, body }),
    patch: (path, body, o) => request("PATCH", path, { ...o, body }),
    delete: (path, o) => request("DELETE", path, o),
    getAccessToken: () => accessToken,
    setAccessToken: changeToken,
    onLoggedOut(listener) {
      loggedOutListeners.add(listener);
      return () => loggedOutListeners.delete(listener);
    },
    refresh: refreshOnce,
    onRefreshed(listener) {
      refreshedListeners.add(listener);
      return () => refreshedListeners.delete(listener);
    },
  };
}

/** The one API client of the web app: same-origin `/api`, no default timeout. */
export const api: ApiClient = createApiClient();
