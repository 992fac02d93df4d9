import {
  KNEE_FLEXION_BINI_DEG,
  KNEE_FLEXION_HOLMES_DEG,
  kneeFlexionVerdict,
  positionHints,
  saddleHeightEstimates,
} from '@vatio/analysis';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../hooks/useFormat';
import { HintList } from './HintList';
import { toDisplay, unitLabel } from './fittingForm';

/**
 * Starting-point estimates from the rider's inseam (LeMond, Hamley), the knee-flexion range at the
 * bottom of the stroke (Holmes 1994, Bini 2011) and the spec's position hints, from what was typed.
 * Guidance, not orders: docs/formulas/fitting.md.
 */
export function FittingAnalysis({
  inseamCm,
  crankLengthMm,
  saddleHeightMm,
  kneeAngleMinDeg,
  backAngleDeg,
  comfortRating,
}: {
  inseamCm: number | null;
  crankLengthMm: number | null;
  saddleHeightMm: number | null;
  kneeAngleMinDeg: number | null;
  backAngleDeg: number | null;
  comfortRating: number | null;
}) {
  const { t } = useTranslation(['fitting']);
  const format = useFormat();
  const mm = (value: number) =>
    `${format.number(toDisplay('bikeMm', value, format.units), format.units === 'imperial' ? 1 : 0)} ${unitLabel('bikeMm', format.units)}`;
  const estimates = inseamCm ? saddleHeightEstimates(inseamCm, crankLengthMm) : [];
  const lemond = estimates[0];
  const hints = positionHints({
    knee_angle_min_deg: kneeAngleMinDeg,
    back_angle_deg: backAngleDeg,
    comfort_rating: comfortRating,
  });
  return (
    <div className="space-y-4 text-sm" data-testid="fitting-analysis">
      <p className="text-slate-600 dark:text-slate-300">{t('fitting:analysis.intro')}</p>
      <section>
        <h3 className="font-semibold text-slate-900 dark:text-white">{t('fitting:analysis.saddleTitle')}</h3>
        {estimates.length === 0 ? (
          <p className="mt-1 text-slate-500 dark:text-slate-400">{t('fitting:analysis.needInseam')}</p>
        ) : (
          <ul className="mt-2 space-y-2">
            {estimates.map((e) => (
              <li
                key={e.method}
                className="rounded-lg bg-slate-50 p-3 dark:bg-slate-900"
                data-testid={`estimate-${e.method}`}
              >
                <p className="font-medium text-slate-900 dark:text-white">
                  {t(`fitting:analysis.${e.method}`, { height: mm(e.height_mm) })}
                </p>
                <p className="text-xs text-slate-500 dark:text-slate-400">
                  {t(`fitting:analysis.${e.method}How`)}
                  {e.method === 'hamley' &&
                    e.from_bb_mm !== null &&
                    ` ${t('fitting:analysis.hamleyFromBb', { height: mm(e.from_bb_mm) })}`}
                  {' · '}
                  {e.source}
                </p>
              </li>
            ))}
          </ul>
        )}
        {lemond && saddleHeightMm !== null && (
          <p className="mt-2 text-slate-700 dark:text-slate-200" data-testid="saddle-vs-lemond">
            {t('fitting:analysis.yourSaddle', {
              height: mm(saddleHeightMm),
              difference: `${saddleHeightMm - lemond.height_mm >= 0 ? '+' : '−'}${mm(Math.abs(saddleHeightMm - lemond.height_mm))}`,
            })}
          </p>
        )}
      </section>
      <section>
        <h3 className="font-semibold text-slate-900 dark:text-white">{t('fitting:analysis.kneeTitle')}</h3>
        <p className="mt-1 text-slate-700 dark:text-slate-200">
          {t('fitting:analysis.kneeRange', {
            holmesMin: KNEE_FLEXION_HOLMES_DEG.min,
            holmesMax: KNEE_FLEXION_HOLMES_DEG.max,
            biniMin: KNEE_FLEXION_BINI_DEG.min,
            biniMax: KNEE_FLEXION_BINI_DEG.max,
          })}
        </p>
        {kneeAngleMinDeg !== null && (
          <p className="mt-1 font-medium text-slate-900 dark:text-white" data-testid="knee-verdict">
            {t(`fitting:analysis.knee.${kneeFlexionVerdict(kneeAngleMinDeg)}`, {
              value: format.number(kneeAngleMinDeg, 1),
            })}
          </p>
        )}
      </section>
      <section>
        <h3 className="font-semibold text-slate-900 dark:text-white">{t('fitting:analysis.hintsTitle')}</h3>
        {hints.length === 0 ? (
          <p className="mt-1 text-slate-500 dark:text-slate-400">{t('fitting:analysis.noHints')}</p>
        ) : (
          <HintList hints={hints} />
        )}
      </section>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        {t('fitting:analysis.guidance')}{' '}
        <a href="/formulas/fitting" className="font-medium text-brand-700 underline dark:text-brand-500">
          {t('fitting:analysis.formulas')}
        </a>
      </p>
    </div>
  );
}
