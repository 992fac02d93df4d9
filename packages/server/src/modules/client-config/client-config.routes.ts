import type { FastifyInstance } from 'fastify';
import type { MapTilesConfig } from '../../config.ts';
import { contractRoutes } from '../../http/route.ts';
import { clientConfigContracts } from './client-config.contract.ts';

/** What the web app needs to know about the operator's choices; public, read once at start-up. */
export interface ClientConfig {
  /** null: no tile server configured, the route is drawn on a plain background. */
  map: { tile_url: string; attribution: string; max_zoom: number } | null;
}

export function clientConfig(mapTiles: MapTilesConfig | null): ClientConfig {
  return {
    map: mapTiles
      ? { tile_url: mapTiles.url, attribution: mapTiles.attribution, max_zoom: mapTiles.maxZoom }
      : null,
  };
}

export function clientConfigRoutes(app: FastifyInstance, deps: { mapTiles: MapTilesConfig | null }) {
  const body = clientConfig(deps.mapTiles);
  contractRoutes(
    app,
    clientConfigContracts,
    {},
  )('GET /api/client-config', async (_input, _request, reply) =>
    // Revalidated on every load so an operator's change reaches riders without a new release.
    reply.header('cache-control', 'no-cache').send(body),
  );
}
