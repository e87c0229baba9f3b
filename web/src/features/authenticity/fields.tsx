import { type ReactNode, type Ref, useState } from 'react';
import { CARD_NUMBER_DIGITS } from '#shared/card-number.ts';
import { LIMITS } from '#shared/constants.ts';
import { useCardNumberInput } from '../../lib/card-number-input.ts';

/** The steel card's number: exactly 16 digits (shared/card-number.ts). */
export const CARD_DIGITS = CARD_NUMBER_DIGITS;
export const PASSWORD_LENGTH = LIMITS.portalPasswordLength;

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

/** The card number in groups of 4 as it is typed or pasted, kept as digits (useCardNumberInput). */
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
  const card = useCardNumberInput(value, onChange);
  const setRefs = (node: HTMLInputElement | null) => {
    card.ref.current = node;
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
        {...card}
        ref={setRefs}
        id={id}
        className="portal-card-number"
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={describedBy(hint && `${id}-hint`, `${id}-error`)}
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
