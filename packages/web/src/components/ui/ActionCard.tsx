import type { ReactNode } from 'react';
import { Card } from './Card';

/** A card offering one action: icon and title, a sentence, then the action (a button or link). */
export function ActionCard({
  icon,
  title,
  text,
  action,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  action: ReactNode;
}) {
  return (
    <Card className="flex flex-col gap-3 p-5">
      <div className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white">
        <span className="text-brand-600">{icon}</span>
        {title}
      </div>
      <p className="flex-1 text-sm text-slate-600 dark:text-slate-300">{text}</p>
      {action}
    </Card>
  );
}
