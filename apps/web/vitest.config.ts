import { defineProject, mergeConfig } from "vitest/config";
import viteConfig from "./vite.config.ts";

export default mergeConfig(
  viteConfig,
  defineProject({
    test: {
      name: "web",
      environment: "jsdom",
      // jsdom set up once per worker, not once per file (it took a third of this project's time); each file still
      // runs in its own VM context.
      pool: "vmThreads",
      include: ["src/**/*.test.{ts,tsx}", "build/**/*.test.ts", "content/**/*.test.ts"],
      setupFiles: ["src/test/setup.ts"],
      // Whole pages rendered in jsdom take seconds on a busy machine; speed is measured by benchmarks, not here.
      testTimeout: 20_000,
    },
  }),
);
