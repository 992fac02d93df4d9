// Data hooks of the segment card (GET/PATCH /api/analytics/segments*, docs/API.md; the example rider's
// under /api/public/analytics/segments*). Shapes from @vatio/schemas.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SegmentPatch } from '@vatio/schemas';
import type { AnalyticsSource } from '../../../api/analytics';
import { getAnalyticsSegments } from '../../../api/generated/getAnalyticsSegments';
import { getAnalyticsSegmentsByid } from '../../../api/generated/getAnalyticsSegmentsByid';
import { getAnalyticsSegmentsByidCompare } from '../../../api/generated/getAnalyticsSegmentsByidCompare';
import { getPublicAnalyticsSegments } from '../../../api/generated/getPublicAnalyticsSegments';
import { getPublicAnalyticsSegmentsByid } from '../../../api/generated/getPublicAnalyticsSegmentsByid';
import { getPublicAnalyticsSegmentsByidCompare } from '../../../api/generated/getPublicAnalyticsSegmentsByidCompare';
import { patchAnalyticsSegmentsByid } from '../../../api/generated/patchAnalyticsSegmentsByid';
import { queryKeys } from '../../../api/query-keys';
import { examplePolling } from '../useAnalyticsLoad';

export function useSegments(source: AnalyticsSource) {
  return useQuery({
    queryKey: queryKeys.analytics.segments(source),
    queryFn: () =>
      source === 'example' ? getPublicAnalyticsSegments({ anonymous: true }) : getAnalyticsSegments(),
    ...examplePolling(source),
  });
}

export function useSegment(source: AnalyticsSource, id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.analytics.segment(source, id ?? ''),
    queryFn: () => {
      const input = { params: { id: id ?? '' } };
      return source === 'example'
        ? getPublicAnalyticsSegmentsByid(input, { anonymous: true })
        : getAnalyticsSegmentsByid(input);
    },
    enabled: id !== undefined,
    placeholderData: (previous) => previous,
  });
}

/** Two efforts of a segment over distance and by thirds (GET …/segments/:id/compare?a=&b=). */
export function useSegmentCompare(source: AnalyticsSource, id: string, a: string, b: string) {
  return useQuery({
    queryKey: queryKeys.analytics.segmentCompare(source, id, a, b),
    queryFn: () => {
      const input = { params: { id }, query: { a, b } };
      return source === 'example'
        ? getPublicAnalyticsSegmentsByidCompare(input, { anonymous: true })
        : getAnalyticsSegmentsByidCompare(input);
    },
    placeholderData: (previous) => previous,
  });
}

/** Rename, star or hide one of the rider's own segments; the list and the segment are read again. */
export function usePatchSegment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: SegmentPatch }) =>
      patchAnalyticsSegmentsByid({ params: { id }, body: patch }),
    onSuccess: async (answer, { id }) => {
      client.setQueryData(queryKeys.analytics.segment('own', id), answer);
      await client.invalidateQueries({ queryKey: queryKeys.analytics.segments('own') });
    },
  });
}
