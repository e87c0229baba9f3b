import { useQueryClient } from '@tanstack/react-query';
import { ADMIN_MESSAGES } from '#shared/admin.ts';
import { PROMISED_BUSINESS_DAYS } from '#shared/business-days.ts';
import { findersKey } from './api.ts';

/** Refreshes every size finder screen's data after a change. */
export function useRefresh(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: findersKey() });
}

/**
 * A delete that failed says "Error" (001 §8: failed size finder delete → "Error" alert): as an
 * alert, and beside the button (ConfirmButton shows the message it is thrown).
 */
export async function deleteOrError(remove: () => Promise<unknown>): Promise<void> {
  try {
    await remove();
  } catch {
    window.alert(ADMIN_MESSAGES.deleteFailed);
    throw new Error(ADMIN_MESSAGES.deleteFailed);
  }
}

export const stepsPath = (fid: string) => `/view-steps?id=${encodeURIComponent(fid)}`;
export const findersPath = (tid: string) => `/view-size-finders?tid=${encodeURIComponent(tid)}`;
export const optionsPath = (stepId: string, fid: string) =>
  `/view-options?id=${encodeURIComponent(stepId)}&fid=${encodeURIComponent(fid)}`;

/**
 * A finder without an e-mail step stores answers with no address: nobody can send the shopper a
 * size, and the storefront tells them so. Staff see it while they edit the steps.
 */
export function NoEmailWarning() {
  return (
    <div className="adm-finders-warning" role="note" aria-label="no e-mail step">
      <p>
        <strong>This size finder has no e-mail step.</strong> Shoppers' answers arrive without an address, so
        nobody can send them their size; the shop tells them no size will be sent and points them to the size
        guide.
      </p>
      <p>Add a step of type 4 · e-mail box to answer them within {PROMISED_BUSINESS_DAYS} business days.</p>
    </div>
  );
}
