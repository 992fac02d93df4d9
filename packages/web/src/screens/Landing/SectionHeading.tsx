import type { ReactNode } from 'react';
import { cn } from '../../components/ui/cn';

/** The eyebrow, title and lead paragraph that open each landing section. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  lead,
  align = 'center',
  tone = 'light',
}: {
  /** Id of the h2, for the section's aria-labelledby. */
  id: string;
  eyebrow: string;
  title: ReactNode;
  lead?: ReactNode;
  align?: 'center' | 'left';
  tone?: 'light' | 'dark';
}) {
  return (
    <div className={cn('max-w-3xl', align === 'center' && 'mx-auto text-center')}>
      <p
        className={cn(
          'text-sm font-semibold uppercase tracking-wider',
          tone === 'light' ? 'text-brand-600 dark:text-brand-500' : 'text-orange-300',
        )}
      >
        {eyebrow}
      </p>
      <h2
        id={id}
        className={cn(
          'mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl',
          tone === 'light' ? 'text-slate-900 dark:text-white' : 'text-white',
        )}
      >
        {title}
      </h2>
      {lead && (
        <p
          className={cn(
            'mt-4 text-lg text-pretty',
            tone === 'light' ? 'text-slate-600 dark:text-slate-300' : 'text-slate-300',
          )}
        >
          {lead}
        </p>
      )}
    </div>
  );
}
