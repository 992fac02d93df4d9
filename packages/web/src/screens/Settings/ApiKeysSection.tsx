import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_KEY_SCOPES, apiKeyCreateSchema } from '@vatio/schemas';
import { Check, Copy, KeyRound, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type ApiKey, type CreatedApiKey, createApiKey, listApiKeys, revokeApiKey } from '../../api/api-keys';
import { ApiError } from '../../api/client';
import { useAuth } from '../../auth/AuthProvider';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Field, Input, Select } from '../../components/ui/Input';
import { errorMessage, validationMessage } from '../../lib/errors';
import { schemaResolver } from '../../lib/form';
import { formatDateTime } from '../../lib/format';
import { Modal } from '../../components/ui/Modal';
import { queryKeys } from '../../api/query-keys';

/**
 * Settings → personal API keys (issue 12): create one (name, read or write), see its secret once
 * with a copy button, list the keys with their last use, revoke one after confirming.
 */
export function ApiKeysSection() {
  const { t, i18n } = useTranslation(['settings', 'validation', 'errors', 'common']);
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const queryKey = queryKeys.apiKeys.list(user?.id);
  const keys = useQuery({ queryKey, queryFn: listApiKeys });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<z.input<typeof apiKeyCreateSchema>, unknown, z.output<typeof apiKeyCreateSchema>>({
    resolver: schemaResolver(apiKeyCreateSchema),
    defaultValues: { name: '', scope: 'read' },
  });
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const create = useMutation({
    mutationFn: (input: z.output<typeof apiKeyCreateSchema>) => createApiKey(input),
    onSuccess: async (key) => {
      setCreated(key);
      reset();
      await queryClient.invalidateQueries({ queryKey });
    },
  });

  const submit = handleSubmit((input) => create.mutate(input));

  // The server's word on the name (a message key, like the schema's) goes under the field.
  const serverNameKey = create.error instanceof ApiError ? create.error.fields.name : undefined;
  const nameError = validationMessage(errors.name?.message ?? serverNameKey, t);

  return (
    <Card>
      <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
        <KeyRound className="h-5 w-5" aria-hidden />
        {t('apiKeys.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('apiKeys.subtitle')}</p>

      {created && <NewKeyNotice secret={created.secret} onDone={() => setCreated(null)} />}

      <form
        noValidate
        className="mt-5 grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-end"
        onSubmit={submit}
      >
        <Field label={t('apiKeys.name')} error={nameError}>
          {(props) => (
            <Input
              {...props}
              {...register('name')}
              data-testid="api-key-name"
              maxLength={80}
              placeholder={t('apiKeys.namePlaceholder')}
            />
          )}
        </Field>
        <Field label={t('apiKeys.scope')}>
          {(props) => (
            <Select {...props} {...register('scope')} data-testid="api-key-scope">
              {API_KEY_SCOPES.map((s) => (
                <option key={s} value={s}>
                  {t(`apiKeys.scopes.${s}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Button type="submit" loading={create.isPending} data-testid="api-key-create">
          {t('apiKeys.create')}
        </Button>
      </form>
      {create.isError && !serverNameKey && (
        <div className="mt-3">
          <Alert>{errorMessage(create.error, t)}</Alert>
        </div>
      )}

      <div className="mt-6">
        {keys.isError ? (
          <Alert>{errorMessage(keys.error, t)}</Alert>
        ) : keys.data && keys.data.length === 0 ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">{t('apiKeys.empty')}</p>
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-slate-700" data-testid="api-key-list">
            {keys.data?.map((key) => (
              <li
                key={key.id}
                className="flex items-center justify-between gap-4 py-3"
                data-testid="api-key-row"
              >
                <div className="min-w-0">
                  <p className="font-medium text-slate-900 dark:text-white">
                    {key.name}{' '}
                    <span className="ml-1 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-normal text-slate-600 dark:bg-slate-700 dark:text-slate-300">
                      {t(`apiKeys.scopes.${key.scope}`)}
                    </span>
                  </p>
                  <p className="text-sm text-slate-500 dark:text-slate-400">
                    <code className="font-mono">{key.prefix}…</code> ·{' '}
                    {t('apiKeys.createdAt', { date: formatDateTime(key.created_at, i18n.language) })} ·{' '}
                    <span data-testid="api-key-last-used">
                      {key.last_used_at
                        ? t('apiKeys.lastUsed', { date: formatDateTime(key.last_used_at, i18n.language) })
                        : t('apiKeys.neverUsed')}
                    </span>
                  </p>
                </div>
                <Button
                  variant="secondary"
                  className="text-red-700"
                  onClick={() => setRevoking(key)}
                  aria-label={t('apiKeys.revokeNamed', { name: key.name })}
                  data-testid="api-key-revoke"
                >
                  <Trash2 className="h-4 w-4" aria-hidden />
                  {t('apiKeys.revoke')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {revoking && <RevokeDialog apiKey={revoking} onClose={() => setRevoking(null)} />}
    </Card>
  );
}

/** The new key's secret, shown this once, with a copy button and the warning that it will not be shown again. */
function NewKeyNotice({ secret, onDone }: { secret: string; onDone: () => void }) {
  const { t } = useTranslation('settings');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div
      className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950/40"
      data-testid="api-key-secret-notice"
    >
      <p className="text-sm font-medium text-amber-900 dark:text-amber-200">{t('apiKeys.shownOnce')}</p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <Input
          readOnly
          value={secret}
          aria-label={t('apiKeys.secret')}
          className="font-mono"
          data-testid="api-key-secret"
          onFocus={(event) => event.target.select()}
        />
        <Button variant="secondary" onClick={() => void copy()} data-testid="api-key-copy">
          {copied ? <Check className="h-4 w-4" aria-hidden /> : <Copy className="h-4 w-4" aria-hidden />}
          {copied ? t('apiKeys.copied') : t('apiKeys.copy')}
        </Button>
      </div>
      <div className="mt-3 flex justify-end">
        <Button variant="ghost" onClick={onDone} data-testid="api-key-secret-done">
          {t('apiKeys.done')}
        </Button>
      </div>
    </div>
  );
}

function RevokeDialog({ apiKey, onClose }: { apiKey: ApiKey; onClose: () => void }) {
  const { t } = useTranslation(['settings', 'errors', 'common']);
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: () => revokeApiKey(apiKey.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys.list(user?.id) });
      onClose();
    },
  });
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('apiKeys.revokeTitle', { name: apiKey.name })}
      description={t('apiKeys.revokeWarning')}
    >
      {revoke.isError && (
        <div className="mb-4">
          <Alert>{errorMessage(revoke.error, t)}</Alert>
        </div>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {t('apiKeys.cancel')}
        </Button>
        <Button
          variant="danger"
          loading={revoke.isPending}
          onClick={() => revoke.mutate()}
          data-testid="api-key-revoke-confirm"
        >
          {t('apiKeys.revokeConfirm')}
        </Button>
      </div>
    </Modal>
  );
}
