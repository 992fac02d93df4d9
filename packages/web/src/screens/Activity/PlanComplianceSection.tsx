import { CalendarCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ActivityDetail } from '../../api/activity-types';
import { useFormat } from '../../hooks/useFormat';
import { Missing, Section, Stat } from './parts';

type Compliance = NonNullable<ActivityDetail['plan_compliance']>;

/**
 * How this ride followed its day's planned workout (GET /api/activities/:id `plan_compliance`, the
 * server's analysis workoutCompliance): the score and its parts, as the plan's day shows them. Only a
 * ride the plan compares with its day has one; without power the figures are "—" with the reason.
 */
export function PlanComplianceSection({ compliance }: { compliance: Compliance }) {
  const { t, i18n } = useTranslation('activity');
  const f = useFormat();
  const pct = (ratio: number | null) => (ratio === null ? '—' : `${f.number(ratio * 100)} %`);
  const day = new Intl.DateTimeFormat(i18n.language === 'es' ? 'es' : 'en', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${compliance.date}T12:00:00Z`));
  return (
    <Section
      testId="ride-plan-compliance"
      title={
        <span className="flex items-center gap-2">
          <CalendarCheck className="h-5 w-5 text-emerald-600" aria-hidden />
          {t('planCompliance.title')}
        </span>
      }
      subtitle={t('planCompliance.subtitle', { day })}
      actions={
        <Link
          to="/training-plan"
          className="text-sm font-semibold text-brand-700 hover:underline dark:text-brand-500"
        >
          {t('planCompliance.open')}
        </Link>
      }
    >
      {compliance.unavailable ? (
        <Missing>{t(`planCompliance.unavailable.${compliance.unavailable}`)}</Missing>
      ) : (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Stat
            label={t('planCompliance.score')}
            value={compliance.score === null ? '—' : `${f.number(compliance.score)} %`}
          />
          <Stat label={t('planCompliance.inTarget')} value={pct(compliance.in_target_fraction)} />
          <Stat label={t('planCompliance.duration')} value={pct(compliance.duration_ratio)} />
          <Stat label={t('planCompliance.tss')} value={pct(compliance.tss_ratio)} />
        </dl>
      )}
    </Section>
  );
}
