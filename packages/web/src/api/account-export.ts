import { readTokens } from './client';
import { getExportUrl } from './generated/getExport';

/**
 * GET /api/export: the rider's whole account as a zip. A plain link cannot carry the bearer token,
 * so the zip is fetched (and handed to the browser by the screen). Its own module: only the
 * settings screen, a lazy chunk, loads it.
 */
export const fetchAccountExport = () =>
  fetch(getExportUrl(), { headers: { authorization: `Bearer ${readTokens()?.access_token ?? ''}` } });
