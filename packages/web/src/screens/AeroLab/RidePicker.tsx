import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listActivities, searchActivities } from '../../api/activities';
import { queryKeys } from '../../api/query-keys';
import { useAuth } from '../../auth/AuthProvider';
import { Input } from '../../components/ui/Input';
import { useFormat } from '../../hooks/useFormat';

/** Searchable list of the rider's rides (the latest ten before a search). */
export function RidePicker({ selected, onPick }: { selected: string | null; onPick: (id: string) => void }) {
  const { t } = useTranslation('analytics');
  const { user } = useAuth();
  const [q, setQ] = useState('');
  const text = q.trim();
  const rides = useQuery({
    queryKey: text ? queryKeys.activities.search(user?.id, text) : queryKeys.activities.latest(user?.id),
    queryFn: async () =>
      text ? (await searchActivities(text, 10)).activities : (await listActivities({ limit: 10 })).activities,
  });
  const format = useFormat();
  return (
    <div className="space-y-2">
      <label
        className="block text-sm font-medium text-slate-700 dark:text-slate-200"
        htmlFor="aero-ride-search"
      >
        {t('aeroLab.pickRide')}
      </label>
      <Input
        id="aero-ride-search"
        type="search"
        value={q}
        placeholder={t('aeroLab.searchPlaceholder')}
        onChange={(e) => setQ(e.target.value)}
      />
      <ul
        className="max-h-56 overflow-y-auto rounded-lg border border-slate-200 dark:border-slate-700"
        data-testid="aero-ride-list"
      >
        {(rides.data ?? []).map((ride) => (
          <li key={ride.id}>
            <button
              type="button"
              onClick={() => onPick(ride.id)}
              aria-pressed={ride.id === selected}
              className={`flex w-full items-baseline justify-between gap-2 px-3 py-2 text-left text-sm hover:bg-slate-50 dark:hover:bg-slate-800 ${
                ride.id === selected ? 'bg-brand-50 font-semibold dark:bg-slate-800' : ''
              }`}
            >
              <span className="truncate">{ride.name}</span>
              <span className="shrink-0 text-xs text-slate-500">{format.date(ride.start_date)}</span>
            </button>
          </li>
        ))}
        {rides.data?.length === 0 && (
          <li className="px-3 py-2 text-sm text-slate-500">{t('aeroLab.noRides')}</li>
        )}
      </ul>
    </div>
  );
}
