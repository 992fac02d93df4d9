import { z } from 'zod';

/** What a personal API key may do: 'read' (GET/HEAD only, the default) or 'write' (everything). */
export const API_KEY_SCOPES = ['read', 'write'] as const;

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

/** A key as listed: never its secret, only the first characters to recognise it by. */
export const apiKeyResponseSchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  scope: z.enum(API_KEY_SCOPES),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type ApiKeyResponse = z.infer<typeof apiKeyResponseSchema>;

/** The answer to creating a key: the only time its secret is shown. */
export const apiKeyCreatedResponseSchema = apiKeyResponseSchema.extend({ secret: z.string() });
export type ApiKeyCreatedResponse = z.infer<typeof apiKeyCreatedResponseSchema>;
