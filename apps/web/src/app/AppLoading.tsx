import { ProgressBar } from "./ProgressBar.tsx";

/** What shows while the first page and its texts load: only the progress bar (no text exists yet to show). */
export function AppLoading() {
  return <ProgressBar active />;
}
