// The operator's choices the web app needs (GET /api/client-config, docs/API.md), read once per load.
import { useQuery } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys } from './query-keys';

/** An XYZ tile server: `tile_url` holds `{z}`, `{x}` and `{y}`. */
export interface MapTiles {
  tile_url: string;
  attribution: string;
  max_zoom: number;
}

export interface ClientConfig {
  /** null: no tile server configured; the route is drawn on a plain background. */
  map: MapTiles | null;
}

export const getClientConfig = () => api<ClientConfig>('/client-config', { anonymous: true });

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
