export const historyKey = (listingId: number) => ["history", listingId] as const;
