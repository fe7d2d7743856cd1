import { randomBytes } from "node:crypto";
import type { Next } from "hono";
import { jsonError, type Ctx, type SandboxEnv } from "./http.js";
import type { SandboxState } from "./state.js";
import { PHASES } from "./phases.js";
import { SPACE_LIMITS, type SpaceLimits } from "./space-limits.js";

// Spaces (docs/sandbox.md, "A space for each CI job"): worlds of their own in one sandbox process, each with its own
// database, clock, faults, webhooks and request log, reached under /spaces/{id} so that a client changes only its base
// URL. A space lives while it is used: each request into it starts its time to live again, on the real clock (moving a
// space's clock does not age it).

export const SPACE_TTL = { default: 3600, min: 1, max: 24 * 3600 } as const;
export const MAX_SPACES = 100;
const SWEEP_MS = 10_000;

export type Space = {
  id: string;
  state: SandboxState;
  fetch: (request: Request, env: SandboxEnv["Bindings"]) => Response | Promise<Response>;
  ttlSeconds: number;
  expiresAtMs: number;
};

/** What startSandbox gives a new space: its state and the app answering under its base path. */
export type MakeSpace = (
  base: string,
  options: { phase?: (typeof PHASES)[number]; limits: SpaceLimits },
) => Pick<Space, "state" | "fetch">;

export class Spaces {
  private readonly spaces = new Map<string, Space>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly make: MakeSpace,
    readonly max = MAX_SPACES,
    readonly limits: SpaceLimits = SPACE_LIMITS,
  ) {
    this.sweeper = setInterval(() => this.sweep(), SWEEP_MS);
    this.sweeper.unref();
  }

  get count() {
    this.sweep();
    return this.spaces.size;
  }

  create(ttlSeconds: number, phase?: (typeof PHASES)[number]): Space | undefined {
    if (this.count >= this.max) return undefined;
    const id = `sp_${randomBytes(8).toString("hex")}`;
    const space = {
      id,
      ttlSeconds,
      expiresAtMs: Date.now() + ttlSeconds * 1000,
      ...this.make(`/spaces/${id}`, { phase, limits: this.limits }),
    };
    this.spaces.set(id, space);
    return space;
  }

  /** The live space of this id, its time to live started again; undefined once expired or deleted. */
  use(id: string): Space | undefined {
    const space = this.spaces.get(id);
    if (!space) return undefined;
    if (space.expiresAtMs <= Date.now()) {
      this.drop(space);
      return undefined;
    }
    space.expiresAtMs = Date.now() + space.ttlSeconds * 1000;
    return space;
  }

  /** Whether this space still lives, without starting its time to live again. */
  holds(space: Space) {
    return this.spaces.get(space.id) === space;
  }

  delete(id: string) {
    const space = this.spaces.get(id);
    if (space) this.drop(space);
    return space !== undefined;
  }

  list(): Space[] {
    this.sweep();
    return [...this.spaces.values()];
  }

  close() {
    clearInterval(this.sweeper);
    for (const space of this.spaces.values()) this.drop(space);
  }

  private sweep() {
    const now = Date.now();
    for (const space of this.spaces.values()) if (space.expiresAtMs <= now) this.drop(space);
  }

  private drop(space: Space) {
    this.spaces.delete(space.id);
    space.state.close();
  }
}

export const gone = (id: string) =>
  `No space ${id} in this sandbox: it expired (a space lives for its ttl_seconds after its last request) or was deleted. Create another with POST /__sandbox/spaces.`;

/** A request under /spaces/{id}: answered by that space's app, the prefix taken off as if the space were alone. */
export const enterSpace = (spaces: Spaces) => async (c: Ctx, next: Next) => {
  const url = new URL(c.req.url);
  const [, id, rest] = /^\/spaces\/([^/]+)(\/.*)?$/.exec(url.pathname) ?? [];
  if (!id) return next();
  const space = spaces.use(id);
  if (!space) return jsonError(c, 404, gone(id));
  url.pathname = rest ?? "/";
  const answer = await space.fetch(new Request(url, c.req.raw), c.env);
  // Deleted or expired while this request ran, its database closed under the handler: the space is gone, not failed.
  return answer.status === 500 && !spaces.holds(space) ? jsonError(c, 404, gone(id)) : answer;
};
