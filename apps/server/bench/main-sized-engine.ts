import { availableParallelism } from "node:os";
import { createEnginePorts } from "../src/ports/engine-workers.ts";

/**
 * The engine's worker threads as main.ts sizes them (config.ts: one core left for the event loop and the database),
 * with the workspace ports that run on them, so a benchmark's server reads and builds as the product's does.
 */
export function mainSizedEngine() {
  const workers = Math.max(1, availableParallelism() - 1);
  const engine = createEnginePorts({ workers });
  return {
    workers,
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
