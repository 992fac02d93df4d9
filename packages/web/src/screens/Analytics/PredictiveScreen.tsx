import { useTranslation } from 'react-i18next';
import { PredictiveCards } from './PredictiveCards';
import { PredictiveEvents, PredictiveSummary } from './PredictiveEvents';
import { PredictiveFtpTab } from './PredictiveFtpTab';
import { PredictiveNeeds } from './PredictiveNeeds';
import { PredictiveTacticalTab } from './PredictiveTacticalTab';
import { TrainingLoadCard } from './TrainingLoadCard';
import { TabStrip } from '../../components/ui/TabStrip';
import { Segmented } from './TrainingLoadParts';
import { type PredictiveWeeks, usePredictive } from './useAnalyticsLoad';
import { ExampleBanner, ExamplePreparingScreen } from '../../components/analytics/ExampleNotice';
import { useAnalysisPeriodScreen } from '../../hooks/useAnalysisPeriodScreen';
import { Link } from 'react-router';
import { RiderWeightNote } from '../../components/rider/RiderWeightNote';
import { useSegments } from './segments/useSegments';
import { Loadable, LoadingCards } from '../../components/Loadable';

const PERIODS: readonly PredictiveWeeks[] = [2, 4, 8];

/**
 * Advanced predictive analysis (/analytics/predictive; spec 001 §2.2, issue 13): period, four
 * summary cards, tabs (FTP prediction, training load, tactical; segments, once the rider has any,
 * links to the segment card on /analytics), event predictions and the rule-written summary.
 */
export function PredictiveScreen() {
  const { t } = useTranslation('predictive');
  const { t: ta } = useTranslation('analytics');
  const {
    source,
    period: weeks,
    setPeriod: setWeeks,
    preparing,
  } = useAnalysisPeriodScreen<PredictiveWeeks>(4);
  const query = usePredictive(source, weeks);
  const hasSegments = (useSegments(source).data?.segments.length ?? 0) > 0;
  if (preparing(query.error)) {
    return (
      <ExamplePreparingScreen
        title={<h1 className="text-2xl font-bold text-slate-900 dark:text-white">{t('title')}</h1>}
        error={query.error}
      />
    );
  }
  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{t('title')}</h1>
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('subtitle')}</p>
        </div>
        <Segmented
          label={t('period.label')}
          options={PERIODS}
          value={weeks}
          onChange={setWeeks}
          text={(w) => t('period.weeks', { count: w })}
          testId="predictive-period"
        />
      </header>
      {source === 'example' && <ExampleBanner />}
      <Loadable
        query={query}
        loading={<LoadingCards label={t('loading')} />}
        error={{ message: t('loadError'), retryLabel: t('retry') }}
      >
        {(data) => (
          <>
            <PredictiveNeeds data={data} />
            <RiderWeightNote
              weight={data.weight ?? null}
              className="text-xs text-slate-500 dark:text-slate-400"
            />
            <PredictiveCards data={data} />
            <TabStrip
              label={t('tabs.label')}
              tabs={[
                {
                  value: 'ftp',
                  label: t('tabs.ftp'),
                  testId: 'predictive-tab-ftp',
                  content: <PredictiveFtpTab data={data} />,
                },
                {
                  value: 'load',
                  label: t('tabs.load'),
                  testId: 'predictive-tab-load',
                  content: <TrainingLoadCard source={source} />,
                },
                {
                  value: 'tactical',
                  label: t('tabs.tactical'),
                  testId: 'predictive-tab-tactical',
                  content: <PredictiveTacticalTab data={data} />,
                },
                ...(hasSegments
                  ? [
                      {
                        value: 'segments',
                        label: ta('segments.title'),
                        testId: 'predictive-tab-segments',
                        content: (
                          <Link
                            to="/analytics#segments"
                            data-testid="link-segments"
                            className="font-semibold text-brand-700 underline dark:text-brand-400"
                          >
                            {ta('segments.openSegments')} →
                          </Link>
                        ),
                      },
                    ]
                  : []),
              ]}
            />
            <PredictiveEvents data={data} />
            <PredictiveSummary data={data} />
          </>
        )}
      </Loadable>
    </div>
  );
}
