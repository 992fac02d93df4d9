import {
  comparativeQuerySchema,
  comparativeResponseSchema,
  compareQuerySchema,
  compareResponseSchema,
  evolutionQuerySchema,
  evolutionResponseSchema,
} from '../index.ts';
import { defineContracts } from './contract.ts';

const preparing =
  ' (503 EXAMPLE_PREPARING, with retry_after_s and progress {done, total}, while the example is generated once)';

/** The three comparative routes under one prefix; the paths keep their literal types so a route file names each. */
function contracts<const P extends string, const A extends boolean>(prefix: P, auth: A, whose: string) {
  const tags = auth ? ['analytics'] : ['public'];
  const tail = auth ? '' : preparing;
  return defineContracts([
    {
      method: 'GET',
      path: `${prefix}/comparative`,
      summary: `${whose} period summary, best vs latest ride, last 10 rides, by ride type and weekday/hour patterns${tail}`,
      tags,
      auth,
      query: comparativeQuerySchema,
      response: { status: 200, schema: comparativeResponseSchema },
    },
    {
      method: 'GET',
      path: `${prefix}/compare`,
      summary: `Two of ${whose.toLowerCase()} rides side by side: figures as their ride pages, differences, series, power curves (404 for a ride not theirs)${tail}`,
      tags,
      auth,
      query: compareQuerySchema,
      response: { status: 200, schema: compareResponseSchema },
    },
    {
      method: 'GET',
      path: `${prefix}/evolution`,
      summary: `${whose} FTP, VO2max, CdA or weight over time, each point with its source${tail}`,
      tags,
      auth,
      query: evolutionQuerySchema,
      response: { status: 200, schema: evolutionResponseSchema },
    },
  ]);
}

/** Issue 14, comparative analysis of the signed-in rider. */
export const riderComparativeContracts = contracts('/api/analytics', true, "The rider's");
/** The same for the example rider, without sign-in (the public /analytics). */
export const publicComparativeContracts = contracts('/api/public/analytics', false, "The example rider's");
