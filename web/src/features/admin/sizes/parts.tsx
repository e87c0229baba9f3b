import { useQueryClient } from '@tanstack/react-query';
import { sizesKey } from './api.ts';

/** Refreshes every size screen's data after a change. */
export function useRefresh(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: sizesKey() });
}

export const guidesPath = (sizeId: string) => `/view-size-guides?id=${encodeURIComponent(sizeId)}`;
export const editGuidePath = (sizeId: string, id?: string) =>
  `/edit-size-guide?${id ? `id=${encodeURIComponent(id)}&` : ''}sid=${encodeURIComponent(sizeId)}`;
export const guideImagePath = (id: string, sizeId: string, type: 'imageUrl' | 'largeImgUrl') =>
  `/add-size-guide-img?id=${encodeURIComponent(id)}&type=${type}&sid=${encodeURIComponent(sizeId)}`;
