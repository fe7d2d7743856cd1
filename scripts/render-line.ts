// A server process renders a few pages at once; other pages wait their turn in order of arrival. A save (a server
// action) and a static file never wait: a seller who clicked Save waits on a small answer, and twenty interleaved
// renders would put every step of it behind theirs. How many is "a few" depends on how fast the machine is, so the
// line finds it from the event loop's lag, which is what each step of a save waits: once a second, one more page may
// render at once while the lag stays within LAG_TARGET_MS and pages had to wait, up to DASHBOARD_PAGE_RENDERS; a
// quarter of the places go while it runs over. A fixed 3 kept saves quick on every machine but cost a fast one a
// tenth of its pages (docs/load-test.md). A render whose marketplace call is slow (`stepAside`) gives its place up
// until the answer comes, so a slow marketplace does not hold pages back, then takes it back ahead of new pages. A
// quick call keeps the place: handing it over on every call let so many renders in at once that saves waited behind
// them again. A prefetch (the listings page asks for every editor link in view) waits behind the pages a seller asked
// for.
import type { IncomingMessage, ServerResponse } from "node:http";
import { monitorEventLoopDelay } from "node:perf_hooks";
import type { StepAside } from "../lib/observability/request-context";

/** Whether a request is a render that waits its turn: a GET or HEAD of a page or route, not a build asset, health check or scrape. */
export function waitsInLine(request: IncomingMessage): boolean {
  const method = request.method;
  if (method !== "GET" && method !== "HEAD") return false;
  const url = request.url ?? "/";
  return (
    !url.startsWith("/_next/static/") &&
    !url.startsWith("/api/health") &&
    !url.startsWith("/api/metrics") &&
    url !== "/favicon.ico"
  );
}

type Turn = { holding: boolean; away: number; closed: boolean; returning?: Promise<void> };

/** How late the event loop ran, at the 90th percentile, since the last call (which starts a new measure). */
export type LoopLag = () => number;

/** The loop's lag (90th percentile of a second) the line keeps within; 50 sellers without pauses saw a save p99 of 6-7x it. */
export const LAG_TARGET_MS = 20;
const WINDOW_MS = 1000;
const FIRST_PLACES = 4;
const RESOLUTION_MS = 10;

/** The process's event-loop lag from node:perf_hooks, less the timer's own period. */
export function eventLoopLag(): LoopLag {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  return () => {
    const lag = histogram.count > 0 ? histogram.percentile(90) / 1e6 - RESOLUTION_MS : 0;
    histogram.reset();
    return Math.max(0, lag);
  };
}

export type LineOptions = { keepPlaceMs?: number; loopLag?: LoopLag; now?: () => number };

export class RenderLine {
  private running = 0;
  private placesNow: number;
  private measuredAt: number;
  private waitedSince = false;
  /** Renders back from the marketplace go first, then pages in order of arrival, then prefetches. */
  private readonly returning: Array<() => void> = [];
  private readonly arriving: Array<() => void> = [];
  private readonly prefetching: Array<() => void> = [];
  private readonly keepPlaceMs: number;
  private readonly loopLag?: LoopLag;
  private readonly now: () => number;

  constructor(
    private readonly maxPlaces: number,
    { keepPlaceMs = 50, loopLag, now = () => performance.now() }: LineOptions = {},
  ) {
    this.keepPlaceMs = keepPlaceMs;
    this.loopLag = loopLag;
    this.now = now;
    this.measuredAt = now();
    // Without a measure of the loop the line keeps its ceiling, as a fixed line.
    this.placesNow = loopLag ? Math.min(maxPlaces, FIRST_PLACES) : maxPlaces;
  }

  /** Pages that may render at once now. */
  get places(): number {
    return this.placesNow;
  }

  get inLine(): number {
    return this.returning.length + this.arriving.length + this.prefetching.length;
  }

  /** Runs `render` when a place is free; the place is given up when its response closes. */
  run(
    request: IncomingMessage,
    response: ServerResponse,
    render: (stepAside: StepAside) => Promise<void>,
  ): Promise<void> {
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
    this.adjust();
    if (this.running < this.placesNow && this.inLine === 0) {
      this.take(turn);
      return Promise.resolve();
    }
    this.waitedSince = true;
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
    this.adjust();
    this.admit();
  }

  private admit() {
    while (this.running < this.placesNow && this.inLine > 0)
      (this.returning.shift() ?? this.arriving.shift() ?? this.prefetching.shift())!();
  }

  /**
   * Once a second: a quarter of the places go while the loop runs later than LAG_TARGET_MS, and one more comes while
   * it runs well within it and a page had to wait (no growth for pages nobody asked for).
   */
  private adjust() {
    const now = this.now();
    if (!this.loopLag || now - this.measuredAt < WINDOW_MS) return;
    this.measuredAt = now;
    const lag = this.loopLag();
    if (lag > LAG_TARGET_MS)
      this.placesNow = Math.max(1, Math.min(this.placesNow - 1, Math.floor(this.placesNow * 0.75)));
    else if (lag < LAG_TARGET_MS * 0.75 && this.waitedSince) {
      this.placesNow = Math.min(this.maxPlaces, this.placesNow + 1);
      this.admit();
    }
    this.waitedSince = this.inLine > 0;
  }
}
