/**
 * Stripe's request encoding: application/x-www-form-urlencoded with bracket paths
 * (`metadata[hold_id]=h1`, `payment_method_types[0]=card`, `expand[]=latest_charge`).
 */
export type FormValue = string | FormObject | FormValue[];
export interface FormObject {
  [key: string]: FormValue;
}

const forbidden = new Set(['__proto__', 'prototype', 'constructor']);

export function decodeForm(body: string): FormObject {
  const root: FormObject = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name);
    if (!match?.[1]) throw new FormError(`Invalid parameter name: ${name}`);
    const path = [match[1], ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? '')];
    if (path.some((p) => forbidden.has(p))) throw new FormError(`Invalid parameter name: ${name}`);
    let node: FormObject = root;
    path.forEach((key, index) => {
      const last = index === path.length - 1;
      // `a[]` appends: give it the next free index.
      const slot = key === '' ? String(Object.keys(node).length) : key;
      if (last) {
        node[slot] = value;
        return;
      }
      const existing = node[slot];
      if (existing === undefined) node[slot] = {};
      else if (typeof existing === 'string') throw new FormError(`Invalid parameter name: ${name}`);
      node = node[slot] as FormObject;
    });
  }
  return toArrays(root) as FormObject;
}

/** Objects whose keys are 0..n-1 become arrays. */
function toArrays(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted: FormObject = {};
  for (const key of keys) converted[key] = toArrays(value[key] as FormValue);
  if (keys.length > 0 && keys.every((k, i) => k === String(i)))
    return keys.map((k) => converted[k] as FormValue);
  return converted;
}

export class FormError extends Error {}

export function str(value: FormValue | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function obj(value: FormValue | undefined): FormObject | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
}
