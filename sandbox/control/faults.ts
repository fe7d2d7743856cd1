import type { Hono } from "hono";
import { z } from "zod";
import { jsonError, type SandboxEnv } from "../http.js";
import { faultBody } from "../faults.js";
import { overfilled, readBody } from "./input.js";

const rateBody = z.object({
  keystring: z.string(),
  per_second: z.number().int().min(1),
  per_day: z.number().int().min(1),
});

/** What goes wrong on purpose: /faults, the app's /rate-limits, an /outage of the whole process. */
export function faultControlRoutes(routes: Hono<SandboxEnv>) {
  routes.get("/faults", (c) => c.json({ faults: c.get("state").faults.pending() }));
  routes.delete("/faults", (c) => {
    c.get("state").faults.clear();
    return c.json({ faults: [] });
  });
  routes.post("/faults", async (c) => {
    const input = await readBody(c, faultBody);
    if (input instanceof Response) return input;
    if (input.status === undefined && input.delay_ms === undefined)
      return jsonError(c, 400, "status: give a status, a delay_ms, or both.");
    const full = overfilled(c, "faults");
    if (full) return full;
    const state = c.get("state");
    state.faults.add({ ...input, times: input.times ?? 1 });
    return c.json({ faults: state.faults.pending() }, 201);
  });

  routes.post("/rate-limits", async (c) => {
    const input = await readBody(c, rateBody);
    if (input instanceof Response) return input;
    const app = c.get("state").app(input.keystring);
    if (!app) return jsonError(c, 404, "keystring: no such app.");
    c.get("state")
      .db.prepare("UPDATE apps SET per_second = ?, per_day = ? WHERE app_id = ?")
      .run(input.per_second, input.per_day, app.app_id);
    return c.json({ keystring: input.keystring, per_second: input.per_second, per_day: input.per_day });
  });

  routes.post("/outage", async (c) => {
    const input = await readBody(c, z.object({ seconds: z.number().min(0.1).max(300) }));
    if (input instanceof Response) return input;
    const state = c.get("state");
    if (state.base)
      return jsonError(
        c,
        409,
        "An outage would stop the whole sandbox process and every space in it; inject faults with status 503 in this space instead (POST /__sandbox/faults).",
      );
    setTimeout(() => state.outage(input.seconds * 1000), 50);
    return c.json({ down_for_seconds: input.seconds }, 202);
  });
}
