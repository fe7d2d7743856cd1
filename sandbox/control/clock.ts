import type { Hono } from "hono";
import { z } from "zod";
import type { Ctx, SandboxEnv } from "../http.js";
import { PHASE_STARTS, PHASES } from "../phases.js";
import { personalizationCapabilities } from "../api/personalization.js";
import { readBody } from "./input.js";

const clockBody = z
  .object({
    advance_seconds: z.number().int().min(0).optional(),
    at: z
      .union([z.number().int().min(0), z.iso.datetime({ offset: true }), z.iso.date()], {
        error: "must be seconds since 1970 or an ISO 8601 date or time",
      })
      .optional(),
  })
  .refine((input) => (input.advance_seconds === undefined) !== (input.at === undefined), {
    error: "give advance_seconds or at, not both",
  });

/** The sandbox's clock and the phase it makes: GET and POST /clock, /phase, GET /personalization-capabilities. */
export function clockControlRoutes(routes: Hono<SandboxEnv>) {
  const clockView = (c: Ctx) => {
    const state = c.get("state");
    return { now: state.now(), date: new Date(state.now() * 1000).toISOString(), phase: state.phase };
  };
  routes.get("/clock", (c) => c.json(clockView(c)));
  routes.post("/clock", async (c) => {
    const input = await readBody(c, clockBody);
    if (input instanceof Response) return input;
    const state = c.get("state");
    if (input.at !== undefined)
      state.setClock(typeof input.at === "number" ? input.at : Math.floor(Date.parse(input.at) / 1000));
    else state.advanceClock(input.advance_seconds ?? 0);
    return c.json(clockView(c));
  });

  const phaseView = (c: Ctx) => {
    const state = c.get("state");
    return { phase: state.phase, pinned: state.pinnedPhase !== undefined, starts: PHASE_STARTS };
  };
  routes.get("/phase", (c) => c.json(phaseView(c)));
  routes.post("/phase", async (c) => {
    const input = await readBody(
      c,
      z.object({
        phase: z.enum(PHASES, { error: `must be one of ${PHASES.join(", ")}, or null to follow the clock` }).nullable(),
      }),
    );
    if (input instanceof Response) return input;
    c.get("state").pinnedPhase = input.phase ?? undefined;
    return c.json(phaseView(c));
  });

  routes.get("/personalization-capabilities", (c) => c.json(personalizationCapabilities(c.get("state"))));
}
