import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * The one way the web's forms validate (issue 12): react-hook-form with a zod schema, the one from
 * @vatio/schemas the server validates with, often behind a form schema that turns the inputs'
 * strings into the API's shape first. Error messages are message keys (namespace `validation`).
 *
 * A rule on the whole object (no path, such as "enter at least one value") comes back from the
 * zod resolver under the empty name; here it becomes `errors.root`, where a form shows it.
 */
export function schemaResolver<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
): Resolver<Input, unknown, Output> {
  const resolve = zodResolver(schema) as unknown as Resolver<Input, unknown, Output>;
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    const { '': whole, ...fields } = result.errors as Record<string, FieldError | undefined>;
    if (!whole) return result;
    return { values: {}, errors: { ...fields, root: whole } as FieldErrors<Input> };
  };
}
