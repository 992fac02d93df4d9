import * as Tabs from '@radix-ui/react-tabs';
import { Mail, Smartphone } from 'lucide-react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field, Input } from '../../components/ui/Input';
import type { ContactType } from './authNavigation';

const triggerClass =
  'flex min-h-10 items-center justify-center gap-2 rounded-md px-3 py-2 text-sm font-semibold text-slate-600 transition-colors hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 data-[state=active]:bg-white data-[state=active]:text-brand-700 data-[state=active]:shadow-sm dark:text-slate-300 dark:hover:text-white dark:data-[state=active]:bg-slate-700 dark:data-[state=active]:text-white';

/**
 * E-mail / phone tabs with the matching contact input (spec 000 §2 /auth/login, /auth/signup).
 * Each input is a registered field of the form (`fields`), so the form keeps both values.
 */
export function ContactTabs({
  type,
  onTypeChange,
  fields,
  error,
  disabled,
}: {
  type: ContactType;
  onTypeChange: (type: ContactType) => void;
  fields: { email: UseFormRegisterReturn<'email'>; phone: UseFormRegisterReturn<'phone'> };
  error?: string | undefined;
  disabled?: boolean;
}) {
  const { t } = useTranslation('auth');
  return (
    <Tabs.Root
      value={type}
      onValueChange={(value) => {
        if (value === 'email' || value === 'sms') onTypeChange(value);
      }}
    >
      <Tabs.List
        aria-label={t('tabs.label')}
        className="grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-900"
      >
        <Tabs.Trigger value="email" data-testid="tab-email" className={triggerClass}>
          <Mail className="h-4 w-4" aria-hidden />
          {t('tabs.email')}
        </Tabs.Trigger>
        <Tabs.Trigger value="sms" data-testid="tab-phone" className={triggerClass}>
          <Smartphone className="h-4 w-4" aria-hidden />
          {t('tabs.phone')}
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="email" className="mt-5 focus-visible:outline-none">
        <Field label={t('contact.emailLabel')} error={error}>
          {(props) => (
            <Input
              {...props}
              data-testid="contact-input"
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder={t('contact.emailPlaceholder')}
              disabled={disabled}
              {...fields.email}
            />
          )}
        </Field>
      </Tabs.Content>
      <Tabs.Content value="sms" className="mt-5 focus-visible:outline-none">
        <Field label={t('contact.phoneLabel')} error={error} hint={t('contact.phoneHint')}>
          {(props) => (
            <Input
              {...props}
              data-testid="contact-input"
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              placeholder="+34 600 000 000"
              disabled={disabled}
              {...fields.phone}
            />
          )}
        </Field>
      </Tabs.Content>
    </Tabs.Root>
  );
}
