import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams, useSearchParams } from 'react-router-dom';
import type { Gender } from '#shared/vocabulary.ts';
import { BackLink } from '../../components/back-button.tsx';
import { Loading, Page } from '../../components/page.tsx';
import { VideoPlayer } from '../../components/video-player.tsx';
import { apiGet } from '../../lib/api.ts';
import { genderOf, useNavValues } from '../../lib/nav-input.ts';
import './picking.css';
import { QUIET_FAILURE, retryThrottledOnly } from '../../lib/throttled.ts';

function useRelatedVideo(id: string, gender: Gender) {
  return useQuery({
    queryKey: ['get-pro-related-video', id, gender],
    queryFn: () => apiGet('/get-pro-related-video', { id, gender: String(gender) }),
    retry: retryThrottledOnly,
    meta: QUIET_FAILURE,
  });
}

function useProductVideos(id: string) {
  return useQuery({
    queryKey: ['get-vid-by-pid', id],
    queryFn: () => apiGet('/get-vid-by-pid', { id }),
    retry: retryThrottledOnly,
    meta: QUIET_FAILURE,
  });
}

function Film({ pending, url, title }: { pending: boolean; url: string | undefined; title: string }) {
  if (pending) return <Loading />;
  if (!url) return <p className="picking-muted picking-message">There is no film for this piece yet.</p>;
  return (
    <div className="picking-film">
      <VideoPlayer url={url} title={title} />
    </div>
  );
}

/** /products/productvideo (state type, gender): the collection video (000 §2). */
export function ProductVideo() {
  const values = useNavValues();
  const gender = genderOf(values.gender);
  if (!values.type || gender === undefined) return <Navigate to="/" replace />;
  return <CollectionFilm id={values.type} gender={gender} />;
}

function CollectionFilm({ id, gender }: { id: string; gender: Gender }) {
  const video = useRelatedVideo(id, gender);
  return (
    <Page title="Collection Video">
      <Film pending={video.isPending} url={video.data?.video} title="collection video" />
    </Page>
  );
}

/** /products/videoofproduct?pid=<id>: the first video of a product (000 §2). */
export function VideoOfProduct() {
  const { pid } = useNavValues();
  if (!pid) return <Navigate to="/" replace />;
  return <ProductFilm pid={pid} title="Product Video" />;
}

function ProductFilm({ pid, title, children }: { pid: string; title: string; children?: React.ReactNode }) {
  const videos = useProductVideos(pid);
  return (
    <Page title={title}>
      {children}
      <Film pending={videos.isPending} url={videos.data?.vids[0]?.url} title={title.toLowerCase()} />
    </Page>
  );
}

/** /collection-video/:id?gender=0|1 (default 0): a product-related video with a link home. */
export function CollectionVideo() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const gender = search.get('gender') === '1' ? 1 : 0;
  const video = useRelatedVideo(id, gender);
  return (
    <main className="page picking">
      <BackLink to="/home" className="back-button picking-home-link">
        <span aria-hidden="true">←</span> back
      </BackLink>
      <h1 className="picking-title">Collection Video</h1>
      <Film pending={video.isPending} url={video.data?.video} title="collection video" />
    </main>
  );
}

/** /care/:id: the product care video page (000 §2). */
export function CareVideo() {
  const { id = '' } = useParams();
  return (
    <ProductFilm pid={id} title="Product Care">
      <p className="picking-text">
        A short film on caring for your piece, so that it stays as it was made: once, and for a long time.
      </p>
    </ProductFilm>
  );
}
