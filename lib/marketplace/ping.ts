import "server-only";
import { z } from "zod";
import type { MarketplaceConfig } from "./config";
import type { Result } from "./failure";
import { marketplaceFetch } from "./transport";

const pingWire = z.object({ application_id: z.number() });

// GET /v3/application/openapi-ping
export async function pingMarketplace(config: MarketplaceConfig): Promise<Result<{ applicationId: number }>> {
  const answer = await marketplaceFetch(config, {
    operation: "ping",
    path: "/v3/application/openapi-ping",
    schema: pingWire,
  });
  return answer.ok ? { ok: true, data: { applicationId: answer.data.application_id } } : answer;
}
