import { Zap } from 'lucide-react';
import { Link } from 'react-router';

export function Logo({ to = '/' }: { to?: string }) {
  return (
    <Link to={to} className="flex items-center gap-2 font-bold text-slate-900 dark:text-white">
      <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-brand-600 text-white">
        <Zap className="h-5 w-5" aria-hidden />
      </span>
      <span className="text-lg tracking-tight">Vatio</span>
    </Link>
  );
}
