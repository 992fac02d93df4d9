import type { PredictiveResponse } from '@vatio/schemas';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../hooks/useFormat';
import { formatSigned, levelTone, missingInputsKey } from './analyticsLoadFormat';
import { Badge, FormulaLink } from './TrainingLoadParts';
import { useAnalyticsSource } from './useAnalyticsLoad';

const box = 'rounded-lg border border-slate-200 p-4 dark:border-slate-700';
const h3 = 'font-semibold text-slate-900 dark:text-white';
const body = 'mt-2 text-sm text-slate-700 dark:text-slate-200';

function Prediction({ data }: { data: PredictiveResponse }) {
  const { t } = useTranslation('predictive');
  const f = useFormat();
  const example = useAnalyticsSource() === 'example';
  const p = data.predicted_ftp;
  return (
    <section className={box}>
      <h3 className={h3}>{t('ftp.title')}</h3>
      {data.current_ftp ? (
        <p className={body}>
          {t('ftp.current')}{' '}
          <FormulaLink id="predictedFtp" className="font-semibold">
            {f.watts(data.current_ftp.value)}
          </FormulaLink>{' '}
          (
          {t(`${example ? 'ftp.sourceExample' : 'ftp.source'}.${data.current_ftp.source}`, {
            date: f.date(data.current_ftp.from),
          })}
          )
        </p>
      ) : null}
      {p ? (
        <p className={body}>
          {t('ftp.trend', { count: p.points.length, days: p.in_days })}{' '}
          <FormulaLink id="predictedFtp" className="font-semibold">
            {t('ftp.rate', { value: formatSigned(p.rate_w_per_week, f.language, 1) })}
          </FormulaLink>
          {'. '}
          {t('ftp.interval', { low: f.number(p.low), high: f.number(p.high) })}
        </p>
      ) : (
        <p className={body}>{t('ftp.none')}</p>
      )}
    </section>
  );
}

function Plateau({ data }: { data: PredictiveResponse }) {
  const { t } = useTranslation('predictive');
  const f = useFormat();
  const r = data.plateau_risk;
  return (
    <section className={box} data-testid="plateau-risk">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className={h3}>{t('plateau.title')}</h3>
        {r ? <Badge tone={levelTone(r.level)}>{t(`plateau.level.${r.level}`)}</Badge> : null}
      </div>
      {r ? (
        <>
          <p className={body}>
            <FormulaLink id="plateau" className="font-semibold">
              {f.number(r.value, 2)}
            </FormulaLink>{' '}
            {t('plateau.scale')}
          </p>
          <p className={body}>
            {t(r.ftp_flat ? 'plateau.ftpFlat' : 'plateau.ftpMoving')}{' '}
            {t(r.fitness_flat ? 'plateau.fitnessFlat' : 'plateau.fitnessMoving', {
              value: formatSigned(r.ctl_change_28d, f.language, 1),
            })}
          </p>
        </>
      ) : (
        <p className={body}>{t('plateau.none')}</p>
      )}
    </section>
  );
}

function Profile({ data }: { data: PredictiveResponse }) {
  const { t } = useTranslation('predictive');
  const f = useFormat();
  const example = useAnalyticsSource() === 'example';
  const profile = data.power_profile;
  return (
    <section className={box} data-testid="power-profile">
      <h3 className={h3}>{t('profile.title')}</h3>
      {profile ? (
        <>
          <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
            {t('profile.source', {
              table: t(`profile.table.${profile.table}`),
              weight: f.weight(profile.weight_kg),
            })}
            {!profile.sex_said && (
              <span data-testid="profile-table-not-said">
                {' '}
                {t(example ? 'profile.tableNotSaidExample' : 'profile.tableNotSaid')}
              </span>
            )}
          </p>
          <ul className="mt-3 space-y-3">
            {profile.points.map((point) => (
              <li key={point.key} className="text-sm">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="font-medium text-slate-800 dark:text-slate-100">
                    {t(`profile.point.${point.key}`)}
                  </span>
                  <span className="text-slate-700 dark:text-slate-200">
                    <FormulaLink id="powerProfile" className="font-semibold">
                      {t('profile.wkg', { value: f.number(point.w_per_kg, 2) })}
                    </FormulaLink>{' '}
                    · {f.watts(point.power_w)}·{' '}
                    {point.category ? t(`profile.category.${point.category}`) : t('profile.belowChart')}
                  </span>
                </div>
                <div
                  className="mt-1 h-2 rounded-full bg-slate-100 dark:bg-slate-700"
                  role="img"
                  aria-label={t('profile.score', { value: f.number(point.score) })}
                >
                  <div
                    className="h-2 rounded-full bg-brand-600"
                    style={{ width: `${Math.max(2, Math.min(100, point.score))}%` }}
                  />
                </div>
              </li>
            ))}
          </ul>
          <p className={body}>
            {profile.rider_type ? (
              <>
                {t('profile.riderType')}{' '}
                <FormulaLink id="riderType" className="font-semibold">
                  {t(`profile.type.${profile.rider_type}`)}
                </FormulaLink>
                {'. '}
                {t(`profile.typeMeaning.${profile.rider_type}`)}
              </>
            ) : (
              t('profile.noType')
            )}
          </p>
        </>
      ) : (
        <p className={body}>{t(`profile.${missingInputsKey(data.needs)}`)}</p>
      )}
    </section>
  );
}

/** FTP tab: the prediction with its interval, plateau risk, and the power profile with the rider type. */
export function PredictiveFtpTab({ data }: { data: PredictiveResponse }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="space-y-4">
        <Prediction data={data} />
        <Plateau data={data} />
      </div>
      <Profile data={data} />
    </div>
  );
}
