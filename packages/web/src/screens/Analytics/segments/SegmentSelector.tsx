import type { SegmentSummary } from '@vatio/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnalyticsSource } from '../../../api/analytics';
import { Button } from '../../../components/ui/Button';
import { SegmentRenameForm } from './SegmentRenameForm';
import { usePatchSegment } from './useSegments';
import { useSegmentName } from './useSegmentName';

/** Pick, rename, star and hide (own segments only; the example rider's are read-only). */
export function SegmentSelector({
  segments,
  selected,
  onSelect,
  source,
}: {
  segments: SegmentSummary[];
  selected: SegmentSummary;
  onSelect: (id: string) => void;
  source: AnalyticsSource;
}) {
  const { t } = useTranslation('analytics');
  const name = useSegmentName();
  const patch = usePatchSegment();
  const [renaming, setRenaming] = useState(false);
  const own = source === 'own';
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label className="sr-only" htmlFor="segment-select">
        {t('segments.select')}
      </label>
      <select
        id="segment-select"
        data-testid="segment-select"
        value={selected.id}
        onChange={(e) => onSelect(e.target.value)}
        className="min-h-9 w-full min-w-0 rounded-md sm:w-auto sm:flex-1 border border-slate-300 bg-white px-2 text-sm dark:border-slate-600 dark:bg-slate-900 dark:text-white"
      >
        {segments.map((s) => (
          <option key={s.id} value={s.id}>
            {s.starred ? '★ ' : ''}
            {name(s)}
            {s.hidden ? ` (${t('segments.hiddenTag')})` : ''} ·{' '}
            {t('segments.attemptsShort', { count: s.attempts })}
          </option>
        ))}
      </select>
      {own && (
        <>
          <Button
            variant="secondary"
            data-testid="segment-star"
            aria-pressed={selected.starred}
            onClick={() => patch.mutate({ id: selected.id, patch: { starred: !selected.starred } })}
          >
            {selected.starred ? t('segments.unstar') : t('segments.star')}
          </Button>
          <Button
            variant="secondary"
            data-testid="segment-hide"
            onClick={() => patch.mutate({ id: selected.id, patch: { hidden: !selected.hidden } })}
          >
            {selected.hidden ? t('segments.unhide') : t('segments.hide')}
          </Button>
          <Button variant="secondary" data-testid="segment-rename" onClick={() => setRenaming(!renaming)}>
            {t('segments.rename')}
          </Button>
        </>
      )}
      {own && renaming && (
        <SegmentRenameForm
          initialName={selected.name ?? ''}
          placeholder={name({ ...selected, name: null })}
          onSave={(newName) => {
            patch.mutate({ id: selected.id, patch: { name: newName } });
            setRenaming(false);
          }}
        />
      )}
    </div>
  );
}
