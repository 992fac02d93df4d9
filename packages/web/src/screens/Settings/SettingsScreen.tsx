import * as Switch from '@radix-ui/react-switch';
import { useMutation } from '@tanstack/react-query';
import type { SettingsUpdate } from '@vatio/schemas';
import { Check, Loader2 } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { updateSettings } from '../../api/endpoints';
import type { Settings } from '../../api/types';
import { useAuth } from '../../auth/AuthProvider';
import { Alert } from '../../components/ui/Alert';
import { Select } from '../../components/ui/Input';
import { setLanguage } from '../../i18n';
import { isLanguage, SUPPORTED_LANGUAGES } from '../../i18n/resources';
import { errorMessage } from '../../lib/errors';
import { applyTheme } from '../../lib/theme';
import { DataSection } from './DataSection';
import { AthleteSettingsSection } from './AthleteSettingsSection';
import { ApiKeysSection } from './ApiKeysSection';
import { SessionsSection } from './SessionsSection';

const THEMES = ['light', 'dark', 'system'] as const;
const UNITS = ['metric', 'imperial'] as const;

const DEFAULTS: Settings = {
  notifications: true,
  theme: 'system',
  auto_sync: true,
  language: null,
  units: 'metric',
};

/**
 * /settings (spec 001 §2.11, made real): every change is applied at once and saved on the server;
 * theme and language take effect immediately; the data section exports everything or deletes the account.
 */
export function SettingsScreen() {
  const { t, i18n } = useTranslation(['settings', 'common']);
  const { settings, refresh } = useAuth();
  // Changes not yet confirmed by the server, shown over the stored settings.
  const [pending, setPending] = useState<SettingsUpdate>({});
  const current: Settings = { ...DEFAULTS, ...settings, ...pending };

  const save = useMutation({
    mutationFn: (update: SettingsUpdate) => updateSettings(update),
    onSettled: async (_data, _error, update) => {
      await refresh();
      setPending((previous) => {
        const next = { ...previous };
        for (const key of Object.keys(update) as (keyof SettingsUpdate)[]) {
          if (next[key] === update[key]) delete next[key];
        }
        return next;
      });
    },
    onError: () => {
      // Back to what the server has: undo the theme/language already applied.
      if (settings) {
        applyTheme(settings.theme);
        if (settings.language) setLanguage(settings.language);
      }
    },
  });

  const change = (update: SettingsUpdate) => {
    setPending((previous) => ({ ...previous, ...update }));
    if (update.theme) applyTheme(update.theme);
    if (update.language) setLanguage(update.language);
    save.mutate(update);
  };

  const language = isLanguage(i18n.language) ? i18n.language : (current.language ?? 'en');

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
            {t('title')}
          </h1>
          <p className="mt-1 text-slate-600 dark:text-slate-300">{t('subtitle')}</p>
        </div>
        <p role="status" aria-live="polite" className="min-h-5 text-sm" data-testid="settings-status">
          {save.isPending ? (
            <span className="inline-flex items-center gap-1.5 text-slate-500">
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
              {t('saving')}
            </span>
          ) : save.isSuccess ? (
            <span className="inline-flex items-center gap-1.5 font-medium text-emerald-700 dark:text-emerald-400">
              <Check className="h-4 w-4" aria-hidden />
              {t('saved')}
            </span>
          ) : null}
        </p>
      </div>

      {save.isError && <Alert>{t('saveFailed', { reason: errorMessage(save.error, t) })}</Alert>}

      <Panel>
        <h2 className="px-6 pt-6 text-lg font-semibold text-slate-900 dark:text-white">
          {t('general.title')}
        </h2>
        <ul className="divide-y divide-slate-200 dark:divide-slate-700">
          <ToggleRow
            testId="settings-notifications"
            label={t('general.notifications')}
            description={t('general.notificationsText')}
            checked={current.notifications}
            onChange={(notifications) => change({ notifications })}
          />
          <ToggleRow
            testId="settings-auto-sync"
            label={t('general.autoSync')}
            description={t('general.autoSyncText')}
            checked={current.auto_sync}
            onChange={(auto_sync) => change({ auto_sync })}
          />
        </ul>
      </Panel>

      <Panel>
        <h2 className="px-6 pt-6 text-lg font-semibold text-slate-900 dark:text-white">
          {t('appearance.title')}
        </h2>
        <ul className="divide-y divide-slate-200 dark:divide-slate-700">
          <SelectRow label={t('appearance.theme')} description={t('appearance.themeText')}>
            {(id) => (
              <Select
                id={id}
                data-testid="settings-theme"
                value={current.theme}
                onChange={(event) => {
                  const value = THEMES.find((theme) => theme === event.target.value);
                  if (value) change({ theme: value });
                }}
              >
                {THEMES.map((theme) => (
                  <option key={theme} value={theme}>
                    {t(`appearance.themes.${theme}`)}
                  </option>
                ))}
              </Select>
            )}
          </SelectRow>
          <SelectRow label={t('appearance.language')} description={t('appearance.languageText')}>
            {(id) => (
              <Select
                id={id}
                data-testid="settings-language"
                value={language}
                onChange={(event) => {
                  const value = event.target.value;
                  if (isLanguage(value)) change({ language: value });
                }}
              >
                {SUPPORTED_LANGUAGES.map((code) => (
                  <option key={code} value={code}>
                    {t(`common:language.${code}`)}
                  </option>
                ))}
              </Select>
            )}
          </SelectRow>
          <SelectRow label={t('appearance.units')} description={t('appearance.unitsText')}>
            {(id) => (
              <Select
                id={id}
                data-testid="settings-units"
                value={current.units}
                onChange={(event) => {
                  const value = UNITS.find((unit) => unit === event.target.value);
                  if (value) change({ units: value });
                }}
              >
                {UNITS.map((unit) => (
                  <option key={unit} value={unit}>
                    {t(`appearance.unitOptions.${unit}`)}
                  </option>
                ))}
              </Select>
            )}
          </SelectRow>
        </ul>
      </Panel>

      <AthleteSettingsSection />

      <ApiKeysSection />

      <SessionsSection />

      <DataSection />
    </div>
  );
}

/** A card whose rows run edge to edge (the shared Card pads its content). */
function Panel({ children }: { children: ReactNode }) {
  return (
    <section className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-slate-800">
      {children}
    </section>
  );
}

function ToggleRow({
  label,
  description,
  checked,
  onChange,
  testId,
}: {
  label: string;
  description: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  testId: string;
}) {
  const id = useId();
  return (
    <li className="flex items-center justify-between gap-4 px-6 py-4">
      <div className="min-w-0">
        <label htmlFor={id} className="font-medium text-slate-900 dark:text-white">
          {label}
        </label>
        <p id={`${id}-description`} className="text-sm text-slate-500 dark:text-slate-400">
          {description}
        </p>
      </div>
      <Switch.Root
        id={id}
        data-testid={testId}
        checked={checked}
        onCheckedChange={onChange}
        aria-describedby={`${id}-description`}
        className="relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full bg-slate-300 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 data-[state=checked]:bg-brand-600 dark:bg-slate-600"
      >
        <Switch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5.5" />
      </Switch.Root>
    </li>
  );
}

function SelectRow({
  label,
  description,
  children,
}: {
  label: string;
  description: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <li className="flex flex-col gap-3 px-6 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <label htmlFor={id} className="font-medium text-slate-900 dark:text-white">
          {label}
        </label>
        <p className="text-sm text-slate-500 dark:text-slate-400">{description}</p>
      </div>
      <div className="sm:w-56">{children(id)}</div>
    </li>
  );
}
