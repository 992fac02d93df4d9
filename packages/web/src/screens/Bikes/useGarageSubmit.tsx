import { useState } from 'react';
import type { FieldError, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { errorMessage, validationMessage } from '../../lib/errors';

/**
 * What the garage's forms share after validation (each form builds its own react-hook-form with
 * schemaResolver): the request, then where an error goes: the server's field messages to their
 * fields, like the browser's own; any other failure as one message above the buttons.
 */
export function useGarageSubmit<Values extends FieldValues, Output>(
  form: UseFormReturn<Values, unknown, Output>,
  onDone: () => Promise<void>,
) {
  const { t } = useTranslation(['garage', 'bikes', 'validation', 'common']);
  const [apiError, setApiError] = useState<string>();
  /** The handler to give handleSubmit: sends, then onDone, or shows the error. */
  const sending = (send: (values: Output) => Promise<unknown>) => async (values: Output) => {
    setApiError(undefined);
    try {
      await send(values);
      await onDone();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        for (const [field, key] of Object.entries(error.fields))
          form.setError(field as Path<Values>, { message: key });
      } else setApiError(errorMessage(error, t));
    }
  };
  const errors = form.formState.errors as Partial<Record<string, FieldError>>;
  const error = (key: Path<Values>) => validationMessage(errors[key]?.message, t);
  return { t, sending, error, apiError };
}

/** The end of a garage form: the request's error, if any, then Cancel and the submit button. */
export function GarageFormActions({
  apiError,
  submitting,
  submitLabel,
  submitTestId,
  onCancel,
}: {
  apiError: string | undefined;
  submitting: boolean;
  submitLabel: string;
  submitTestId?: string;
  onCancel: () => void;
}) {
  const { t } = useTranslation('garage');
  return (
    <>
      {apiError && <Alert>{apiError}</Alert>}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button type="submit" data-testid={submitTestId} loading={submitting}>
          {submitLabel}
        </Button>
      </div>
    </>
  );
}
