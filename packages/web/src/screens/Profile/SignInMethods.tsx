import { emailSchema, phoneSchema } from '@vatio/schemas';
import { Mail, Phone } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { type Contact, requestContactLink, verifyContactLink } from '../../api/endpoints';
import { useAuth } from '../../auth/AuthProvider';
import { isLanguage } from '../../i18n/resources';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Field, Input } from '../../components/ui/Input';
import { errorMessage, validationMessage } from '../../lib/errors';
import { schemaResolver } from '../../lib/form';
import { OtpInput } from '../../components/auth/OtpInput';
import {
  emptyOtpForm,
  isOtpComplete,
  type OtpFormOutput,
  type OtpFormValues,
  otpFormSchema,
} from '../../components/auth/otpForm';
import { Modal } from '../../components/ui/Modal';

type Kind = 'email' | 'phone';

/**
 * The ways a rider can sign in: the contact they signed up with, plus another one (an e-mail or a
 * phone) that they add by proving they own it with a code.
 */
export function SignInMethods() {
  const { t } = useTranslation('profile');
  const { user } = useAuth();
  const [adding, setAdding] = useState<Kind | null>(null);
  if (!user) return null;

  const rows: { kind: Kind; value: string | null; icon: typeof Mail }[] = [
    { kind: 'email', value: user.email, icon: Mail },
    { kind: 'phone', value: user.phone, icon: Phone },
  ];

  return (
    <Card data-testid="sign-in-methods">
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{t('methods.title')}</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('methods.subtitle')}</p>
      <ul className="mt-5 divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
        {rows.map(({ kind, value, icon: Icon }) => (
          <li key={kind} className="flex flex-wrap items-center gap-3 p-4">
            <Icon className="h-5 w-5 shrink-0 text-slate-500" aria-hidden />
            <div className="min-w-0 flex-1">
              <p className="text-sm font-medium text-slate-900 dark:text-white">{t(kind)}</p>
              {/* Wrapped, never cut: on a phone the 'Cambiar' button left an address 17 characters. */}
              <p
                className="text-sm break-all text-slate-500 dark:text-slate-400"
                data-testid={`method-${kind}`}
              >
                {value ?? t('methods.none')}
              </p>
            </div>
            <Button variant="secondary" data-testid={`add-${kind}`} onClick={() => setAdding(kind)}>
              {value ? t('methods.change') : t('methods.add')}
            </Button>
          </li>
        ))}
      </ul>
      {adding && <AddContactDialog kind={adding} onClose={() => setAdding(null)} />}
    </Card>
  );
}

function AddContactDialog({ kind, onClose }: { kind: Kind; onClose: () => void }) {
  const { t, i18n } = useTranslation(['profile', 'validation', 'auth']);
  const { refresh } = useAuth();
  // The contact is checked (and normalised) by the schemas the server uses.
  const formSchema = useMemo(
    () => z.object({ contact: kind === 'email' ? emailSchema : phoneSchema }),
    [kind],
  );
  const contactForm = useForm<{ contact: string }, unknown, { contact: string }>({
    resolver: schemaResolver(formSchema),
    defaultValues: { contact: '' },
  });
  const { errors } = contactForm.formState;
  // The second step: the code sent to the new contact, the six boxes as one field.
  const codeForm = useForm<OtpFormValues, unknown, OtpFormOutput>({
    resolver: schemaResolver(otpFormSchema),
    defaultValues: emptyOtpForm(),
    // A wrong code stays said until the next press, as before this step had a form.
    reValidateMode: 'onSubmit',
  });
  const { field: code } = useController({ control: codeForm.control, name: 'code' });
  const [sentTo, setSentTo] = useState<Contact | null>(null);
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const busy = sentTo ? codeForm.formState.isSubmitting : contactForm.formState.isSubmitting;
  // Each step's failure (the server's, in words; a code that is not six digits, as a key).
  const error = sentTo
    ? (codeForm.formState.errors.root?.server?.message ??
      validationMessage(codeForm.formState.errors.code?.message, t))
    : errors.root?.server?.message;

  const sendCode = contactForm.handleSubmit(async ({ contact: value }) => {
    const contact: Contact = kind === 'email' ? { email: value } : { phone: value };
    try {
      await requestContactLink(contact, language);
      setSentTo(contact);
    } catch (e) {
      contactForm.setError('root.server', { message: errorMessage(e, t) });
    }
  });

  const verify = codeForm.handleSubmit(async ({ code: token }) => {
    if (!sentTo) return;
    try {
      await verifyContactLink(sentTo, token);
      await refresh();
      onClose();
    } catch (e) {
      codeForm.setError('root.server', { message: errorMessage(e, t) });
      codeForm.setValue('code', emptyOtpForm().code);
    }
  });

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={t(kind === 'email' ? 'methods.addEmailTitle' : 'methods.addPhoneTitle')}
      description={sentTo ? t('methods.codeSent') : t('methods.explain')}
    >
      {error && (
        <div className="mb-4">
          <Alert>{error}</Alert>
        </div>
      )}
      {!sentTo ? (
        <form onSubmit={sendCode} className="space-y-4" noValidate>
          <Field label={t(kind)} error={validationMessage(errors.contact?.message, t)}>
            {(props) => (
              <Input
                {...props}
                data-testid="method-contact-input"
                type={kind === 'email' ? 'email' : 'tel'}
                autoComplete={kind === 'email' ? 'email' : 'tel'}
                placeholder={kind === 'email' ? 'tu@correo.com' : '+34 600 000 000'}
                {...contactForm.register('contact')}
              />
            )}
          </Field>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={busy} data-testid="method-send-code">
              {t('methods.sendCode')}
            </Button>
          </div>
        </form>
      ) : (
        <form onSubmit={verify} className="space-y-4">
          <OtpInput ref={code.ref} value={code.value} onChange={code.onChange} invalid={Boolean(error)} />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button
              type="submit"
              loading={busy}
              disabled={!isOtpComplete(code.value)}
              data-testid="method-verify"
            >
              {t('methods.verify')}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
