import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../components/ui/Button';
import { validationMessage } from '../../../lib/errors';
import { schemaResolver } from '../../../lib/form';

/** The rename form: the API's own rule (at most 100 characters; empty means the default name). */
const renameFormSchema = z.object({ name: z.string().trim().max(100, 'text_too_long') });

export function SegmentRenameForm({
  initialName,
  placeholder,
  onSave,
}: {
  initialName: string;
  placeholder: string;
  onSave: (name: string | null) => void;
}) {
  const { t } = useTranslation('analytics');
  const form = useForm<{ name: string }, unknown, { name: string }>({
    resolver: schemaResolver(renameFormSchema),
    defaultValues: { name: initialName },
  });
  const error = validationMessage(form.formState.errors.name?.message, t);
  const submit = form.handleSubmit(({ name }) => onSave(name || null));
  return (
    <form className="flex w-full flex-wrap gap-2" onSubmit={submit} noValidate>
      <input
        aria-label={t('segments.newName')}
        aria-invalid={error ? true : undefined}
        data-testid="segment-name-input"
        placeholder={placeholder}
        {...form.register('name')}
        className="min-h-9 min-w-0 flex-1 rounded-md border border-slate-300 px-2 text-sm dark:border-slate-600 dark:bg-slate-900 dark:text-white"
      />
      <Button type="submit" data-testid="segment-name-save">
        {t('segments.save')}
      </Button>
      {error && (
        <p role="alert" className="w-full text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </form>
  );
}
