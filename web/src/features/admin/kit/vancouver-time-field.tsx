import { useEffect, useState } from 'react';
import { SHOP_ZONE_NAME } from '#shared/time-words.ts';
import { fromVancouverInput, vancouverInput } from '#shared/vancouver-time.ts';
import { TextField } from './fields.tsx';

/**
 * A time staff type, in Vancouver's wall clock whatever this computer's zone (issue 45: the
 * lists beside it show Vancouver time too), labelled with the zone. It hands over the instant
 * (ISO) or '' while blank or incomplete; `value` is an ISO time or ''.
 */
export function VancouverTimeField({
  label,
  hint,
  value,
  onChange,
  required,
}: {
  label: string;
  hint?: string;
  value: string;
  onChange: (iso: string) => void;
  required?: boolean;
}) {
  const [text, setText] = useState(() => (value ? vancouverInput(value) : ''));
  // A value set from outside (a row opened for editing, a form emptied) replaces what is typed.
  useEffect(() => {
    if ((fromVancouverInput(text) ?? '') !== value) setText(value ? vancouverInput(value) : '');
  }, [value, text]);
  return (
    <TextField
      label={`${label} (Vancouver time)`}
      hint={[SHOP_ZONE_NAME, hint].filter(Boolean).join('; ')}
      type="datetime-local"
      step={1}
      value={text}
      onChange={(typed) => {
        setText(typed);
        onChange(fromVancouverInput(typed) ?? '');
      }}
      required={required}
    />
  );
}
