// A server process renders at most a few pages at once (DASHBOARD_PAGE_RENDERS); other pages wait their turn in order of
// arrival. A save (a server action) and a static file never wait: a seller who clicked Save waits on a small answer,
// and twenty interleaved renders would put every step of it behind theirs. A render whose marketplace call is slow
// (`stepAside`) gives its place up until the answer comes, so a slow marketplace does not hold pages back, then takes
// it back ahead of new pages. A quick call keeps the place: handing it over on every call let so many renders in at
// once that saves waited behind them again. A prefetch (the listings page asks for every editor link in view) waits
// behind the pages a seller asked for.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { StepAside } from "../lib/observability/request-context";

/** Whether a request is a render that waits its turn: a GET or HEAD of a page or route, not a build asset, health check or scrape. */
export function waitsInLine(request: IncomingMessage): boolean {
  const method = request.method;
  if (method !== "GET" && method !== "HEAD") return false;
  const url = request.url ?? "/";
  return !url.startsWith("/_next/static/") && !url.startsWith("/api/health") && !url.startsWith("/api/metrics") && url !== "/favicon.ico";
}

type Turn = { holding: boolean; away: number; closed: boolean; returning?: Promise<void> };

export class RenderLine {
  private running = 0;
  /** Renders back from the marketplace go first, then pages in order of arrival, then prefetches. */
  private readonly returning: Array<() => void> = [];
  private readonly arriving: Array<() => void> = [];
  private readonly prefetching: Array<() => void> = [];

  constructor(
    private readonly places: number,
    private readonly keepPlaceMs = 50,
  ) {}

  get inLine(): number {
    return this.returning.length + this.arriving.length + this.prefetching.length;
  }

  /** Runs `render` when a place is free; the place is given up when its response closes. */
  run(request: IncomingMessage, response: ServerResponse, render: (stepAside: StepAside) => Promise<void>): Promise<void> {
    const turn: Turn = { holding: false, away: 0, closed: false };
    response.once("close", () => {
      turn.closed = true;
      this.giveUp(turn);
    });
    const stepAside: StepAside = async (waiting) => {
      turn.away += 1;
      const slow = setTimeout(() => this.giveUp(turn), this.keepPlaceMs);
      try {
        return await waiting;
      } finally {
        clearTimeout(slow);
        turn.away -= 1;
        if (turn.away === 0) await this.takeBack(turn);
      }
    };
    const queue = request.headers["next-router-prefetch"] ? this.prefetching : this.arriving;
    return this.wait(turn, queue).then(() => (turn.closed ? undefined : render(stepAside)));
  }

  private wait(turn: Turn, queue: Array<() => void>): Promise<void> {
    if (turn.closed) return Promise.resolve();
    if (this.running < this.places && this.inLine === 0) {
      this.take(turn);
      return Promise.resolve();
    }
    return new Promise<void>((resolve) =>
      queue.push(() => {
        // A client that left while in line is not rendered for; its turn passes to the next.
        if (!turn.closed) this.take(turn);
        resolve();
      }),
    );
  }

  private take(turn: Turn) {
    turn.holding = true;
    this.running += 1;
  }

  private takeBack(turn: Turn): Promise<void> {
    if (turn.holding) return Promise.resolve();
    turn.returning ??= this.wait(turn, this.returning).finally(() => (turn.returning = undefined));
    return turn.returning;
  }

  private giveUp(turn: Turn) {
    if (!turn.holding) return;
    turn.holding = false;
    this.running -= 1;
    while (this.running < this.places && this.inLine > 0) (this.returning.shift() ?? this.arriving.shift() ?? this.prefetching.shift())!();
  }
}
