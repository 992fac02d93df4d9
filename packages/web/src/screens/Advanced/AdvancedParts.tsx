import type { AdvancedResponse } from '@vatio/schemas';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Badge, Figure, FormulaLink, Segmented, type Tone } from '../../components/analytics/AnalysisParts';

export { Badge, Figure, FormulaLink, Segmented, type Tone };

/** 0–100 scores: ≥ 70 green, ≥ 40 amber, else red. */
export const scoreTone = (score: number): Tone => (score >= 70 ? 'green' : score >= 40 ? 'amber' : 'red');

/** A section of a tab: a heading and its content in a card. */
export function Section({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section
      data-testid={testId}
      className="min-w-0 space-y-3 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-800"
    >
      <h3 className="font-semibold text-slate-900 dark:text-white">{title}</h3>
      {children}
    </section>
  );
}

/** What the data lacks for a tab's figures, in words. */
export function Needs({ needs, testId }: { needs: AdvancedResponse['needs']; testId?: string }) {
  const { t } = useTranslation('advanced');
  if (needs.length === 0) return null;
  return (
    <ul
      data-testid={testId}
      className="space-y-1 rounded-lg bg-slate-50 p-3 text-sm text-slate-700 dark:bg-slate-900/50 dark:text-slate-300"
    >
      {needs.map((need) => (
        <li key={need}>• {t(`needs.${need}`)}</li>
      ))}
    </ul>
  );
}
