export type RateVerdict = {
  headers: Record<string, string>;
  retryAfter?: number;
  message?: string;
};

type Counter = { second: number; thisSecond: number; minute: number; minutes: Map<number, number>; today: number };

const DAY_MINUTES = 1440;

export class RateLimiter {
  private counters = new Map<number, Counter>();

  take(appId: number, limits: { per_second: number; per_day: number }, nowMs: number): RateVerdict {
    let counter = this.counters.get(appId);
    if (!counter)
      this.counters.set(appId, (counter = { second: 0, thisSecond: 0, minute: 0, minutes: new Map(), today: 0 }));
    const second = Math.floor(nowMs / 1000);
    const minute = Math.floor(second / 60);
    if (counter.second !== second) {
      counter.second = second;
      counter.thisSecond = 0;
    }
    if (counter.minute !== minute) {
      counter.minute = minute;
      for (const [bucket, count] of counter.minutes) {
        if (bucket > minute - DAY_MINUTES) continue;
        counter.minutes.delete(bucket);
        counter.today -= count;
      }
    }
    let retryAfter: number | undefined;
    let message: string | undefined;
    if (counter.today >= limits.per_day) {
      const oldest = Math.min(...counter.minutes.keys());
      retryAfter = Math.max(1, (oldest + DAY_MINUTES) * 60 - second);
      message = `This application has used its ${limits.per_day} requests for today. Try again in ${retryAfter} seconds.`;
    } else if (counter.thisSecond >= limits.per_second) {
      retryAfter = 1;
      message = `This application is limited to ${limits.per_second} requests per second. Try again in 1 second.`;
    } else {
      counter.thisSecond += 1;
      counter.today += 1;
      counter.minutes.set(minute, (counter.minutes.get(minute) ?? 0) + 1);
    }
    const headers: Record<string, string> = {
      "x-limit-per-second": String(limits.per_second),
      "x-remaining-this-second": String(Math.max(0, limits.per_second - counter.thisSecond)),
      "x-limit-per-day": String(limits.per_day),
      "x-remaining-today": String(Math.max(0, limits.per_day - counter.today)),
      ...(retryAfter !== undefined && { "retry-after": String(retryAfter) }),
    };
    return { headers, retryAfter, message };
  }

  clear() {
    this.counters.clear();
  }
}
