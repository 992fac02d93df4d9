import type { ApiKeyCreateInput, ApiKeyScope } from '@vatio/schemas';
import { api } from './client';

/** A personal API key as listed: the secret itself is never sent again after creation. */
export interface ApiKey {
  id: string;
  name: string;
  /** The first characters of the key, to tell keys apart. */
  prefix: string;
  scope: ApiKeyScope;
  created_at: string;
  last_used_at: string | null;
}

/** The answer to creating a key: the only time its secret is shown. */
export interface CreatedApiKey extends ApiKey {
  secret: string;
}

export const listApiKeys = () => api<ApiKey[]>('/me/api-keys');
export const createApiKey = (input: ApiKeyCreateInput) =>
  api<CreatedApiKey>('/me/api-keys', { method: 'POST', body: input });
export const revokeApiKey = (id: string) => api<void>(`/me/api-keys/${id}`, { method: 'DELETE' });
