import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "server",
    include: ["src/**/*.test.ts"],
    environment: "node",
    // Test files share their worker's modules instead of each importing its own: every file compiled PGlite's
    // WebAssembly and imported the server afresh, half of this project's time (309 s → 163 s on CI's two cores).
    // Files keep no state in modules between them: each opens its own app, database and servers.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ["src/test-support/global-setup.ts"],
  },
});
