/** A two-way unit switch (inches/cm, Imperial/Metric) as pressed buttons in a labelled group. */
export function UnitToggle({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: [value: string, text: string][];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <fieldset className="picking-toggle">
      <legend className="visually-hidden">{label}</legend>
      {options.map(([v, text]) => (
        <button key={v} type="button" aria-pressed={v === value} onClick={() => onChange(v)}>
          {text}
        </button>
      ))}
    </fieldset>
  );
}
