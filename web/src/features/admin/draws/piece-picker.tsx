import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AdminPicture } from '../kit/admin-picture.tsx';
import { TextField } from '../kit/fields.tsx';
import { ErrorText, Loading } from '../ui.tsx';
import { offerablePiecesQuery } from './api.ts';

/**
 * The new draw's piece, chosen from the pieces for sale now by picture, name and collection
 * (issue 45), found by typing part of a name or collection; a radio group, so one piece.
 */
export function PiecePicker({ value, onChange }: { value: string; onChange: (pid: string) => void }) {
  const pieces = useQuery(offerablePiecesQuery());
  const [find, setFind] = useState('');
  const words = find.trim().toLowerCase();
  const shown = (pieces.data ?? []).filter(
    (p) => !words || `${p.name} ${p.typeName}`.toLowerCase().includes(words) || p.id === value,
  );
  return (
    <fieldset className="adm-draw-picker">
      <legend>piece</legend>
      <TextField label="find a piece by name or collection" type="search" value={find} onChange={setFind} />
      {pieces.isPending && <Loading />}
      <ErrorText>{pieces.error?.message}</ErrorText>
      {pieces.data && shown.length === 0 && (
        <p className="adm-muted">
          {pieces.data.length === 0 ? 'no piece is for sale now.' : 'no piece for sale matches.'}
        </p>
      )}
      <ul className="adm-draw-pieces">
        {shown.map((p) => (
          <li key={p.id}>
            <label className={p.id === value ? 'adm-draw-piece adm-draw-piece-chosen' : 'adm-draw-piece'}>
              <input
                type="radio"
                name="draw-piece"
                value={p.id}
                checked={p.id === value}
                onChange={() => onChange(p.id)}
                required
              />
              {p.picture ? (
                <AdminPicture
                  url={p.picture}
                  alt=""
                  className="adm-draw-piece-picture"
                  sizes="64px"
                  width={64}
                  height={64}
                />
              ) : (
                <span className="adm-draw-piece-picture" />
              )}
              <span>
                {p.name}
                <span className="adm-muted adm-draw-piece-collection">{p.typeName}</span>
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
