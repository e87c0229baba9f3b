import { useLocation, useSearchParams } from 'react-router-dom';
import type { Gender } from '#shared/vocabulary.ts';

/**
 * Product pages take their inputs from the navigation state (000 §2) and also from the address,
 * so a refresh or a shared link works. Values from the state win; everything arrives as text.
 */
export type NavValues = Record<string, string | undefined>;

export function useNavValues(): NavValues {
  const location = useLocation();
  const [search] = useSearchParams();
  const values: NavValues = {};
  for (const [key, value] of search) values[key] = value;
  const state = location.state as Record<string, unknown> | null;
  if (state && typeof state === 'object') {
    for (const [key, value] of Object.entries(state)) {
      if (value !== undefined && value !== null) values[key] = String(value);
    }
  }
  return values;
}

export type NavTarget = { pathname: string; search: string };

/** A link target carrying `values` in the address; pass the same values as `state` too. */
export function navTarget(
  pathname: string,
  values: Record<string, string | number | boolean | undefined | null>,
): NavTarget {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return { pathname, search: text ? `?${text}` : '' };
}

export function genderOf(value: string | undefined): Gender | undefined {
  return value === '0' || value === '1' || value === '2' ? (Number(value) as Gender) : undefined;
}
