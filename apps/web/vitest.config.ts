import { defineProject, mergeConfig } from "vitest/config";
import viteConfig from "./vite.config.ts";

export default mergeConfig(
  viteConfig,
  defineProject({
    test: {
      name: "web",
      environment: "jsdom",
      include: ["src/**/*.test.{ts,tsx}", "build/**/*.test.ts", "content/**/*.test.ts"],
      setupFiles: ["src/test/setup.ts"],
      // Whole pages rendered in jsdom take seconds on a busy machine; speed is measured by benchmarks, not here.
      testTimeout: 20_000,
    },
  }),
);
