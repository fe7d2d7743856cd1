import { serve } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { API_ROUTES, createApp } from "./app.js";
import { DEFAULT_OPTIONS, SandboxState, type SandboxOptions } from "./state.js";
import { MAX_SPACES, Spaces } from "./spaces.js";
import { SPACE_LIMITS, type SpaceLimits } from "./space-limits.js";

export type RunningSandbox = { url: string; port: number; state: SandboxState; close: () => Promise<void> };

export function startSandbox(
  options: Partial<SandboxOptions> & {
    port?: number;
    hostname?: string;
    maxSpaces?: number;
    spaceLimits?: Partial<SpaceLimits>;
  } = {},
): Promise<RunningSandbox> {
  const state = new SandboxState({ ...DEFAULT_OPTIONS, ...options });
  const spaces = new Spaces(
    (base, { phase, limits }) => {
      const space = new SandboxState(
        { ...state.options, db: ":memory:", phase: phase ?? state.options.phase },
        { base, limits },
      );
      space.webhooks.origin = state.webhooks.origin + base;
      return { state: space, fetch: createApp(space).fetch };
    },
    options.maxSpaces ?? MAX_SPACES,
    { ...SPACE_LIMITS, ...options.spaceLimits },
  );
  const app = createApp(state, API_ROUTES, spaces);
  return new Promise((resolve, reject) => {
    const server = serve(
      { fetch: app.fetch, port: options.port ?? 4010, hostname: options.hostname ?? "localhost" },
      (info: AddressInfo) => {
        state.webhooks.origin = `http://localhost:${info.port}`;
        state.outage = (ms) => {
          server.close();
          if ("closeAllConnections" in server) server.closeAllConnections();
          setTimeout(() => server.listen(info.port, options.hostname ?? "localhost"), ms);
        };
        resolve({
          url: `http://localhost:${info.port}`,
          port: info.port,
          state,
          close: () =>
            new Promise<void>((done) => {
              server.close(() => {
                spaces.close();
                state.close();
                done();
              });
              if ("closeAllConnections" in server) server.closeAllConnections();
            }),
        });
      },
    );
    server.on("error", reject);
  });
}
