import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "engine",
    include: ["src/**/*.test.ts"],
    environment: "node",
    // Test files share their worker's modules instead of each importing the engine afresh (122 s → 104 s on CI's two
    // cores). The engine's modules hold no state a test could see: only caches of what it loads (fonts, compiled
    // WebAssembly) and scratch buffers that each call overwrites.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
