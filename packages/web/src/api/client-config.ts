// The operator's choices the web app needs (GET /api/client-config, docs/API.md), read once per load.
import { useQuery } from '@tanstack/react-query';
import type { ClientConfigResponse } from '@vatio/schemas';
import { getClientConfig as getClientConfigRoute } from './generated/getClientConfig';
import { queryKeys } from './query-keys';

/** The operator's choices; `map` null: no tile server configured, the route is drawn on a plain background. */
export type ClientConfig = ClientConfigResponse;

/** An XYZ tile server: `tile_url` holds `{z}`, `{x}` and `{y}`. */
export type MapTiles = NonNullable<ClientConfigResponse['map']>;

export const getClientConfig = () => getClientConfigRoute({ anonymous: true });

/** The client configuration; undefined until it arrives (or when it cannot be read: no tiles then). */
export function useClientConfig(): ClientConfig | undefined {
  const query = useQuery({
    queryKey: queryKeys.clientConfig,
    queryFn: getClientConfig,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
  return query.data;
}
