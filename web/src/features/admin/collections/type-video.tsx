import './collections.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import type { Gender } from '#shared/vocabulary.ts';
import { adminPost } from '../api.ts';
import { AdminPage, ErrorText, Loading } from '../ui.tsx';
import { Uploader } from '../uploader.tsx';
import { type TypeVideo, typeVideosQuery } from './api.ts';

const GENDERS = [
  [0, "women's video", ''],
  [1, "men's video", ''],
  [2, 'video for both', 'shown to women and men when their own video is missing'],
] as const;

/** /ad-type-video?id (001 §2): a collection's (or pillar's) video for each gender. */
export function TypeVideoPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const queryClient = useQueryClient();
  const videos = useQuery({ ...typeVideosQuery(id), enabled: id !== '' });

  const put = (gender: Gender) => async (urls: string[]) => {
    const [url] = urls;
    if (!url) return;
    await adminPost('/upload-type-video-new', {
      pId: id,
      url,
      gender,
    });
    await queryClient.invalidateQueries({ queryKey: typeVideosQuery(id).queryKey });
  };

  const owner = videos.data?.owner;
  return (
    <AdminPage
      title={
        owner ? `videos of ${owner.pillar ? `the ${owner.name} pillar` : owner.name}` : 'collection videos'
      }
      actions={<Link to="/view-types">all collections</Link>}
    >
      {!id && <ErrorText>no collection was chosen.</ErrorText>}
      {id && videos.isPending && <Loading />}
      <ErrorText>{videos.error?.message}</ErrorText>
      {videos.data &&
        GENDERS.map(([gender, title, hint]) => {
          const current = videos.data.videos.find((v: TypeVideo) => v.gender === gender);
          const headingId = `video-${gender}`;
          return (
            <section key={gender} className="adm-types-section" aria-labelledby={headingId}>
              <h2 id={headingId}>{title}</h2>
              {hint && <p className="adm-muted">{hint}</p>}
              {current ? (
                // biome-ignore lint/a11y/useMediaCaption: the staff member's own upload, shown to check it
                <video src={current.src} controls preload="metadata" aria-label={title} />
              ) : (
                <p className="adm-muted">none yet.</p>
              )}
              <Uploader
                kind="video"
                max={1}
                label={current ? `replace the ${title}` : `upload the ${title}`}
                onUploaded={put(gender)}
              />
            </section>
          );
        })}
    </AdminPage>
  );
}
