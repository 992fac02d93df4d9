import './comparative.css';
import { Download, Printer } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  COMPARATIVE_METRICS,
  COMPARATIVE_PERIODS,
  type ComparativeMetric,
  type ComparativePeriod,
  type ComparativeResponse,
  type CompareResponse,
  type EvolutionMetric,
  type EvolutionRange,
  type EvolutionResponse,
} from '../../api/comparative';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { cn } from '../../components/ui/cn';
import { TabStrip } from '../../components/ui/TabStrip';
import type { Formatter } from '../../lib/format';
import { useFormat } from '../../hooks/useFormat';
import { CompareTab } from './CompareTab';
import { type CsvSection, downloadCsv } from './csv';
import { EvolutionTab } from './EvolutionTab';
import { ExampleBanner, ExamplePreparingScreen } from '../../components/analytics/ExampleNotice';
import { useAnalysisPeriodScreen } from '../../hooks/useAnalysisPeriodScreen';
import { FormulaLink } from './FormulaLink';
import { ByTypePanel, PatternsPanel } from './PatternsPanels';
import { TrendsTab } from './TrendsTab';
import { useComparative } from './useComparative';
import { Loadable, LoadingCards } from '../../components/Loadable';

const TABS = ['compare', 'evolution', 'trends'] as const;
type Tab = (typeof TABS)[number];

function PeriodSwitch({
  value,
  onChange,
}: {
  value: ComparativePeriod;
  onChange: (p: ComparativePeriod) => void;
}) {
  const { t } = useTranslation('comparative');
  return (
    <fieldset className="flex gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-900" data-print-hide>
      <legend className="sr-only">{t('period')}</legend>
      {COMPARATIVE_PERIODS.map((p) => (
        <button
          key={p}
          type="button"
          aria-pressed={value === p}
          data-testid={`period-${p}`}
          onClick={() => onChange(p)}
          className={cn(
            'min-h-9 rounded-md px-3 text-sm font-semibold',
            value === p
              ? 'bg-white text-brand-700 shadow-sm dark:bg-slate-700 dark:text-white'
              : 'text-slate-600 dark:text-slate-300',
          )}
        >
          {t(`periods.${p}`)}
        </button>
      ))}
    </fieldset>
  );
}

function SummaryCards({ data }: { data: ComparativeResponse }) {
  const { t } = useTranslation('comparative');
  const f = useFormat();
  const cards = [
    { key: 'rides', value: f.number(data.summary.rides) },
    { key: 'power', value: f.watts(data.summary.mean_power_w) },
    { key: 'tss', value: f.number(data.summary.total_tss, 0) },
    { key: 'distance', value: f.distance(data.summary.total_distance_m) },
  ];
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="summary-cards">
      {cards.map((c) => (
        <Card key={c.key} className="p-4">
          <p className="text-sm text-slate-600 dark:text-slate-300">{t(`summary.${c.key}`)}</p>
          <p
            className="mt-1 text-2xl font-bold text-slate-900 tabular-nums dark:text-white"
            data-testid={`summary-${c.key}`}
          >
            <FormulaLink id="comparativeSummary">{c.value}</FormulaLink>
          </p>
        </Card>
      ))}
    </div>
  );
}

/** The CSV of what the screen shows: the summary, the open tab's table, by ride type and the patterns. */
function csvSections(
  t: (key: string, options?: Record<string, unknown>) => string,
  f: Formatter,
  tab: Tab,
  data: ComparativeResponse,
  compare: CompareResponse | undefined,
  evolution: EvolutionResponse | undefined,
): CsvSection[] {
  const s = data.summary;
  const sections: CsvSection[] = [
    {
      title: `${t('title')} · ${f.date(data.window.from)} – ${f.date(data.window.to)}`,
      header: ['rides', 'mean_power_w', 'total_tss', 'total_distance_m', 'total_moving_time_s'],
      rows: [[s.rides, s.mean_power_w, s.total_tss, s.total_distance_m, s.total_moving_time_s]],
    },
  ];
  const rideRows = (rides: ComparativeResponse['rides']) =>
    rides.map((r) => [
      r.id,
      r.name,
      r.start_date,
      r.type,
      r.distance_m,
      r.moving_time_s,
      ...COMPARATIVE_METRICS.map((m) => r[m]),
    ]);
  const rideHeader = [
    'id',
    'name',
    'start_date',
    'type',
    'distance_m',
    'moving_time_s',
    ...COMPARATIVE_METRICS,
  ];
  if (tab === 'compare' && compare) {
    sections.push({
      title: t('tabs.compare'),
      header: ['figure', compare.a.ride.name, compare.b.ride.name, 'difference', 'difference_pct'],
      rows: compare.figures.map((r) => [r.key, r.a, r.b, r.difference, r.difference_pct]),
    });
  }
  if (tab === 'evolution' && evolution) {
    sections.push({
      title: `${t('tabs.evolution')} · ${evolution.metric} (${evolution.unit})`,
      header: ['date', 'value', 'basis', 'source_kind', 'source_id'],
      rows: evolution.points.map((p) => [p.date, p.value, p.basis, p.source.kind, p.source.id]),
    });
  }
  if (tab === 'trends')
    sections.push({ title: t('tabs.trends'), header: rideHeader, rows: rideRows(data.recent) });
  sections.push({
    title: t('byType.title'),
    header: ['type', 'rides', 'distance_m', 'moving_time_s', 'tss', 'mean_power_w', 'mean_if'],
    rows: data.by_type.map((b) => [
      b.type,
      b.rides,
      b.distance_m,
      b.moving_time_s,
      b.tss,
      b.mean_power_w,
      b.mean_if,
    ]),
  });
  sections.push({
    title: t('patterns.weekday'),
    header: ['weekday', 'rides', 'mean_if', 'mean_ef', 'mean_np'],
    rows: data.patterns.weekday.map((b) => [b.weekday, b.rides, b.mean_if, b.mean_ef, b.mean_np]),
  });
  sections.push({
    title: t('patterns.hour'),
    header: ['hour', 'rides', 'mean_if', 'mean_ef', 'mean_np'],
    rows: data.patterns.hour.map((b) => [b.hour, b.rides, b.mean_if, b.mean_ef, b.mean_np]),
  });
  return sections;
}

