/**
 * The admin form kit: the labelled fields every admin editor is made of, each a `Field` (label,
 * control, hint) whose `onChange` hands over the value rather than the event.
 */
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { Link } from 'react-router-dom';
import { Field } from '../ui.tsx';

interface Labelled {
  label: string;
  hint?: string;
}
type Own = 'id' | 'value' | 'onChange' | 'children';

type TextProps = Labelled & {
  value: string;
  onChange: (value: string) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, Own>;

/** A labelled input (text, e-mail, search, date: whatever `type` says). */
export function TextField({ label, hint, value, onChange, ...input }: TextProps) {
  return (
    <Field label={label} hint={hint}>
      {(id) => <input id={id} value={value} onChange={(e) => onChange(e.currentTarget.value)} {...input} />}
    </Field>
  );
}

/**
 * A labelled number typed as text (blank allowed): whole numbers from 0 (an index, a count), or
 * with `decimal` any measure from 0.
 */
export function NumberField({ decimal, ...props }: TextProps & { decimal?: boolean }) {
  return decimal ? (
    <TextField type="number" inputMode="decimal" min={0} step="any" {...props} />
  ) : (
    <TextField type="number" inputMode="numeric" min={0} {...props} />
  );
}

/** Number fields side by side, as many a row as fit (prices, from–to measurements). */
export function NumberPair({ children }: { children: ReactNode }) {
  return <div className="adm-pair">{children}</div>;
}

/** A labelled textarea. */
export function TextAreaField({
  label,
  hint,
  value,
  onChange,
  ...textarea
}: Labelled & {
  value: string;
  onChange: (value: string) => void;
} & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, Own>) {
  return (
    <Field label={label} hint={hint}>
      {(id) => (
        <textarea id={id} value={value} onChange={(e) => onChange(e.currentTarget.value)} {...textarea} />
      )}
    </Field>
  );
}

/** A choice as a select shows it: the value, and the words staff read. */
export type Choice<V extends string | number> = readonly [value: V, text: string];

/**
 * A labelled select of `choices`; `onChange` hands back the chosen value as declared (a number
 * stays a number). `blank` puts a first option of value '' with those words.
 */
export function SelectField<V extends string | number>({
  label,
  hint,
  value,
  onChange,
  choices,
  blank,
  ...select
}: Labelled & {
  value: string | number;
  onChange: (value: V) => void;
  choices: readonly Choice<V>[];
  blank?: string;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, Own>) {
  const chosen = (raw: string) => choices.find(([code]) => String(code) === raw)?.[0] ?? (raw as V);
  return (
    <Field label={label} hint={hint}>
      {(id) => (
        <select id={id} value={value} onChange={(e) => onChange(chosen(e.currentTarget.value))} {...select}>
          {blank !== undefined && <option value="">{blank}</option>}
          {choices.map(([code, text]) => (
            <option key={code} value={code}>
              {text}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A checkbox with its words beside it. */
export function CheckField({
  label,
  checked,
  onChange,
  ...input
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, Own | 'type' | 'checked'>) {
  return (
    <label className="adm-check">
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.currentTarget.checked)}
        {...input}
      />
      {label}
    </label>
  );
}

/** A crumb: its words, and where it leads (none for the screen itself). */
export type Crumb = [label: string, to: string | undefined];

/** Where a screen sits, e.g. collection › size finder › step; the last is the screen itself. */
export function Crumbs({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="you are here">
      <ol className="adm-crumbs">
        {items.map(([label, to]) => (
          <li key={label}>{to ? <Link to={to}>{label}</Link> : <span aria-current="page">{label}</span>}</li>
        ))}
      </ol>
    </nav>
  );
}

/** The server's lists for a select (collections, sizes: `{ val, text }`) as choices. */
export const choicesOf = (list: readonly { val: string; text: string }[] | undefined): Choice<string>[] =>
  (list ?? []).map((item) => [item.val, item.text]);
