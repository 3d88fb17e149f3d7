import { useEffect, useSyncExternalStore } from "react";

/**
 * The two server settings the frame of every page needs: who runs the site (footer) and the analytics id. Read
 * without the query cache and the schema library, which the home page would otherwise download only for these;
 * pages that need the whole public config use usePublicConfig().
 */
export interface ShellSettings {
  operatorName: string;
  analyticsId: string | null;
}

let settings: ShellSettings | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function pick(raw: unknown): ShellSettings | null {
  const value = raw as { operator?: { name?: unknown }; analyticsId?: unknown } | null;
  const operatorName = value?.operator?.name;
  const analyticsId = value?.analyticsId;
  if (typeof operatorName !== "string" || (analyticsId !== null && typeof analyticsId !== "string")) return null;
  return { operatorName, analyticsId };
}

function load(): Promise<void> {
  // A plain fetch: the API client's sessions and retries are not needed for one public, optional read.
  loading ??= fetch("/api/public-config", { headers: { accept: "application/json" } })
    .then((response) => (response.ok ? response.json() : null))
    .then((raw: unknown) => {
      settings = pick(raw);
      for (const listener of listeners) listener();
    })
    .catch(() => {
      // The footer keeps the site's name and analytics stays off; the next page load asks again.
    });
  return loading;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The settings once the server answered; null before (and while prerendering). */
export function useShellSettings(): ShellSettings | null {
  useEffect(() => void load(), []);
  return useSyncExternalStore(
    subscribe,
    () => settings,
    () => null,
  );
}
