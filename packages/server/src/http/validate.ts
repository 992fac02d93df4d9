import { VALIDATION_MESSAGES, type ValidationMessageKey } from '@vatio/schemas';
import type { z } from 'zod';
import { AppError } from '../errors.ts';

function englishFor(key: string): string {
  return key in VALIDATION_MESSAGES ? VALIDATION_MESSAGES[key as ValidationMessageKey] : key;
}

/**
 * The issues to report of a failed parse. A union (e-mail or phone sign-in) fails as one issue at
 * the root; the branch the body came closest to (fewest issues) names the fields instead.
 */
function reportedIssues(issues: readonly z.core.$ZodIssue[]): z.core.$ZodIssue[] {
  return issues.flatMap((issue) => {
    if (issue.code !== 'invalid_union' || issue.errors.length === 0) return [issue];
    const closest = issue.errors.reduce((best, branch) => (branch.length < best.length ? branch : best));
    return reportedIssues(closest.map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] })));
  });
}

/** The 400 of a failed parse: `fields` maps each field to its message key (the web app translates it). */
export function validationError(issues: readonly z.core.$ZodIssue[]): AppError {
  const fields: Record<string, string> = {};
  for (const issue of reportedIssues(issues)) {
    const path = issue.path.join('.') || '_';
    const key =
      issue.code === 'unrecognized_keys'
        ? 'invalid'
        : issue.message in VALIDATION_MESSAGES
          ? issue.message
          : 'invalid';
    fields[issue.code === 'unrecognized_keys' ? issue.keys.join(',') : path] ??= key;
  }
  const first = Object.values(fields)[0] ?? 'invalid';
  return new AppError('VALIDATION', englishFor(first), { fields });
}

/**
 * Parses a request body with the same zod schema the web form uses. A failure becomes a 400 whose
 * `fields` maps each field to its message key (the web app translates it) and whose message is
 * the spec's English wording of the first problem. No body at all reads as `{}`; a body of `null`
 * is a body, and not an object.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body === undefined ? {} : body);
  if (result.success) return result.data;
  throw validationError(result.error.issues);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in paths: anything that is not a UUID cannot name a row, so it is a 404, not a database error. */
export function parseId(value: string): string {
  if (!UUID.test(value)) throw new AppError('NOT_FOUND');
  return value.toLowerCase();
}

/**
 * Parses a query string with the zod schema the route's contract declares (so the OpenAPI document
 * and the check are one). An empty value (`?limit=`) counts as absent, as the routes always took it.
 * A failure is a 400 naming the parameter: `fields` maps it to `invalid`.
 */
export function parseQuery<S extends z.ZodType>(schema: S, query: unknown): z.output<S> {
  const present = Object.fromEntries(
    Object.entries((query ?? {}) as Record<string, unknown>).filter(([, value]) => value !== ''),
  );
  const result = schema.safeParse(present);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const name = issue.path.join('.') || '_';
  throw new AppError('VALIDATION', `${name}: ${englishFor(issue.message)}`, {
    fields: { [name]: 'invalid' },
  });
}
