// What a change did to the marketplace, from the sandbox's request log: the system test and the fault soak judge by it.

export type LoggedRequest = { id: number; method: string; path: string; status: number; bearer_user?: number | null };

/** A 504 is injected only after the write (the sandbox's `after_write` fault): it took effect like a 201. */
const tookEffect = (entry: LoggedRequest) =>
  (entry.method === "POST" || entry.method === "DELETE") &&
  entry.path.endsWith("/personalization") &&
  (entry.status < 300 || entry.status === 504);

const listingOf = (path: string) => Number(/\/listings\/(\d+)(\/personalization)?$/.exec(path)?.[1]);

/** Listings written again with no read of them between (a read-back that showed the first write missing). */
export function doubledWrites(log: readonly LoggedRequest[]): string[] {
  const byListing = new Map<number, LoggedRequest[]>();
  for (const entry of log) {
    const id = listingOf(entry.path);
    if (id) byListing.set(id, [...(byListing.get(id) ?? []), entry]);
  }
  const doubled: string[] = [];
  for (const [id, entries] of byListing) {
    const writes = entries.filter(tookEffect);
    writes.slice(1).forEach((write, index) => {
      const previous = writes[index]!;
      const readBack = entries.some(
        (entry) => entry.method === "GET" && entry.status === 200 && entry.id > previous.id && entry.id < write.id,
      );
      if (!readBack) doubled.push(`${id}: ${writes.map((each) => each.status).join(", ")}`);
    });
  }
  return doubled;
}

/** Every request the sandbox at `url` logs from `since` on, read as it goes: its log keeps only the last 2,000. */
export function collectRequests(control: (path: string) => Promise<{ body: unknown }>, since: number) {
  const seen: LoggedRequest[] = [];
  let last = since;
  let gaps = 0;
  const read = async () => {
    const { requests } = (await control(`/requests?since=${last}`)).body as { requests: LoggedRequest[] };
    for (const entry of requests) {
      gaps += entry.id - last - 1;
      last = entry.id;
      seen.push(entry);
    }
  };
  let reading = Promise.resolve();
  const timer = setInterval(() => void (reading = reading.then(read, read)), 500);
  return {
    async stop() {
      clearInterval(timer);
      await (reading = reading.then(read, read));
      return { seen, gaps };
    },
  };
}
