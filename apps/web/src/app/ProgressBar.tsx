import { useEffect, useState } from "react";
import classes from "./ProgressBar.module.css";
import { createProgressController, PROGRESS_TIMINGS, type ProgressView } from "./progress.ts";

/** The thin top bar of spec §9, on while `active` lasts longer than the throttle. */
export function ProgressBar({ active }: { active: boolean }) {
  const [view, setView] = useState<ProgressView>({ visible: false, progress: 0 });
  const [controller] = useState(() => createProgressController(setView));

  useEffect(() => () => controller.dispose(), [controller]);
  useEffect(() => {
    if (active) controller.start();
    else controller.finish();
  }, [active, controller]);

  return (
    // Decorative: the page region announces the busy state with aria-busy instead.
    <div
      className={classes.bar}
      aria-hidden="true"
      data-visible={view.visible}
      data-testid="progress-bar"
      style={{ height: PROGRESS_TIMINGS.heightPx, width: `${view.progress}%`, opacity: view.visible ? 1 : 0 }}
    />
  );
}
