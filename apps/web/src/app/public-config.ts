import { PublicConfig } from "@handfont/contract";
import { useQuery } from "@tanstack/react-query";
import { api } from "../api/client.ts";

/** The server's public settings (`GET /api/public-config`): version, analytics id, operator. */
export function usePublicConfig() {
  return useQuery({
    queryKey: ["public-config"],
    queryFn: async () => PublicConfig.parse(await api.get("/public-config")),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
