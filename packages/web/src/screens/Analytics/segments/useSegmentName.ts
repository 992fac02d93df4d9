import type { SegmentSummary } from '@vatio/schemas';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../hooks/useFormat';

/** A segment's own name, or the default one from its length and grade. */
export function useSegmentName() {
  const { t } = useTranslation('analytics');
  const f = useFormat();
  return (s: Pick<SegmentSummary, 'name' | 'length_m' | 'average_grade_pct'>) =>
    s.name ??
    t('segments.defaultName', { length: f.distance(s.length_m), grade: f.number(s.average_grade_pct, 1) });
}
