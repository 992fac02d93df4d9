import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { Alert } from '../../components/ui/Alert';
import { errorMessage, validationMessage } from '../../lib/errors';

/**
 * An API failure in the rider's language: each field's message key through the `validation`
 * namespace when the server named fields, else the error code through `errors`.
 */
export function PlanError({ error, except = [] }: { error: unknown; except?: readonly string[] }) {
  const { t } = useTranslation(['plan', 'validation', 'errors', 'common']);
  if (!error) return null;
  const named = error instanceof ApiError ? Object.entries(error.fields) : [];
  // Fields a form already shows beside their input are left out here.
  const fields = named.filter(([field]) => !except.includes(field)).map(([, key]) => key);
  if (named.length > 0 && fields.length === 0) return null;
  const messages =
    fields.length > 0 ? fields.map((key) => validationMessage(key, t) ?? '') : [errorMessage(error, t)];
  return (
    <div data-testid="plan-error">
      <Alert>
        {messages.length === 1 ? (
          messages[0]
        ) : (
          <ul className="list-disc pl-4">
            {messages.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        )}
      </Alert>
    </div>
  );
}
