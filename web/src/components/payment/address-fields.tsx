import '../form-page.css';
import { useId } from 'react';
import { COUNTRY_CODES, countryName } from '#shared/countries.ts';
import { needsRegion, regionsOf } from '#shared/tax.ts';

/** One address of the checkout form (001 §3 Order): contact, then the address itself. */
export interface Address {
  name: string;
  phone: string;
  email: string;
  country: string;
  address1: string;
  address2: string;
  unit: string;
  city: string;
  postalCode: string;
  state: string;
}

export const EMPTY_ADDRESS: Address = {
  name: '',
  phone: '',
  email: '',
  country: '',
  address1: '',
  address2: '',
  unit: '',
  city: '',
  postalCode: '',
  state: '',
};

/** Every country, by its English name. */
const COUNTRIES = COUNTRY_CODES.map((code) => ({ code, name: countryName(code) })).sort((a, b) =>
  a.name.localeCompare(b.name, 'en'),
);

interface FieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: string;
  required?: boolean;
  type?: 'text' | 'email' | 'tel';
  wide?: boolean;
  inputMode?: 'text' | 'email' | 'tel';
  readOnly?: boolean;
}

function Field({
  id,
  label,
  value,
  onChange,
  autoComplete,
  required,
  type = 'text',
  wide,
  readOnly,
}: FieldProps) {
  return (
    <div className={`checkout-field${wide ? ' checkout-field-wide' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required ? (
          <span className="checkout-required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : (
          <span className="checkout-optional"> (optional)</span>
        )}
      </label>
      <input
        id={id}
        type={type}
        value={value}
        autoComplete={autoComplete}
        aria-required={required ? 'true' : undefined}
        readOnly={readOnly}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/**
 * Contact and address fields with autocomplete tokens for the given section (`shipping` or
 * `billing`); the province (Canada) or state (USA) select appears only for those countries.
 */
export function AddressFields({
  section,
  value,
  onChange,
  emailFixed,
}: {
  section: 'shipping' | 'billing';
  value: Address;
  onChange: (value: Address) => void;
  /** Shown, not typed: a draw entry's e-mail is its mailed link's. */
  emailFixed?: boolean | undefined;
}) {
  const base = useId();
  const id = (name: string) => `${base}-${section}-${name}`;
  const set = (key: keyof Address) => (v: string) => onChange({ ...value, [key]: v });
  const ac = (token: string) => `section-${section} ${section} ${token}`;
  const regions = regionsOf(value.country);
  const regionLabel = value.country === 'CA' ? 'province' : 'state';

  return (
    <div className="checkout-fields">
      <Field
        id={id('name')}
        label="full name"
        value={value.name}
        onChange={set('name')}
        autoComplete={ac('name')}
        required
        wide
      />
      <Field
        id={id('phone')}
        label="phone"
        type="tel"
        value={value.phone}
        onChange={set('phone')}
        autoComplete={ac('tel')}
        required
      />
      <Field
        id={id('email')}
        label="e-mail"
        type="email"
        value={value.email}
        onChange={set('email')}
        autoComplete={ac('email')}
        required
        readOnly={emailFixed}
      />
      <div className="checkout-field checkout-field-wide">
        <label htmlFor={id('country')}>
          country
          <span className="checkout-required" aria-hidden="true">
            {' '}
            *
          </span>
        </label>
        <select
          id={id('country')}
          value={value.country}
          autoComplete={ac('country')}
          aria-required="true"
          onChange={(e) => onChange({ ...value, country: e.target.value, state: '' })}
        >
          <option value="">choose a country</option>
          {COUNTRIES.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <Field
        id={id('address1')}
        label="address line 1"
        value={value.address1}
        onChange={set('address1')}
        autoComplete={ac('address-line1')}
        required
        wide
      />
      <Field
        id={id('address2')}
        label="address line 2"
        value={value.address2}
        onChange={set('address2')}
        autoComplete={ac('address-line2')}
      />
      <Field
        id={id('unit')}
        label="unit"
        value={value.unit}
        onChange={set('unit')}
        autoComplete={ac('address-line3')}
      />
      <Field
        id={id('city')}
        label="city"
        value={value.city}
        onChange={set('city')}
        autoComplete={ac('address-level2')}
        required
      />
      <Field
        id={id('postalCode')}
        label="postal code"
        value={value.postalCode}
        onChange={set('postalCode')}
        autoComplete={ac('postal-code')}
      />
      {needsRegion(value.country) && (
        <div className="checkout-field checkout-field-wide">
          <label htmlFor={id('state')}>
            {regionLabel}
            <span className="checkout-required" aria-hidden="true">
              {' '}
              *
            </span>
          </label>
          <select
            id={id('state')}
            value={value.state}
            autoComplete={ac('address-level1')}
            aria-required="true"
            onChange={(e) => set('state')(e.target.value)}
          >
            <option value="">choose a {regionLabel}</option>
            {regions.map((r) => (
              <option key={r.code} value={r.code}>
                {r.name}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  );
}
