import {
  segmentCompareQuerySchema,
  segmentCompareResponseSchema,
  segmentDetailResponseSchema,
  segmentListResponseSchema,
  segmentPatchSchema,
} from '../index.ts';
import { idParams, defineContracts } from './contract.ts';

const preparing =
  ' (503 EXAMPLE_PREPARING, with retry_after_s and progress {done, total}, while the example is generated once)';

/** Segments (issue 14): the rider's, and the example rider's without sign-in. */
export const segmentContracts = defineContracts([
  {
    method: 'GET',
    path: '/api/analytics/segments',
    summary: 'Climbs ridden at least twice: attempts, best, latest, trend, consistency',
    tags: ['analytics'],
    auth: true,
    response: { status: 200, schema: segmentListResponseSchema },
  },
  {
    method: 'GET',
    path: '/api/analytics/segments/:id',
    summary: 'One segment: its efforts, the best with its conditions and W/kg, and the pacing of the latest',
    tags: ['analytics'],
    auth: true,
    params: idParams,
    response: { status: 200, schema: segmentDetailResponseSchema },
  },
  {
    method: 'GET',
    path: '/api/analytics/segments/:id/compare',
    summary:
      'Two efforts of a segment over distance: power and speed per bin, and time, power and speed by thirds with the difference (404 unless both are efforts of it)',
    tags: ['analytics'],
    auth: true,
    params: idParams,
    query: segmentCompareQuerySchema,
    response: { status: 200, schema: segmentCompareResponseSchema },
  },
  {
    method: 'PATCH',
    path: '/api/analytics/segments/:id',
    summary: 'Rename, star or hide a segment',
    tags: ['analytics'],
    auth: true,
    params: idParams,
    body: segmentPatchSchema,
    response: { status: 200, schema: segmentDetailResponseSchema },
  },
  {
    method: 'GET',
    path: '/api/public/analytics/segments',
    summary: `The example rider's segments${preparing}`,
    tags: ['public'],
    auth: false,
    response: { status: 200, schema: segmentListResponseSchema },
  },
  {
    method: 'GET',
    path: '/api/public/analytics/segments/:id',
    summary: `One of the example rider's segments${preparing}`,
    tags: ['public'],
    auth: false,
    params: idParams,
    response: { status: 200, schema: segmentDetailResponseSchema },
  },
  {
    method: 'GET',
    path: '/api/public/analytics/segments/:id/compare',
    summary: `Two efforts of one of the example rider's segments${preparing}`,
    tags: ['public'],
    auth: false,
    params: idParams,
    query: segmentCompareQuerySchema,
    response: { status: 200, schema: segmentCompareResponseSchema },
  },
]);
