import type { PositionHint } from '@vatio/analysis';
import { AlertTriangle, Info, OctagonAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../hooks/useFormat';
import { cn } from '../../components/ui/cn';

const STYLE = {
  info: 'border-sky-200 bg-sky-50 text-sky-900 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100',
  warning:
    'border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100',
  critical: 'border-red-200 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
} as const;
const ICON = { info: Info, warning: AlertTriangle, critical: OctagonAlert } as const;

/** The spec §5 position hints, coloured by severity, with the value they are about. */
export function HintList({ hints }: { hints: readonly Pick<PositionHint, 'code' | 'severity' | 'value'>[] }) {
  const { t } = useTranslation('fitting');
  const format = useFormat();
  return (
    <ul className="mt-2 space-y-2" data-testid="position-hints">
      {hints.map((hint) => {
        const Icon = ICON[hint.severity];
        return (
          <li
            key={hint.code}
            data-severity={hint.severity}
            className={cn('flex items-start gap-2 rounded-lg border px-3 py-2 text-sm', STYLE[hint.severity])}
          >
            <Icon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            <span>
              <span className="sr-only">{t(`severity.${hint.severity}`)}: </span>
              {t(`hints.${hint.code}`, {
                value: format.number(hint.value, hint.code === 'comfort_low' ? 0 : 1),
              })}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
