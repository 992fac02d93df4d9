import type { AdvancedPeriod, AdvancedResponse } from '@vatio/schemas';
import { useTranslation } from 'react-i18next';
import { RiderWeightNote } from '../../components/rider/RiderWeightNote';
import { ExampleBanner, ExamplePreparingScreen } from '../../components/analytics/ExampleNotice';
import { TabStrip } from '../../components/ui/TabStrip';
import { useAnalysisPeriodScreen } from '../../hooks/useAnalysisPeriodScreen';
import { useFormat } from '../../hooks/useFormat';
import { AeroTab } from './AeroTab';
import { Badge, Figure, FormulaLink, Needs, Segmented, scoreTone } from './AdvancedParts';
import { BiomechanicsTab } from './BiomechanicsTab';
import { PhysiologicalTab } from './PhysiologicalTab';
import { PowerTab } from './PowerTab';
import { SpecificTab } from './SpecificTab';
import { ADVANCED_PERIODS, useAdvanced } from './useAdvanced';
import { Loadable, LoadingCards } from '../../components/Loadable';

const TABS = {
  physiological: PhysiologicalTab,
  biomechanics: BiomechanicsTab,
  aero: AeroTab,
  specific: SpecificTab,
  power: PowerTab,
} as const;

/**
 * Advanced metrics (/analytics/advanced; spec 001 §2.6, issue 14): period, four summary cards, five
 * tabs and the professional summary, from the rider's rides (signed out: the example rider's).
 */
export function AdvancedScreen() {
  const { t } = useTranslation('advanced');
  const f = useFormat();
  const { source, period, setPeriod, preparing } = useAnalysisPeriodScreen<AdvancedPeriod>('4w');
  const query = useAdvanced(source, period);
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
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{t('title')}</h1>
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('subtitle')}</p>
        </div>
        <Segmented
          label={t('period.label')}
          options={ADVANCED_PERIODS}
          value={period}
          onChange={setPeriod}
          text={(p) => t(`period.${p}`)}
          testId="advanced-period"
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
            <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="advanced-window">
              {t('window', {
                from: f.date(data.window.from),
                to: f.date(data.window.to),
                rides: data.rides,
                withPower: data.rides_with_power,
              })}
            </p>
            <Needs needs={data.needs} testId="advanced-needs" />
            {/* The weight every W/kg below divides by, and from when (issue 25). */}
            <RiderWeightNote
              weight={data.weight ?? null}
              className="text-xs text-slate-500 dark:text-slate-400"
            />
            <SummaryCards data={data} />
            <TabStrip
              label={t('tabs.label')}
              // Five long names: two rows on a phone, one from the small breakpoint up.
              listClassName="grid grid-cols-3 gap-1 rounded-lg bg-slate-100 p-1 sm:grid-cols-5 dark:bg-slate-900"
              tabs={(Object.keys(TABS) as Array<keyof typeof TABS>).map((tab) => {
                const Tab = TABS[tab];
                return {
                  value: tab,
                  label: t(`tabs.${tab}`),
                  testId: `advanced-tab-${tab}`,
                  content: <Tab data={data} />,
                };
              })}
            />
            <ProfessionalSummary data={data} />
          </>
        )}
      </Loadable>
    </div>
  );
}

function SummaryCards({ data }: { data: AdvancedResponse }) {
  const { t } = useTranslation('advanced');
  const f = useFormat();
  const { overall, readiness, fatigue_resistance: fatigue, improvement } = data.summary;
  const lacking = t('lacking');
  const score = (value: number) => <Badge tone={scoreTone(value)}>{t('cards.score', { value })}</Badge>;
  return (
    <section aria-label={t('cards.label')} className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <Figure
        testId="card-overall"
        label={t('cards.overall')}
        formula="advOverall"
        value={overall ? f.number(overall.score) : lacking}
        unit={overall ? '/100' : undefined}
        hint={
          overall
            ? overall.components.map((c) => `${t(`components.${c.key}`)} ${f.number(c.score)}`).join(' · ')
            : t('cards.overallNeeds')
        }
      />
      <Figure
        testId="card-readiness"
        label={t('cards.readiness')}
        formula="advReadiness"
        value={readiness ? f.number(readiness.score) : lacking}
        unit={readiness ? '/100' : undefined}
        badge={
          readiness ? <Badge tone={scoreTone(readiness.score)}>{t(`form.${readiness.form}`)}</Badge> : null
        }
        hint={
          readiness
            ? t('cards.readinessHint', {
                tsb: f.number(readiness.tsb, 1),
                acwr: readiness.acwr === null ? '—' : f.number(readiness.acwr, 2),
              })
            : undefined
        }
      />
      <Figure
        testId="card-fatigue"
        label={t('cards.fatigue')}
        formula="advDurability"
        value={fatigue ? f.number(fatigue.retained_pct, 1) : lacking}
        unit={fatigue ? '%' : undefined}
        badge={fatigue && fatigue.score !== null ? score(fatigue.score) : null}
        hint={
          fatigue
            ? [
                t('cards.fatigueHint', {
                  fatigued: f.number(fatigue.fatigued_w),
                  fresh: f.number(fatigue.fresh_w),
                  work: f.number(fatigue.work_kj),
                }),
                // Over 100 %: no score, and why (the fresh best was not a maximal effort).
                fatigue.unscored_reason ? t(`cards.fatigueUnscored.${fatigue.unscored_reason}`) : null,
              ]
                .filter(Boolean)
                .join('. ')
            : undefined
        }
      />
      <Figure
        testId="card-improvement"
        label={t('cards.improvement')}
        formula="advImprovement"
        value={
          improvement
            ? `${improvement.change_pct > 0 ? '+' : ''}${f.number(improvement.change_pct, 1)}`
            : lacking
        }
        unit={improvement ? '%' : undefined}
        badge={improvement ? score(improvement.score) : null}
        hint={
          improvement
            ? t(`cards.improvementHint.${improvement.method}`, {
                now: f.number(improvement.now_w),
                before: f.number(improvement.before_w),
              })
            : undefined
        }
      />
    </section>
  );
}

function ProfessionalSummary({ data }: { data: AdvancedResponse }) {
  const { t } = useTranslation('advanced');
  const f = useFormat();
  if (data.professional_summary.length === 0) return null;
  return (
    <section
      data-testid="advanced-summary"
      aria-labelledby="advanced-summary-title"
      className="space-y-2 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-800"
    >
      <h2 id="advanced-summary-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        <FormulaLink id="advSummary">{t('summaryTitle')}</FormulaLink>
      </h2>
      <ul className="space-y-1 text-sm text-slate-700 dark:text-slate-300">
        {data.professional_summary.map((line) => (
          <li key={line.key}>
            {t(line.key.replace(/^advanced\./, ''), {
              ...Object.fromEntries(
                Object.entries(line.values).map(([k, v]) => [
                  k,
                  // Changes read as sizes ("down 10.4 %"): the key already says the direction.
                  typeof v === 'number'
                    ? f.number(k === 'change_pct' ? Math.abs(v) : v, Number.isInteger(v) ? 0 : 1)
                    : v,
                ]),
              ),
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}
