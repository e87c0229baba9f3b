import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { DRAW_MESSAGES } from '#shared/contracts/draws.ts';
import { Loading } from '../../components/page.tsx';
import { ApiError } from '../../lib/api.ts';
import { entryLinkQuery, type PublicDraw } from './api.ts';
import { EntryForm } from './entry-form.tsx';
import { EntryStart } from './entry-start.tsx';

/**
 * /draw/:drawId/enter#<link> (issue 44): the page the mailed link opens. While the link works,
 * the entry form with the link's address fixed; otherwise why not, and the e-mail step again.
 */
export function LinkedEntry({ draw }: { draw: PublicDraw }) {
  const link = useLocation().hash.replace(/^#/, '');
  const status = useQuery({ ...entryLinkQuery(draw.drawId, link), enabled: Boolean(link) });
  if (!link) return <EntryStart draw={draw} lead={DRAW_MESSAGES.noLink} />;
  if (status.isPending) return <Loading />;
  if (!status.data) {
    const said = status.error instanceof ApiError && status.error.status < 500 ? status.error.message : '';
    return <EntryStart draw={draw} lead={said || DRAW_MESSAGES.linkUnknown} />;
  }
  return <EntryForm draw={draw} link={{ token: link, email: status.data.email }} />;
}
