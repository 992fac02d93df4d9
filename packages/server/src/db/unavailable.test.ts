import { describe, expect, test } from 'vitest';
import { isDatabaseUnavailable, isTaggedUnavailable, tagIfUnavailable } from './unavailable.ts';

// Issue 16 (Faults): which errors mean "the database is away" (a 503), and which are a query's own.
describe('isDatabaseUnavailable', () => {
  test.each([
    ['refused', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['reset', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    ['pool connect timeout', new Error('timeout exceeded when trying to connect')],
    ['connection dropped', new Error('Connection terminated unexpectedly')],
    [
      'admin shutdown',
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    ],
    ['starting up', Object.assign(new Error('the database system is starting up'), { code: '57P03' })],
    ['connection exception class', Object.assign(new Error('connection failure'), { code: '08006' })],
    ['dual-stack connect', new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })], '')],
    ['wrapped', new Error('import failed', { cause: new Error('Connection terminated unexpectedly') })],
  ])('%s: unavailable', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  test.each([
    ['unique violation', Object.assign(new Error('duplicate key value'), { code: '23505' })],
    ['syntax', Object.assign(new Error('syntax error at or near'), { code: '42601' })],
    ['plain', new Error('boom')],
    ['not an error', 'ECONNREFUSED'],
  ])('%s: not unavailable', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  test('the driver tag keeps the error and its code, and is found through a cause', () => {
    const error = Object.assign(new Error('Connection terminated unexpectedly'), { code: undefined });
    expect(tagIfUnavailable(error)).toBe(error);
    expect(isTaggedUnavailable(new Error('outer', { cause: error }))).toBe(true);
    const unique = Object.assign(new Error('duplicate key value'), { code: '23505' });
    tagIfUnavailable(unique);
    expect(isTaggedUnavailable(unique)).toBe(false);
  });
});
