import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { pictureSetKeyOf } from '#shared/media.ts';
import { hasResponsiveSet, Picture, type PictureSetState } from '../../../components/picture.tsx';
import type { AdminAnswer } from '../../../lib/api-types.ts';
import { adminGet } from '../api.ts';

/** While a set is being made, the server is asked again this often, at most this many times (5 minutes). */
const ASK_AGAIN_MS = 5000;
const ASKS = 60;

type PictureSetAnswer = AdminAnswer<'/picture-set'>;

/**
 * A stored picture on an admin screen. A picture just uploaded has no responsive set for a few
 * seconds (functions/media/): the screen asks the server whether it has been made (GET
 * /picture-set) before it asks for any of its variants, so no page logs a 404 for one. Until
 * the answer, the picture's box is empty; while the set is being made, the stored file is shown,
 * said to be "processing", and the server asked again every 5 s (for 5 minutes); once made, the
 * set is drawn. Pictures without a set (an SVG, an outside address) are drawn as they are.
 */
export function AdminPicture(props: ComponentProps<typeof Picture>) {
  const asks = pictureSetKeyOf(props.url) !== undefined && hasResponsiveSet(props.url, props.signedSet);
  const set = useQuery({
    queryKey: ['admin', 'picture-set', props.url],
    queryFn: () => adminGet('/picture-set', { url: props.url }),
    // A set once made stays made (a new picture is a new key): not asked again, not even when an
    // admin change refreshes the screen's reads (['admin']).
    enabled: (query) => asks && query.state.data?.ready !== true,
    staleTime: (query) => (query.state.data?.ready ? Number.POSITIVE_INFINITY : 0),
    refetchInterval: (query) =>
      query.state.data?.ready === false && query.state.dataUpdateCount < ASKS ? ASK_AGAIN_MS : false,
  });
  return <Picture {...props} setState={asks ? stateOf(set) : undefined} />;
}

function stateOf(set: UseQueryResult<PictureSetAnswer>): PictureSetState {
  if (set.data?.ready) return 'ready';
  if (set.data) return set.data.stored ? 'processing' : 'not-stored';
  return set.isError ? 'unknown' : 'asking';
}
