// @vitest-environment node
import { describe, expect, it } from "vitest";
import { createApiClient } from "./client.ts";
import { ApiError } from "./errors.ts";

type Answer = { status: number; body: string };

/** A stand-in XMLHttpRequest that reports upload progress in two steps and answers from a script. */
function fakeXhr(answers: Answer[], seen: { url: string; headers: Record<string, string> }[]) {
  return () => {
    const headers: Record<string, string> = {};
    const xhr = {
      status: 0,
      responseText: "",
      withCredentials: false,
      upload: { onprogress: null as ((event: { loaded: number; total: number }) => void) | null },
      onload: null as (() => void) | null,
      onerror: null as (() => void) | null,
      onabort: null as (() => void) | null,
      url: "",
      open(_method: string, url: string) {
        xhr.url = url;
      },
      setRequestHeader(name: string, value: string) {
        headers[name] = value;
      },
      abort() {},
      send() {
        seen.push({ url: xhr.url, headers: { ...headers } });
        const answer = answers.shift()!;
        setTimeout(() => {
          xhr.upload.onprogress?.({ loaded: 50, total: 100 });
          xhr.upload.onprogress?.({ loaded: 100, total: 100 });
          xhr.status = answer.status;
          xhr.responseText = answer.body;
          xhr.onload?.();
        }, 1);
      },
    };
    return xhr as unknown as XMLHttpRequest;
  };
}

describe("API client: uploads", () => {
  it("reports upload progress and sends the XSRF header and access token", async () => {
    const seen: { url: string; headers: Record<string, string> }[] = [];
    const api = createApiClient({
      baseUrl: "http://api.test/api",
      readCookie: (name) => (name === "XSRF-TOKEN" ? "xsrf-1" : undefined),
      createXhr: fakeXhr([{ status: 202, body: '{"scans":[]}' }], seen),
    });
    api.setAccessToken("token-1");
    const progress: number[] = [];
    const answer = await api.upload("/uploadReadyTemplates", new FormData(), {
      onProgress: (sent, total) => progress.push(sent / total),
    });
    expect(answer).toEqual({ scans: [] });
    expect(progress).toEqual([0.5, 1]);
    expect(seen[0]).toMatchObject({
      url: "http://api.test/api/uploadReadyTemplates",
      headers: { "X-XSRF-TOKEN": "xsrf-1", Authorization: "Bearer token-1" },
    });
  });

  it("maps an error answer to ApiError with the server's code", async () => {
    const api = createApiClient({
      baseUrl: "http://api.test/api",
      readCookie: () => undefined,
      createXhr: fakeXhr([{ status: 413, body: '{"code":"FILE_TOO_LARGE","message":"Too large"}' }], []),
    });
    const error = await api.upload("/uploadReadyTemplates", new FormData()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 413, code: "FILE_TOO_LARGE", message: "Too large" });
  });

  it("refreshes once after a 401 and sends the upload again with the new token", async () => {
    const seen: { url: string; headers: Record<string, string> }[] = [];
    const api = createApiClient({
      baseUrl: "http://api.test/api",
      readCookie: () => undefined,
      fetch: async () =>
        new Response('{"accessToken":"token-2"}', { status: 200, headers: { "content-type": "application/json" } }),
      createXhr: fakeXhr(
        [
          { status: 401, body: '{"code":"UNAUTHORIZED","message":"Please sign in."}' },
          { status: 200, body: '{"ok":true}' },
        ],
        seen,
      ),
    });
    api.setAccessToken("token-1");
    expect(await api.upload("/template/uploadExtractedLetters", new FormData())).toEqual({ ok: true });
    expect(seen.map((entry) => entry.headers.Authorization)).toEqual(["Bearer token-1", "Bearer token-2"]);
  });
});
