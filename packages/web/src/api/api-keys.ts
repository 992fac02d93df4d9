import type { ApiKeyCreatedResponse, ApiKeyCreateInput, ApiKeyResponse } from '@vatio/schemas';
import { api } from './client';

// A key as listed never carries its secret; the answer to creating one is the only time it is shown.
export type {
  ApiKeyCreatedResponse as CreatedApiKey,
  ApiKeyResponse as ApiKey,
} from '@vatio/schemas';

export const listApiKeys = () => api<ApiKeyResponse[]>('/me/api-keys');
export const createApiKey = (input: ApiKeyCreateInput) =>
  api<ApiKeyCreatedResponse>('/me/api-keys', { method: 'POST', body: input });
export const revokeApiKey = (id: string) => api<void>(`/me/api-keys/${id}`, { method: 'DELETE' });
