import type { FastifyReply } from 'fastify';

const serialized = new WeakMap<object, string>();

/**
 * JSON of a value that is shared, never mutated, between requests (a cached dashboard): serialized
 * the first time it is sent and the text reused after, which under load spares most of a request's
 * work. The text goes with its value: a new value (after a change) is serialized anew.
 */
export function jsonOnce(value: object): string {
  let text = serialized.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    serialized.set(value, text);
  }
  return text;
}

/** Sends JSON text as it is (Fastify would otherwise serialize the string again). */
export function sendJsonText(reply: FastifyReply, text: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(text);
}
