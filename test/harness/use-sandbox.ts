import { afterAll, beforeAll, beforeEach } from "vitest";
import type { RunningSandbox } from "../../sandbox/server.js";
import type { SandboxOptions } from "../../sandbox/state.js";
import { resetSandbox, startTestSandbox } from "./sandbox.js";

// Kept apart from sandbox.ts: importing vitest into a Playwright process clashes with Playwright's expect.

/** One in-memory sandbox for the test file, back to its seed data before each test. */
export function useSeededSandbox(options: Partial<SandboxOptions> = {}) {
  let running: RunningSandbox | undefined;
  beforeAll(async () => {
    running = await startTestSandbox(options);
  });
  afterAll(() => running?.close());
  beforeEach(() => resetSandbox(handle.url));
  const handle = {
    get url() {
      if (!running) throw new Error("The sandbox is not started yet: read url inside a test or hook.");
      return running.url;
    },
    get state() {
      if (!running) throw new Error("The sandbox is not started yet: read state inside a test or hook.");
      return running.state;
    },
  };
  return handle;
}
