import type { PredictiveResponse } from '@vatio/schemas';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../hooks/useFormat';
import { confidenceTone, formatSigned, formTone } from './analyticsLoadFormat';
import { Badge, Figure } from './TrainingLoadParts';
import { useAnalyticsSource } from './useAnalyticsLoad';

/** The four summary cards (spec 001 §2.2): predicted FTP, TSB and form, confidence, days to a test. */
export function PredictiveCards({ data }: { data: PredictiveResponse }) {
  const { t } = useTranslation('predictive');
  const f = useFormat();
  const p = data.predicted_ftp;
  const lacking = t('cards.lacking');
  const ftpSource = useAnalyticsSource() === 'example' ? 'ftp.sourceExample' : 'ftp.source';
  return (
    <section aria-label={t('cards.label')} className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <Figure
        testId="card-predicted-ftp"
        label={t('cards.predictedFtp')}
        formula="predictedFtp"
        value={p ? f.number(p.value) : lacking}
        unit={p ? 'W' : undefined}
        badge={
          p && p.delta !== null ? (
            <Badge tone={p.delta > 0 ? 'green' : p.delta < 0 ? 'red' : 'slate'}>
              {t('cards.delta', { value: formatSigned(p.delta, f.language) })}
            </Badge>
          ) : undefined
        }
        hint={
          p
            ? `${t('cards.predictedRange', { low: f.number(p.low), high: f.number(p.high), days: p.in_days })}${
                data.current_ftp
                  ? `. ${t('cards.versus', { current: f.number(data.current_ftp.value), source: t(`${ftpSource}.${data.current_ftp.source}`, { date: f.date(data.current_ftp.from) }) })}`
                  : ''
              }`
            : t('cards.seeNeeds')
        }
      />
      <Figure
        testId="card-tsb"
        label={t('cards.tsb')}
        formula="tsb"
        value={data.form ? formatSigned(data.form.tsb, f.language, 1) : lacking}
        badge={
          data.form ? (
            <Badge tone={formTone(data.form.state)}>{t(`form.${data.form.state}`)}</Badge>
          ) : undefined
        }
        hint={data.form ? t(`formMeaning.${data.form.state}`) : t('cards.seeNeeds')}
      />
      <Figure
        testId="card-confidence"
        label={t('cards.confidence')}
        formula="confidence"
        value={data.confidence ? t(`confidence.${data.confidence}`) : lacking}
        badge={
          data.confidence && p ? (
            <Badge tone={confidenceTone(data.confidence)}>
              {t('cards.r2', { value: f.number(p.r2, 2) })}
            </Badge>
          ) : undefined
        }
        hint={
          data.confidence
            ? [
                t('cards.confidenceHint', { maximal: data.counts.maximal_efforts, rides: data.counts.rides }),
                // What held the level down (few estimates in the trend line, or a weak fit), said in words.
                data.confidence_basis?.capped_by
                  ? t(`cards.confidenceCap.${data.confidence_basis.capped_by}`, {
                      count: data.confidence_basis.fit_points,
                      r2: f.number(data.confidence_basis.r2, 2),
                    })
                  : null,
              ]
                .filter(Boolean)
                .join(' ')
            : t('cards.seeNeeds')
        }
      />
      <Figure
        testId="card-days-to-test"
        label={t('cards.daysToTest')}
        formula="daysToTest"
        value={data.days_to_test ? f.number(data.days_to_test.days) : lacking}
        unit={data.days_to_test ? t('cards.days', { count: data.days_to_test.days }) : undefined}
        hint={
          data.days_to_test
            ? t(`testReason.${data.days_to_test.reason}`, {
                date: f.date(data.days_to_test.last_maximal_effort),
              })
            : t('cards.seeNeeds')
        }
      />
    </section>
  );
}
