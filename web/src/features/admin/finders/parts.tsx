import { useQueryClient } from '@tanstack/react-query';
import { ADMIN_MESSAGES } from '#shared/admin.ts';
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
