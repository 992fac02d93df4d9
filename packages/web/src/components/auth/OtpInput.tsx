import { type ClipboardEvent, type KeyboardEvent, type Ref, useId, useImperativeHandle, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../ui/cn';

/** Spec 000 §9: the one-time code has 6 digits. */
export const OTP_LENGTH = 6;
const POSITIONS = Array.from({ length: OTP_LENGTH }, (_, position) => position);

export const emptyOtp = (): string[] => Array.from({ length: OTP_LENGTH }, () => '');

export interface OtpInputHandle {
  focus: (index?: number) => void;
}

/**
 * Six single-digit boxes (spec 000 §5): typing moves forward, pasting (or the phone's one-time-code
 * autofill) fills up to six boxes, backspace on an empty box goes back, arrows move between boxes.
 */
export function OtpInput({
  ref,
  value,
  onChange,
  invalid = false,
  readOnly = false,
  describedBy,
}: {
  ref?: Ref<OtpInputHandle>;
  value: string[];
  onChange: (digits: string[]) => void;
  invalid?: boolean;
  readOnly?: boolean;
  describedBy?: string | undefined;
}) {
  const { t } = useTranslation('auth');
  const legendId = useId();
  const inputs = useRef<(HTMLInputElement | null)[]>([]);

  const focusAt = (index: number) => {
    const input = inputs.current[Math.max(0, Math.min(OTP_LENGTH - 1, index))];
    input?.focus();
    input?.select();
  };

  useImperativeHandle(ref, () => ({ focus: (index = 0) => focusAt(index) }));

  /** Writes `digits` from box `start` on and moves to the box after the last one written. */
  const fill = (start: number, digits: string) => {
    const next = [...value];
    let index = start;
    for (const digit of digits) {
      if (index >= OTP_LENGTH) break;
      next[index] = digit;
      index += 1;
    }
    onChange(next);
    focusAt(Math.min(index, OTP_LENGTH - 1));
  };

  const handleChange = (index: number, raw: string) => {
    if (readOnly) return;
    const digits = raw.replace(/\D/g, '');
    const previous = value[index] ?? '';
    if (digits === '') {
      if (raw === '') onChange(value.map((digit, i) => (i === index ? '' : digit)));
      return;
    }
    // Typing into a full box whose text was not selected gives two digits: keep the new one.
    if (digits.length === 2 && previous !== '' && digits.includes(previous)) {
      fill(index, digits.startsWith(previous) ? digits.slice(1) : digits.slice(0, 1));
      return;
    }
    // A whole code at once (autofill) starts at the first box.
    fill(digits.length >= OTP_LENGTH ? 0 : index, digits);
  };

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    if (readOnly) return;
    const digits = event.clipboardData.getData('text').replace(/\D/g, '');
    if (digits) fill(digits.length >= OTP_LENGTH ? 0 : index, digits);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !readOnly && (value[index] ?? '') === '' && index > 0) {
      event.preventDefault();
      onChange(value.map((digit, i) => (i === index - 1 ? '' : digit)));
      focusAt(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusAt(index - 1);
    } else if (event.key === 'ArrowRight' && index < OTP_LENGTH - 1) {
      event.preventDefault();
      focusAt(index + 1);
    }
  };

  return (
    <fieldset aria-describedby={describedBy}>
      <legend id={legendId} className="mb-2 block text-sm font-medium text-slate-700 dark:text-slate-200">
        {t('verify.codeLabel')}
      </legend>
      <div className="flex justify-between gap-2 sm:justify-start">
        {POSITIONS.map((position) => (
          <input
            key={position}
            ref={(element) => {
              inputs.current[position] = element;
            }}
            data-testid={`otp-digit-${position}`}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={position === 0 ? 'one-time-code' : 'off'}
            aria-label={t('verify.digitLabel', { index: position + 1, total: OTP_LENGTH })}
            aria-invalid={invalid}
            value={value[position] ?? ''}
            readOnly={readOnly}
            onFocus={(event) => event.target.select()}
            onChange={(event) => handleChange(position, event.target.value)}
            onPaste={(event) => handlePaste(position, event)}
            onKeyDown={(event) => handleKeyDown(position, event)}
            className={cn(
              'h-12 w-10 rounded-lg border bg-white text-center text-xl font-semibold text-slate-900 shadow-sm tabular-nums focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 sm:h-14 sm:w-12 dark:bg-slate-900 dark:text-slate-100',
              invalid ? 'border-red-500' : 'border-slate-300 dark:border-slate-600',
            )}
          />
        ))}
      </div>
    </fieldset>
  );
}
