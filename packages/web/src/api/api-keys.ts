import { deleteMeApiKeysByid } from './generated/deleteMeApiKeysByid';
import { getMeApiKeys } from './generated/getMeApiKeys';
import { postMeApiKeys } from './generated/postMeApiKeys';
import type { InputOf } from './generated/route';

// A key as listed never carries its secret; the answer to creating one is the only time it is shown.
export type {
  ApiKeyCreatedResponse as CreatedApiKey,
  ApiKeyResponse as ApiKey,
} from '@vatio/schemas';

export const listApiKeys = () => getMeApiKeys();
export const createApiKey = (input: InputOf<typeof postMeApiKeys>['body']) => postMeApiKeys({ body: input });
export const revokeApiKey = (id: string) => deleteMeApiKeysByid({ params: { id } });
