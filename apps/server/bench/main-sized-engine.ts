import { loadConfig } from "../src/config/config.ts";
import { createEnginePorts } from "../src/ports/engine-workers.ts";

/**
 * The engine's worker threads as main.ts sizes them by default (config.ts: one core left for the event loop and the
 * database; the cores the workers leave idle read boxes alongside them), with the workspace ports that run on them,
 * so a benchmark's server reads and builds as the product's does.
 */
export function mainSizedEngine() {
  const { engineWorkers: workers, engineBoxHelpers: boxHelpers } = loadConfig({}, "/");
  const engine = createEnginePorts({ workers, boxHelpers });
  return {
    workers,
    boxHelpers,
    pool: engine.pool,
    ports: {
      templateMaker: engine.templateMaker,
      scanReader: engine.scanReader,
      fontBuilder: engine.fontBuilder,
      letterDrawings: engine.letterDrawings,
      scanConcurrency: workers,
    },
  };
}
