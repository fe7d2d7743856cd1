import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";
import { randomBytes } from "node:crypto";

export default defineConfig({
  resolve: {
    alias: {
      "@": fileURLToPath(new URL(".", import.meta.url)),
      "server-only": fileURLToPath(new URL("./test/harness/server-only-stub.js", import.meta.url)),
    },
  },
  test: {
    include: [
      "lib/**/*.test.ts",
      "components/**/*.test.ts",
      "sandbox/**/*.test.ts",
      "app/**/*.test.ts",
      "test/**/*.test.ts",
      "scripts/**/*.test.ts",
    ],
    environment: "node",
    // The token store seals tokens with a key derived from AUTH_SECRET: tests get a fresh one per run, never a fixed one.
    env: { AUTH_SECRET: process.env.AUTH_SECRET ?? randomBytes(32).toString("base64url") },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
