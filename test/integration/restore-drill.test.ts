import { describe, expect, it } from 'vitest';
import { PLANTED, PLANTS, runRestoreDrill } from '../../infra/local/drill/restore-drill.ts';

/**
 * The restore drill's fault run (issue 49, `npm run drill:restore -- --faults --plant all`), small:
 * shoppers pay while the export is written, the table is deleted outright and one payment's
 * webhook meets no table while the restore runs; the second shop on the restored table recovers
 * every payment taken after the export once (a second recovery makes nothing), every invariant
 * holds, and each planted corruption fails its copy's validation by name. The full size (10,000
 * orders, 1,000 passport entries) is `npm run drill:restore`; its numbers are in docs/restore.md.
 */
describe('restore drill, fault run', () => {
  it('loses nothing: the export, the import, the recovery of later payments, a shopper and an owner after', async () => {
    const lines: string[] = [];
    const report = await runRestoreDrill({
      orders: 300,
      passportEntries: 60,
      payments: 2,
      faults: true,
      plants: PLANTS,
      log: (line) => lines.push(line),
    });
    console.info(lines.join('\n'));
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
    // The restore is the export exactly: counts, indexes, invariants and settings. Only the
    // passport log is behind its checkpoint, published after the export with the later sales.
    expect(report.validation.findings.filter((f) => !f.ok)).toEqual([
      {
        check: 'passport-checkpoint-prefix',
        ok: false,
        details: [expect.stringMatching(/restored log \d+ \(entries published after the backup/)],
      },
    ]);
    expect(report.validation.items).toBe(report.manifest.total);
    // Two paid during the export, one whose webhook met the deleted table: each recovered once.
    expect(report.paidAfterExport).toHaveLength(3);
    expect(report.recovered.first).toMatchObject({ recovered: 3, needsAttention: 0, failed: 0 });
    expect(report.recovered.second).toMatchObject({ recovered: 0, present: 3 });
    // Then, the log brought up to its checkpoint and the payments recovered, every invariant holds.
    expect(report.afterRecovery.findings.filter((f) => !f.ok)).toEqual([]);
    expect(report.afterRecovery.findings.map((f) => f.check)).toContain('passport-checkpoint-prefix');
    expect(report.planted).toEqual(
      PLANTS.map((plant) => ({ plant, failed: expect.arrayContaining([PLANTED[plant]]) })),
    );
  }, 900_000);
});
