import { CalendarPlus, Copy, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { revokeCalendarToken, rotateCalendarToken, useCalendarToken, usePlanMutation } from '../../api/plan';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Input } from '../../components/ui/Input';
import { useFormat } from '../../hooks/useFormat';
import { PlanError } from './PlanError';

/**
 * The private calendar feed (.ics) of the plan: create it, rotate it (the old address stops working),
 * revoke it, and copy its address. The server keeps only the token's hash, so the address is shown
 * once, right after it is made.
 */
export function CalendarFeed() {
  const { t, i18n } = useTranslation('plan');
  const f = useFormat();
  const status = useCalendarToken();
  const [url, setUrl] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const rotate = usePlanMutation(() => rotateCalendarToken());
  const revoke = usePlanMutation(() => revokeCalendarToken());
  const language = i18n.language === 'es' ? 'es' : 'en';
  const active = status.data?.active ?? false;

  const create = () =>
    rotate.mutate(undefined, {
      onSuccess: (created) => {
        const address = new URL(created.path, window.location.origin);
        address.searchParams.set('lang', language);
        setUrl(address.toString());
        setCopied(false);
      },
    });
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // No clipboard API (a page served over plain http): the address is selected for the rider to copy.
      const input = document.getElementById('feed-url');
      if (input instanceof HTMLInputElement) input.select();
      setCopied(false);
    }
  };

  return (
    <Card className="space-y-3 p-4" data-testid="calendar-feed">
      <h2 className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white">
        <CalendarPlus className="h-4 w-4 text-brand-600" aria-hidden />
        {t('feed.title')}
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('feed.subtitle')}</p>
      <p className="text-sm text-slate-700 dark:text-slate-200" data-testid="feed-status">
        {active ? t('feed.active', { date: f.date(status.data?.created_at ?? null) }) : t('feed.inactive')}
      </p>
      {url && (
        <div className="space-y-1">
          <label className="block text-xs font-medium text-slate-600 dark:text-slate-300" htmlFor="feed-url">
            {t('feed.url')}
          </label>
          <div className="flex gap-2">
            <Input
              id="feed-url"
              readOnly
              value={url}
              onFocus={(e) => e.target.select()}
              className="font-mono text-xs"
              data-testid="feed-url"
            />
            <Button
              variant="secondary"
              onClick={() => void copy()}
              aria-label={t('feed.copy')}
              data-testid="feed-copy"
            >
              <Copy className="h-4 w-4" aria-hidden />
            </Button>
          </div>
          <p role="status" className="text-xs text-slate-500 dark:text-slate-400">
            {copied ? t('feed.copied') : t('feed.shownOnce')}
          </p>
        </div>
      )}
      <PlanError error={rotate.error ?? revoke.error ?? status.error} />
      <div className="flex flex-wrap gap-2">
        <Button
          variant={active ? 'secondary' : 'primary'}
          loading={rotate.isPending}
          onClick={create}
          data-testid="feed-create"
        >
          {active ? (
            <RefreshCw className="h-4 w-4" aria-hidden />
          ) : (
            <CalendarPlus className="h-4 w-4" aria-hidden />
          )}
          {t(active ? 'feed.rotate' : 'feed.create')}
        </Button>
        {active && (
          <Button
            variant="ghost"
            loading={revoke.isPending}
            onClick={() => revoke.mutate(undefined, { onSuccess: () => setUrl(null) })}
            data-testid="feed-revoke"
          >
            <Trash2 className="h-4 w-4" aria-hidden />
            {t('feed.revoke')}
          </Button>
        )}
      </div>
    </Card>
  );
}
