import { useSyncExternalStore } from "react";
import { type ConsentFlags, clearConsent, readConsentFlags, storeAccept, storeReject } from "./consent.ts";

const listeners = new Set<() => void>();
let snapshot: ConsentFlags | null = null;

function read(): ConsentFlags {
  const next = readConsentFlags(document.cookie);
  // A stable object while nothing changed keeps useSyncExternalStore from re-rendering forever.
  if (!snapshot || snapshot.policy !== next.policy || snapshot.policyReject !== next.policyReject) snapshot = next;
  return snapshot;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify(): void {
  for (const listener of listeners) listener();
}

/**
 * What prerendered HTML assumes: a choice was made, so no banner is in the HTML and none flashes away for visitors
 * who already chose; right after hydration the real cookies decide.
 */
const PRERENDERED: ConsentFlags = { policy: true, policyReject: true };

/** The stored consent flags, re-read from the cookies whenever the banner records a choice. */
export function useConsent(): ConsentFlags {
  return useSyncExternalStore(subscribe, read, () => PRERENDERED);
}

/** The visitor accepted analytics cookies. */
export function acceptCookies(): void {
  storeAccept();
  notify();
}

/** The visitor refused analytics cookies. */
export function rejectCookies(): void {
  storeReject();
  notify();
}

/** Shows the banner again so the visitor can change their choice (footer: Cookie settings). */
export function reopenCookieBanner(): void {
  clearConsent();
  notify();
}
