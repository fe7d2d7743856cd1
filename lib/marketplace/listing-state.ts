// Apart from the wire schemas, so a browser component can tell a removed listing without loading zod's parsers.
export const REMOVED_STATE = "removed";
export const isRemoved = (listing: { state: string }) => listing.state === REMOVED_STATE;
