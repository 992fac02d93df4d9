import { z } from 'zod';

/** What a personal API key may do: 'read' (GET/HEAD only, the default) or 'write' (everything). */
export const API_KEY_SCOPES = ['read', 'write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const apiKeyCreateSchema = z
  .object({
    name: z
      .string({ message: 'api_key_name_required' })
      .trim()
      .min(1, { message: 'api_key_name_required' })
      .max(80, { message: 'text_too_long' }),
    scope: z.enum(API_KEY_SCOPES, { message: 'api_key_scope_invalid' }).default('read'),
  })
  .strict();
export type ApiKeyCreateInput = z.input<typeof apiKeyCreateSchema>;
