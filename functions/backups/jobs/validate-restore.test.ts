import { describe, expect, it } from 'vitest';
import type { Finding } from '../rules/restore-checks.ts';
import { tableOfArn, validationMessage, withoutManifest } from './validate-restore.ts';

const found = (check: Finding['check'], ok: boolean, detail: string): Finding => ({
  check,
  ok,
  details: [detail],
});

describe('the restore testing validation (AWS Backup, no manifest)', () => {
  it('reports the count checks not checked, never as compared, and keeps every other finding', () => {
    const { findings, notChecked } = withoutManifest([
      found('counts-per-entity', false, 'entity ORDER: 3 restored, 0 at the backup'),
      found('index-counts', false, 'index gsi1: 5 restored, 0 at the backup'),
      found('hold-has-order', false, 'piece P1 held by C1 without its order'),
    ]);
    expect(notChecked).toEqual(['counts-per-entity', 'index-counts']);
    expect(findings[0]?.details[0]).toMatch(/^not checked: no manifest/);
    expect(findings[2]).toEqual(found('hold-has-order', false, 'piece P1 held by C1 without its order'));
    const report = { ok: false, table: 't', findings, items: 9, timing: { scanMs: 1, checkMs: 1 } };
    expect(validationMessage(report, notChecked)).toBe(
      'FAILED hold-has-order: piece P1 held by C1 without its order; not checked (no manifest, scratch settings): counts-per-entity, index-counts',
    );
  });

  it('says how many checks held when none failed, the scratch table settings not checked', () => {
    const { findings, notChecked } = withoutManifest([
      found('counts-per-entity', true, 'x'),
      found('index-counts', true, 'x'),
      found('ttl', false, 'TTL DISABLED'),
      found('member-consent', true, 'every member has consents'),
    ]);
    expect(findings[2]?.details[0]).toMatch(/^not checked: a restored table never carries TTL/);
    const report = { ok: true, table: 't', findings, items: 12, timing: { scanMs: 1, checkMs: 1 } };
    expect(validationMessage(report, notChecked)).toBe(
      '1 checks held on 12 items; not checked (no manifest, scratch settings): counts-per-entity, index-counts, ttl',
    );
  });

  it('keeps a checkpoint published after the recovery point as a note, a checkpoint the restored log contradicts as a failure', () => {
    const ahead = found(
      'passport-checkpoint-prefix',
      false,
      'the published checkpoint has 7 entries, the restored log 5 (entries published after the backup: recover them from passport/log/tile/entries)',
    );
    const [noted] = withoutManifest([ahead]).findings;
    expect(noted?.ok).toBe(true);
    expect(noted?.details).toEqual([
      '2 entries published after the recovery point (the published checkpoint 7, the restored log 5): expected in a restore test; a real restore recovers them from the published tiles',
    ]);
    const contradicted = found(
      'passport-checkpoint-prefix',
      false,
      "the restored log's first 5 entries do not make the published checkpoint's root",
    );
    expect(withoutManifest([contradicted]).findings).toEqual([contradicted]);
    // Both at once: the contradiction alone is kept, and fails.
    const both = {
      ...contradicted,
      details: [ahead.details[0] as string, contradicted.details[0] as string],
    };
    expect(withoutManifest([both]).findings).toEqual([contradicted]);
  });

  it('checks the settings and keeps a checkpoint ahead as a failure on a real restore (run by hand)', () => {
    const ahead = found(
      'passport-checkpoint-prefix',
      false,
      'the published checkpoint has 7 entries, the restored log 5 (entries published after the backup: recover them from passport/log/tile/entries)',
    );
    const ttl = found('ttl', false, 'TTL is DISABLED, not ENABLED on expiresAt');
    const counts = found('counts-per-entity', false, 'x');
    const { findings, notChecked } = withoutManifest([ahead, ttl, counts], { scratch: false });
    expect(findings.slice(0, 2)).toEqual([ahead, ttl]);
    expect(notChecked).toEqual(['counts-per-entity']);
  });

  it('takes the restored table from the created resource ARN', () => {
    expect(tableOfArn('arn:aws:dynamodb:eu-west-1:123456789012:table/boutique-restore-1')).toBe(
      'boutique-restore-1',
    );
    expect(tableOfArn('arn:aws:s3:::bucket')).toBeUndefined();
  });
});
