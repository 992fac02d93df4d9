// Messages of requests refused before any route's own schema (issue 16: the OpenAPI walks): the
// body is not JSON, is in a type the API does not read, or a multipart upload has no file. Message
// keys as in messages.ts; the web app translates them (namespace `validation`).
export const REQUEST_VALIDATION_MESSAGES = {
  json_invalid: 'The request body is not valid JSON',
  content_type_unsupported: 'Send the request body as application/json',
  file_required: 'Choose a file to send',
} as const;
