import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";
import { randomBytes } from "node:crypto";
import { availableParallelism } from "node:os";

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
    // Vitest's default is a core less than the machine has: one file at a time on 2 cores, while the system tests
    // spend most of their time waiting on the servers they start. Two files at a time fill the second core.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
