import { type ReactNode, type Ref, useLayoutEffect, useRef, useState } from 'react';
import { LIMITS } from '#shared/constants.ts';

/** The steel card's number: digits only, at most 16 (001 §9). */
export const CARD_DIGITS = LIMITS.cardNumberDigits;
export const PASSWORD_LENGTH = LIMITS.portalPasswordLength;

export function digitsOf(text: string): string {
  return text.replace(/\D/g, '').slice(0, CARD_DIGITS);
}

/** "1234567890123456" → "1234 5678 9012 3456", as the number is engraved on the card. */
export function groupDigits(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Where the caret sits after `n` digits of the grouped number. */
function caretAfter(n: number): number {
  return n === 0 ? 0 : n + Math.floor((n - 1) / 4);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function looksLikeEmail(text: string): boolean {
  return text.length <= 254 && EMAIL.test(text);
}

/** The portal's heading: a small gold kicker, the title and a thin gold rule. */
export function PortalHeading({ kicker = 'authenticity', title }: { kicker?: string; title: ReactNode }) {
  return (
    <>
      <p className="portal-kicker">{kicker}</p>
      <h1 className="portal-title">{title}</h1>
      <hr className="portal-rule" />
    </>
  );
}

/** A field's error, read out as soon as it appears. */
export function FieldError({ id, children }: { id: string; children?: string }) {
  return (
    <p id={id} className="portal-field-error" role="alert">
      {children}
    </p>
  );
}

const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

/**
 * The card number in groups of 4 as it is typed or pasted ("1234 5678 9012 3456"), kept as
 * digits only. The caret stays after the digit just typed, and a backspace over a group's
 * space removes the digit before it.
 */
export function CardNumberField({
  id,
  label = 'card number',
  hint,
  value,
  onChange,
  error,
  inputRef,
}: {
  id: string;
  label?: string;
  hint?: string;
  value: string;
  onChange: (digits: string) => void;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const ownRef = useRef<HTMLInputElement | null>(null);
  const caret = useRef<number | null>(null);
  // A keystroke that leaves the digits as they were (a letter, a space) still re-renders, so
  // the caret can be put back where it was.
  const [, setKeystrokes] = useState(0);

  useLayoutEffect(() => {
    const input = ownRef.current;
    if (caret.current === null || !input || document.activeElement !== input) return;
    input.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });

  const setRefs = (node: HTMLInputElement | null) => {
    ownRef.current = node;
    if (typeof inputRef === 'function') inputRef(node);
    else if (inputRef) inputRef.current = node;
  };

  return (
    <div className="portal-field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="portal-hint">
          {hint}
        </p>
      )}
      <input
        ref={setRefs}
        id={id}
        className="portal-card-number"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        autoCorrect="off"
        spellCheck={false}
        value={groupDigits(value)}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={describedBy(hint && `${id}-hint`, `${id}-error`)}
        onChange={(event) => {
          const input = event.target;
          const at = input.selectionStart ?? input.value.length;
          let before = digitsOf(input.value.slice(0, at)).length;
          let digits = digitsOf(input.value);
          const inputType = (event.nativeEvent as InputEvent).inputType;
          if (inputType === 'deleteContentBackward' && digits === value && before > 0) {
            digits = digits.slice(0, before - 1) + digits.slice(before);
            before -= 1;
          }
          caret.current = caretAfter(Math.min(before, digits.length));
          setKeystrokes((n) => n + 1);
          onChange(digits);
        }}
      />
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

/** The 16-character portal password, with a show/hide switch for typing it from the email. */
export function PasswordField({
  id,
  label = 'password',
  autoComplete = 'current-password',
  value,
  onChange,
  error,
  inputRef,
}: {
  id: string;
  label?: string;
  autoComplete?: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const [shown, setShown] = useState(false);
  return (
    <div className="portal-field">
      <label htmlFor={id}>{label}</label>
      <div className="portal-password">
        <input
          ref={inputRef}
          id={id}
          type={shown ? 'text' : 'password'}
          maxLength={PASSWORD_LENGTH}
          autoComplete={autoComplete}
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          value={value}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={`${id}-error`}
          onChange={(event) => onChange(event.target.value)}
        />
        <button
          type="button"
          className="portal-reveal"
          aria-pressed={shown}
          aria-controls={id}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? 'hide' : 'show'}
          <span className="visually-hidden"> {label}</span>
        </button>
      </div>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

/** A plain text field (e-mail) with its label and error. */
export function TextField({
  id,
  label,
  type = 'text',
  autoComplete,
  value,
  onChange,
  error,
  inputRef,
}: {
  id: string;
  label: string;
  type?: 'text' | 'email';
  autoComplete: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  return (
    <div className="portal-field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        type={type}
        autoComplete={autoComplete}
        autoCapitalize="off"
        spellCheck={false}
        value={value}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={`${id}-error`}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}
