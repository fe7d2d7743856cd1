import { serve } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { createApp } from "./app.js";
import { DEFAULT_OPTIONS, SandboxState, type SandboxOptions } from "./state.js";

export type RunningSandbox = { url: string; port: number; state: SandboxState; close: () => Promise<void> };

export function startSandbox(
  options: Partial<SandboxOptions> & { port?: number; hostname?: string } = {},
): Promise<RunningSandbox> {
  const state = new SandboxState({ ...DEFAULT_OPTIONS, ...options });
  const app = createApp(state);
  return new Promise((resolve, reject) => {
    const server = serve(
      { fetch: app.fetch, port: options.port ?? 4010, hostname: options.hostname ?? "localhost" },
      (info: AddressInfo) => {
        state.webhooks.origin = `http://localhost:${info.port}`;
        resolve({
          url: `http://localhost:${info.port}`,
          port: info.port,
          state,
          close: () =>
            new Promise<void>((done) => {
              server.close(() => {
                state.close();
                done();
              });
              if ("closeAllConnections" in server) server.closeAllConnections();
            }),
        });
      },
    );
    server.on("error", reject);
    state.outage = (ms) => {
      const address = server.address();
      if (!address || typeof address === "string") return;
      server.close();
      if ("closeAllConnections" in server) server.closeAllConnections();
      setTimeout(() => server.listen(address.port, options.hostname ?? "localhost"), ms);
    };
  });
}
