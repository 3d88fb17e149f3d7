import { Loader } from "@mantine/core";
import { useEffect, useState } from "react";

/** Spec §9: a loader appears only when loading takes longer than 200 ms, so fast loads do not flash. */
export const ASYNC_LOADING_DELAY_MS = 200;

/** A spinner that waits ASYNC_LOADING_DELAY_MS before it shows. */
export function DelayedLoader({ label }: { label: string }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setShown(true), ASYNC_LOADING_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return shown ? <Loader size="sm" aria-label={label} /> : null;
}
