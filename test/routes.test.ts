import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routes } from '../functions/routes.ts';
import {
  ADDED_ENDPOINTS,
  CHECKOUT_PORTAL_ADMIN_ENDPOINTS,
  REPLACED_ENDPOINTS,
  STOREFRONT_ENDPOINTS,
} from './spec-endpoints.ts';

const root = resolve(import.meta.dirname, '..');

/**
 * Documented endpoints not built yet. The gap is meant to be seen: each issue that builds
 * endpoints removes their names here, and this test fails if a name stays after its handler exists.
 */
const PENDING: string[] = [];

const normalise = (endpoint: string) => endpoint.replace(/\/$/, '');
const rowName = (r: { method: string; path: string }) => `${r.method} ${r.path}`;
const rowNames = routes.map(rowName);

describe('the route table', () => {
  const documented = [
    ...new Set([...STOREFRONT_ENDPOINTS, ...CHECKOUT_PORTAL_ADMIN_ENDPOINTS].map(normalise)),
  ];

  it.each(documented)('has a row for %s (or for the call that replaces it)', (endpoint) => {
    expect(rowNames).toContain(REPLACED_ENDPOINTS[endpoint] ?? endpoint);
    if (REPLACED_ENDPOINTS[endpoint]) expect(rowNames).not.toContain(endpoint);
  });

  it('has no row beyond the documented endpoints and the few it adds on purpose', () => {
    const extra = rowNames.filter((n) => !documented.includes(n));
    expect(extra.sort()).toEqual([...ADDED_ENDPOINTS].sort());
  });

  it('has one row per method and path', () => {
    expect(new Set(rowNames).size).toBe(rowNames.length);
  });

  it('marks exactly the endpoints listed here as pending', () => {
    const pending = routes.filter((r) => r.pending).map(rowName);
    expect(pending.sort()).toEqual([...PENDING].sort());
  });

  it('has a handler file exporting `handler` for every row that is not pending, and none for pending rows', () => {
    for (const route of routes) {
      const file = join(root, 'functions', `${route.handler}.ts`);
      if (route.pending) {
        expect(existsSync(file), `${rowName(route)} is pending but ${file} exists`).toBe(false);
      } else {
        expect(existsSync(file), `${rowName(route)} needs ${file}`).toBe(true);
        expect(readFileSync(file, 'utf8')).toMatch(/export const handler\b/);
      }
    }
  });

  it('gives each handler module to one row only', () => {
    const modules = routes.map((r) => r.handler);
    expect(new Set(modules).size).toBe(modules.length);
  });

  it('serves every storefront endpoint (none of them is pending)', () => {
    const storefront = STOREFRONT_ENDPOINTS.map(normalise);
    expect(routes.filter((r) => r.pending && storefront.includes(rowName(r)))).toEqual([]);
  });

  it('requires an admin session on every admin row', () => {
    for (const route of routes.filter((r) => r.handler.startsWith('admin/') && r.path !== '/admin')) {
      expect(route.auth, rowName(route)).toBe('admin');
    }
  });
});

const specDir = resolve(root, '../shared/spec');
const specFiles = existsSync(specDir)
  ? readdirSync(specDir)
      .filter((f) => /^\d{3}_.*\.txt$/.test(f))
      .sort()
  : [];

describe.skipIf(specFiles.length < 2)('the endpoint list against the spec text (../shared/spec)', () => {
  const section7 = (file: string) => {
    const text = readFileSync(join(specDir, file), 'utf8');
    return text.slice(text.indexOf('## 7.'), text.indexOf('## 8.'));
  };

  it.each(STOREFRONT_ENDPOINTS)('000 §7 names %s', (endpoint) => {
    const path = endpoint.split(' ')[1]?.replace(/^\//, '') ?? '';
    expect(section7(specFiles[0] as string)).toContain(path);
  });

  it.each(CHECKOUT_PORTAL_ADMIN_ENDPOINTS)('001 §7 names %s', (endpoint) => {
    const path = (endpoint.split(' ')[1] ?? '').replace(/^\//, '').replace(/\/\{id\}$/, '');
    expect(section7(specFiles[1] as string)).toContain(path);
  });
});
