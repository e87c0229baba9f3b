import { setPriority } from 'node:os';
import sharp from 'sharp';
import { demoPhotoFile } from './photos.ts';
import { cachedVariants } from './picture-sets.ts';

/**
 * A child process of the render pool (./render-pool.ts): makes one demo photograph and its
 * picture set at a time, into the cache, and answers with their files. It runs below the shop's
 * priority (nice 10, set before sharp starts its threads, which inherit it), so a page or an
 * API call on the same cores is answered first; sharp works on one thread here, as each process
 * of the pool takes a core.
 */
export interface RenderRequest {
  id: number;
  composition: string;
  root: string;
  /** The photograph alone, its set left for a later request. */
  originalOnly?: boolean;
}

try {
  setPriority(10);
} catch {
  // Not allowed here (a container without CAP_SYS_NICE lowering is always allowed; raising is not).
}
sharp.concurrency(1);

process.on('message', (request: RenderRequest) => {
  void (async () => {
    try {
      const original = await demoPhotoFile(request.composition, request.root);
      const variants = request.originalOnly ? [] : await cachedVariants(original, request.root);
      process.send?.({ id: request.id, set: { original, variants } });
    } catch (error) {
      process.send?.({ id: request.id, error: (error as Error).message });
    }
  })();
});
process.on('disconnect', () => process.exit(0));
