import type { SegmentDetailResponse, SegmentSummary } from '@vatio/schemas';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnalyticsSource } from '../../../api/analytics';
import { Loadable, type QueryState } from '../../../components/Loadable';
import { Card } from '../../../components/ui/Card';
import { Segmented } from '../TrainingLoadParts';
import { SegmentCompare } from './SegmentCompare';
import { SegmentPacing } from './SegmentPacing';
import { SegmentPerformance } from './SegmentPerformance';
import { SegmentSelector } from './SegmentSelector';
import { useSegment, useSegments } from './useSegments';

const VIEWS = ['performance', 'pacing', 'compare'] as const;
type View = (typeof VIEWS)[number];

function Pulse({ label }: { label: string }) {
  return (
    <div
      role="status"
      aria-label={label}
      className="h-40 animate-pulse rounded-lg bg-slate-100 dark:bg-slate-800"
    />
  );
}

function Empty() {
  const { t } = useTranslation('analytics');
  return (
    <div
      data-testid="segments-empty"
      className="rounded-lg border border-dashed border-slate-300 p-6 text-center dark:border-slate-600"
    >
      <p className="font-semibold text-slate-800 dark:text-slate-100">{t('segments.empty')}</p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('segments.emptyHint')}</p>
    </div>
  );
}

/**
 * The selected segment's detail only: the query keeps the previous segment's answer while the next
 * one loads (placeholderData), and the card shows "loading" rather than another segment's figures.
 */
function detailOf(
  detail: UseQueryResult<SegmentDetailResponse>,
  selected: SegmentSummary,
): QueryState<SegmentDetailResponse> {
  const data = detail.data?.segment.id === selected.id ? detail.data : undefined;
  return {
    data,
    error: detail.error,
    isError: detail.isError,
    isPending: data === undefined && !detail.isError,
    refetch: detail.refetch,
  };
}

/** The segment card (spec 001 §2.4, issue 14): Rendimiento / Pacing / Comparación of one segment. */
export function SegmentCard({ source }: { source: AnalyticsSource }) {
  const { t } = useTranslation('analytics');
  const list = useSegments(source);
  const segments = list.data?.segments ?? [];
  const [selectedId, setSelectedId] = useState<string | undefined>(undefined);
  const [view, setView] = useState<View>('performance');
  const selected = segments.find((s) => s.id === selectedId) ?? segments[0];
  const detail = useSegment(source, selected?.id);
  useEffect(() => {
    if (selectedId === undefined && segments[0]) setSelectedId(segments[0].id);
  }, [selectedId, segments]);
  return (
    <Card className="space-y-4 p-4 sm:p-6" data-testid="segment-card">
      <div>
        <h2 id="segments" className="text-xl font-semibold text-slate-900 dark:text-white">
          {t('segments.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('segments.subtitle')}</p>
      </div>
      <Loadable
        query={list}
        loading={<Pulse label={t('segments.loading')} />}
        error={{ message: t('segments.error'), look: 'line', retryLabel: t('panel.retry') }}
        isEmpty={() => !selected}
        empty={<Empty />}
      >
        {() =>
          selected && (
            <>
              <SegmentSelector
                segments={segments}
                selected={selected}
                onSelect={setSelectedId}
                source={source}
              />
              <Segmented
                label={t('segments.view')}
                options={VIEWS}
                value={view}
                onChange={setView}
                text={(v) => t(`segments.views.${v}`)}
                testId="segment-view"
              />
              <Loadable
                query={detailOf(detail, selected)}
                loading={<Pulse label={t('segments.loading')} />}
                error={{ message: t('segments.error'), look: 'line', retryLabel: t('panel.retry') }}
                keepDataOnError
              >
                {(data) =>
                  view === 'performance' ? (
                    <SegmentPerformance detail={data} />
                  ) : view === 'pacing' ? (
                    <SegmentPacing detail={data} />
                  ) : (
                    <SegmentCompare key={selected.id} detail={data} source={source} />
                  )
                }
              </Loadable>
            </>
          )
        }
      </Loadable>
    </Card>
  );
}
