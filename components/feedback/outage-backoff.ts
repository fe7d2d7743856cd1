/** How long to wait before asking again after `attempt` failed tries during an outage: 3 s, doubling, at most a minute. */
export const outageBackoffMs = (attempt: number) => Math.min(60_000, 3_000 * 2 ** attempt);
