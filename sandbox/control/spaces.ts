import type { Hono } from "hono";
import { z } from "zod";
import { jsonError, type Ctx, type SandboxEnv } from "../http.js";
import { PHASES } from "../phases.js";
import { DEMO_APP } from "../store/seed.js";
import { gone, SPACE_TTL, type Space, type Spaces } from "../spaces.js";
import { readBody } from "./input.js";

const createBody = z.strictObject({
  ttl_seconds: z
    .number()
    .int()
    .min(SPACE_TTL.min)
    .max(SPACE_TTL.max, { error: `must be at most ${SPACE_TTL.max} (a day); a space used more often lives on` })
    .optional(),
  phase: z.enum(PHASES, { error: `must be one of ${PHASES.join(", ")}` }).optional(),
});

function spaceView(c: Ctx, space: Space) {
  const baseUrl = `${new URL(c.req.url).origin}/spaces/${space.id}`;
  return {
    id: space.id,
    base_url: baseUrl,
    control_url: `${baseUrl}/__sandbox`,
    ttl_seconds: space.ttlSeconds,
    expires_at: new Date(space.expiresAtMs).toISOString(),
    demo_app: { keystring: DEMO_APP.keystring, shared_secret: DEMO_APP.shared_secret },
    limits: space.state.limits,
  };
}

/** POST, GET and DELETE /__sandbox/spaces on the shared sandbox's control API, mounted by routes.ts. */
export function spaceControlRoutes(routes: Hono<SandboxEnv>, spaces: Spaces | undefined) {
  const outside = (c: Ctx) =>
    jsonError(
      c,
      404,
      c.get("state").base
        ? "Spaces are created on the shared sandbox's control API (POST /__sandbox/spaces without a /spaces/{id} prefix), not inside a space."
        : "This sandbox was started without spaces; start it with npm run sandbox to have them.",
    );

  routes.post("/spaces", async (c) => {
    if (!spaces) return outside(c);
    const input = await readBody(c, createBody);
    if (input instanceof Response) return input;
    const space = spaces.create(input.ttl_seconds ?? SPACE_TTL.default, input.phase);
    if (!space)
      return jsonError(
        c,
        429,
        `This sandbox holds ${spaces.max} spaces, its most at once. Delete a space you no longer need (DELETE /__sandbox/spaces/{id}) or wait for one to expire, then try again.`,
      );
    return c.json(spaceView(c, space), 201);
  });

  routes.get("/spaces", (c) => {
    if (!spaces) return outside(c);
    return c.json({ spaces: spaces.list().map((space) => spaceView(c, space)), max: spaces.max });
  });

  routes.get("/spaces/:id", (c) => {
    const space = spaces?.use(c.req.param("id"));
    return space ? c.json(spaceView(c, space)) : jsonError(c, 404, gone(c.req.param("id")));
  });

  routes.delete("/spaces/:id", (c) =>
    spaces?.delete(c.req.param("id")) ? c.body(null, 204) : jsonError(c, 404, gone(c.req.param("id"))),
  );
}
