import { errorResponseSchema } from '@vatio/schemas';
import { operationId } from '@vatio/schemas/contracts';
import { z } from 'zod';
import type { RouteContract } from './contract.ts';

/** A JSON Schema (draft 2020-12, the dialect OpenAPI 3.1 uses). */
type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<string, JsonSchema>;
  };
}

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
  description?: string;
}

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  tags: string[];
  security?: Record<string, string[]>[];
  parameters?: OpenApiParameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>;
}

/**
 * zod → JSON Schema with zod 4's own converter. Requests are described as they are sent (`input`:
 * before defaults and transforms), answers as they are received (`output`). Refinements and
 * transforms have no JSON Schema form; the schema they wrap is shown.
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

/** `/api/bikes/:id` → `/api/bikes/{id}` */
export const openApiPath = (fastifyPath: string) => fastifyPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function parametersOf(schema: z.ZodObject, where: 'path' | 'query'): OpenApiParameter[] {
  const json = jsonSchemaOf(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...propertySchema } = property;
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      schema: propertySchema,
      ...(typeof description === 'string' ? { description } : {}),
    };
  });
}

const MULTIPART_UPLOAD: JsonSchema = {
  type: 'object',
  properties: { file: { type: 'array', items: { type: 'string', contentEncoding: 'binary' } } },
  required: ['file'],
};

function operationOf(c: RouteContract): OpenApiOperation {
  const parameters = [
    ...(c.params ? parametersOf(c.params, 'path') : []),
    ...(c.query ? parametersOf(c.query, 'query') : []),
  ];
  const { status, schema, contentType = 'application/json' } = c.response;
  const success = {
    description: c.response.description ?? (status === 204 ? 'No content' : 'Success'),
    ...(schema ? { content: { [contentType]: { schema: jsonSchemaOf(schema, 'output') } } } : {}),
  };
  const error = { $ref: '#/components/schemas/Error' };
  return {
    operationId: operationId(c),
    summary: c.summary,
    tags: [...c.tags],
    ...(c.auth ? { security: [{ bearer: [] }] } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(c.body
      ? {
          requestBody: {
            required: true,
            content:
              c.body === 'multipart'
                ? { 'multipart/form-data': { schema: MULTIPART_UPLOAD } }
                : { 'application/json': { schema: jsonSchemaOf(c.body, 'input') } },
          },
        }
      : {}),
    responses: {
      [String(status)]: success,
      default: { description: 'An error', content: { 'application/json': { schema: error } } },
    },
  };
}

/** The OpenAPI 3.1 document of the given contracts. */
export function buildOpenApi(
  contracts: readonly RouteContract[],
  info: { version: string },
): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const c of contracts) {
    const path = openApiPath(c.path);
    paths[path] ??= {};
    paths[path][c.method.toLowerCase()] = operationOf(c);
  }
  const tags = [...new Set(contracts.flatMap((c) => c.tags))].map((name) => ({ name }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Vatio API',
      version: info.version,
      description:
        'JSON over HTTP. Signed-in calls carry `Authorization: Bearer <access_token>` (POST /api/auth/verify).',
    },
    servers: [{ url: '/' }],
    tags,
    paths,
    components: {
      schemas: { Error: jsonSchemaOf(errorResponseSchema, 'output') },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  };
}
