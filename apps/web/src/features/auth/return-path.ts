import { isLanguage } from "@handfont/contract";

/** The query parameter of the login page that says where to go after signing in. */
export const RETURN_PARAM = "next";
const STORAGE_KEY = "handfont.returnPath";
/** A sign-in through Google's full-page redirect comes back within minutes; an older remembered path is stale. */
const REMEMBER_MS = 15 * 60 * 1000;

/**
 * The path to return to after signing in, if `value` is one of our own pages: a same-origin path under a language
 * prefix ("/de/app/templates?x=1#y"), never another site ("//evil.example", "https://…", "/\\evil"), never the
 * login page itself. Anything else gives null, and the visitor goes home as spec §2 says.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value?.startsWith("/") || value.startsWith("//")) return null;
  // Control characters and backslashes are how browsers are talked into reading a path as another host.
  if ([...value].some((char) => char === "\\" || char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) {
    return null;
  }
  let url: URL;
  try {
    url = new URL(value, "https://handfont.invalid");
  } catch {
    return null;
  }
  if (url.origin !== "https://handfont.invalid") return null;
  const [, language, page] = url.pathname.split("/");
  if (!isLanguage(language ?? "") || page === "login") return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login page of a language that returns to `from` (a path of ours) after signing in. */
export function loginPathReturningTo(language: string, from: string): string {
  const back = safeReturnPath(from);
  return `/${language}/login${back ? `?${RETURN_PARAM}=${encodeURIComponent(back)}` : ""}`;
}

type Storage = Pick<globalThis.Storage, "getItem" | "setItem" | "removeItem">;

function sessionStore(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Keeps the return path for a sign-in that leaves the page (Google's redirect flow) and comes back without it. */
export function rememberReturnPath(path: string, now = Date.now(), storage = sessionStore()): void {
  const safe = safeReturnPath(path);
  if (safe) storage?.setItem(STORAGE_KEY, JSON.stringify({ path: safe, at: now }));
}

/** The remembered return path, once: it is forgotten as it is read, and ignored when stale. */
export function takeReturnPath(now = Date.now(), storage = sessionStore()): string | null {
  const raw = storage?.getItem(STORAGE_KEY) ?? null;
  storage?.removeItem(STORAGE_KEY);
  if (!raw) return null;
  try {
    const { path, at } = JSON.parse(raw) as { path?: unknown; at?: unknown };
    if (typeof path !== "string" || typeof at !== "number" || now - at > REMEMBER_MS || now < at) return null;
    return safeReturnPath(path);
  } catch {
    return null;
  }
}
