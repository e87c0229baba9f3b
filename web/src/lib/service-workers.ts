/**
 * Service workers (spec 000 §9): the shop unregisters every one at start, as the old shop's pages
 * were served stale by one; all but the passport's /verify page's (docs/passport.md, "The verify
 * page, offline"), whose scope holds nothing of the shop and which keeps the page usable with no
 * signal.
 */
export const VERIFY_WORKER = { script: '/verify-sw.js', scope: '/verify' } as const;

/** Whether a registration's scope (an absolute URL) is the verify page's. */
export const isVerifyScope = (scope: string) => new URL(scope).pathname === VERIFY_WORKER.scope;

/** Unregisters every service worker of the shop's origin but the verify page's. */
export async function unregisterStaleWorkers(container: ServiceWorkerContainer | undefined): Promise<void> {
  const registrations = (await container?.getRegistrations()) ?? [];
  await Promise.all(registrations.filter((r) => !isVerifyScope(r.scope)).map((r) => r.unregister()));
}