/**
 * /analytics/comparative (issue 14, spec 001 §2.5): the period's summary, two rides compared (best
 * vs latest, or picked by hand), the evolution of FTP, VO2max, CdA and weight, the last 10 rides'
 * trends, by ride type and weekday/hour patterns. Signed out, the built-in example rider's.
 */
export function ComparativeScreen() {
  const { t } = useTranslation('comparative');
  const f = useFormat();
  const { source, period, setPeriod, preparing } = useAnalysisPeriodScreen<ComparativePeriod>('4w');
  const [metric, setMetric] = useState<ComparativeMetric>('np');
  const [tab, setTab] = useState<Tab>('compare');
  const [evoMetric, setEvoMetric] = useState<EvolutionMetric>('ftp');
  const [evoRange, setEvoRange] = useState<EvolutionRange>('6m');
  const compareRef = useRef<CompareResponse | undefined>(undefined);
  const evolutionRef = useRef<EvolutionResponse | undefined>(undefined);
  const onCompare = useCallback((d: CompareResponse | undefined) => {
    compareRef.current = d;
  }, []);
  const onEvolution = useCallback((d: EvolutionResponse | undefined) => {
    evolutionRef.current = d;
  }, []);
  const query = useComparative(source, period, metric);
  const data = query.data;

  const title = (
    <div>
      <p className="text-sm" data-print-hide>
        <Link to="/analytics" className="text-brand-700 hover:underline dark:text-brand-400">
          ← {t('back')}
        </Link>
      </p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
        {t('title')}
      </h1>
      <p className="mt-1 text-slate-600 dark:text-slate-300">{t('subtitle')}</p>
    </div>
  );
  if (preparing(query.error)) return <ExamplePreparingScreen title={title} error={query.error} />;
  return (
    <div className="space-y-6" data-print-report data-testid="comparative-screen">
      {title}
      {source === 'example' && (
        <div data-print-hide>
          <ExampleBanner />
        </div>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PeriodSwitch value={period} onChange={setPeriod} />
        <div className="flex flex-wrap gap-2" data-print-hide>
          <Button
            variant="secondary"
            data-testid="export-csv"
            disabled={!data}
            onClick={() =>
              data &&
              downloadCsv(
                `vatio-comparative-${period}-${tab}.csv`,
                csvSections(t, f, tab, data, compareRef.current, evolutionRef.current),
              )
            }
          >
            <Download className="size-4" aria-hidden /> {t('export')}
          </Button>
          <Button variant="secondary" data-testid="print-report" onClick={() => window.print()}>
            <Printer className="size-4" aria-hidden /> {t('print')}
          </Button>
        </div>
      </div>
      {data && (
        <p className="text-sm text-slate-500 dark:text-slate-400" data-testid="comparative-window">
          {t('window', { from: f.date(data.window.from), to: f.date(data.window.to) })}
        </p>
      )}
      <Loadable
        query={query}
        loading={
          <LoadingCards
            label={t('loading')}
            className="grid grid-cols-2 gap-3 lg:grid-cols-4"
            boxClassName="h-24"
          />
        }
        error={{ message: t('error'), retryLabel: t('retry'), look: 'panel' }}
      >
        {(data) => (
          <>
            <SummaryCards data={data} />
            <TabStrip
              label={t('tabsLabel')}
              value={tab}
              onValueChange={setTab}
              printHideList
              beforePanels={
                <h2 className="mt-4 hidden text-xl font-semibold" data-print-title>
                  {t(`tabs.${tab}`)}
                </h2>
              }
              tabs={TABS.map((k) => ({
                value: k,
                label: t(`tabs.${k}`),
                testId: `tab-${k}`,
                content:
                  k === 'compare' ? (
                    <CompareTab
                      source={source}
                      data={data}
                      metric={metric}
                      onMetric={setMetric}
                      onCompare={onCompare}
                    />
                  ) : k === 'evolution' ? (
                    <EvolutionTab
                      source={source}
                      metric={evoMetric}
                      range={evoRange}
                      onMetric={setEvoMetric}
                      onRange={setEvoRange}
                      onData={onEvolution}
                    />
                  ) : (
                    <TrendsTab recent={data.recent} />
                  ),
              }))}
            />
            <ByTypePanel data={data} />
            <PatternsPanel data={data} />
          </>
        )}
      </Loadable>
    </div>
  );
}
