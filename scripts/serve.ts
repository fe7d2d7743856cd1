// One dashboard server process: Next's request handler on node:http, so that every response is logged and counted,
// and SIGTERM drains (stop taking requests, let the bulk runner finish its item in flight, exit in 10 s).
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import next from "next";
import { logger } from "../lib/observability/logger";
import { gaugeRenderLine, metrics, routeOf } from "../lib/observability/metrics";
import { requestContext, type RequestContext } from "../lib/observability/request-context";
import { runShutdownHooks } from "../lib/observability/shutdown";
import { securityHeaders } from "../lib/security/response-headers";
import { screenRequest } from "../lib/security/screen-request";
import { eventLoopLag, RenderLine, waitsInLine } from "./render-line";

/** What an orchestrator allows between SIGTERM and SIGKILL; we exit before it. */
const SHUTDOWN_LIMIT_MS = 9_500;

/** A proxy's id is kept (one id across the proxy's and our logs) when it looks like one; otherwise a fresh one. */
const requestIdOf = (request: IncomingMessage) => {
  const given = request.headers["x-request-id"];
  return typeof given === "string" && /^[\w.:-]{1,128}$/.test(given) ? given : randomUUID();
};

export async function serve(port: number, pageRenders: number) {
  const log = logger();
  const app = next({ dev: false, dir: process.cwd(), hostname: "localhost", port });
  await app.prepare();
  const handle = app.getRequestHandler();
  const secure = securityHeaders();
  const line = new RenderLine(pageRenders, { loopLag: eventLoopLag() });
  gaugeRenderLine(line);

  let stopping = false;

  const server = createServer((request, response) => {
    const requestId = requestIdOf(request);
    const started = process.hrtime.bigint();
    response.setHeader("x-request-id", requestId);
    secure(request, response);
    // A server action answers with its result, a few hundred bytes: gzip would spend about 0.2 ms of CPU to save a few dozen.
    if (request.headers["next-action"]) delete request.headers["accept-encoding"];
    if (stopping) response.setHeader("connection", "close");
    let logged = false;
    // "finish": the response was handed to the socket; "close" alone: the client went away first.
    const record = () => {
      if (logged) return;
      logged = true;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = routeOf(request.url ?? "/");
      const method = request.method ?? "GET";
      const { httpRequests, httpDuration } = metrics();
      httpRequests.inc({ method, route, status: String(response.statusCode) });
      httpDuration.observe({ method, route }, seconds);
      // The path without its query: a callback's query carries the OAuth code and state.
      log.info({
        msg: "request",
        requestId,
        method,
        route,
        status: response.statusCode,
        ms: Math.round(seconds * 10_000) / 10,
        ...(response.writableFinished ? {} : { aborted: true }),
      });
    };
    response.once("finish", record);
    response.once("close", record);
    const failed = (error: Error) => {
      log.error({ msg: "request failed", requestId, error: error.message });
      if (!response.headersSent) response.writeHead(500, { "content-type": "application/json" });
      response.end(
        JSON.stringify({
          error:
            "The dashboard failed to answer this request. Try again; if it keeps failing, tell the operator its request id.",
          requestId,
        }),
      );
    };
    const context: RequestContext = { requestId };
    requestContext().run(context, () => {
      screenRequest(request)
        .then((screened) => {
          if ("refused" in screened) {
            // The connection stays open: Node reads and drops whatever is left of the body (within requestTimeout), so a
            // client still sending an oversized body reads this answer instead of a reset connection (EPIPE).
            response.writeHead(screened.refused.status, {
              "content-type": "application/json",
              "cache-control": "no-store",
            });
            return void response.end(JSON.stringify({ error: screened.refused.error }));
          }
          if (!waitsInLine(screened.request)) return handle(screened.request, response);
          return line.run(screened.request, response, (stepAside) => {
            context.stepAside = stepAside;
            return handle(screened.request, response);
          });
        })
        .catch(failed);
    });
  });

  server.listen(port, () => log.info({ msg: "listening", url: `http://localhost:${port}` }));

  async function shutdown(signal: NodeJS.Signals) {
    if (stopping) return;
    stopping = true;
    log.info({ msg: "stopping", signal });
    const limit = setTimeout(() => {
      log.error({ msg: "stopped before the work in flight finished", limitMs: SHUTDOWN_LIMIT_MS });
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS);
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    await runShutdownHooks((name, error) =>
      log.error({ msg: "a shutdown step failed", step: name, error: error.message }),
    );
    await closed;
    await app.close();
    clearTimeout(limit);
    log.info({ msg: "stopped", signal });
    process.exit(0);
  }

  for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, (received) => void shutdown(received));
}
