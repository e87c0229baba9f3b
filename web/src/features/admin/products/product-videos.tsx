import './products.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { ADMIN_LIMITS } from '#shared/admin.ts';
import { adminDelete, adminPost } from '../api.ts';
import { AdminPage, ConfirmButton, ErrorText, Loading } from '../ui.tsx';
import { Uploader } from '../uploader.tsx';
import { productQuery, videosQuery } from './api.ts';

/** /advideo/{id} (001 §2): a product's videos — watch, delete (asks first), upload more. */
export function ProductVideos() {
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const product = useQuery(productQuery(id));
  const videos = useQuery(videosQuery(id));
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin'] });
  const name = product.data?.product.name;
  return (
    <AdminPage
      title={name ? `videos of ${name}` : 'product videos'}
      actions={<Link to={`/viewdetails/${encodeURIComponent(id)}`}>back to the product</Link>}
    >
      {videos.isPending && <Loading />}
      <ErrorText>{videos.error?.message || product.error?.message}</ErrorText>
      {videos.data && videos.data.length === 0 && <p className="adm-muted">no videos yet.</p>}
      <ol className="adm-media adm-products-videos">
        {(videos.data ?? []).map((video, i) => (
          <li key={video.id}>
            {/* biome-ignore lint/a11y/useMediaCaption: product films have no speech */}
            <video src={video.src} controls preload="metadata" aria-label={`video ${i + 1}`} />
            <ConfirmButton
              label={`delete video ${i + 1}`}
              question={`delete video ${i + 1}? its file is deleted too.`}
              onConfirm={async () => {
                await adminDelete('/videos', undefined, { id: video.id, pid: id });
                await refresh();
              }}
            />
          </li>
        ))}
      </ol>
      <Uploader
        kind="video"
        max={ADMIN_LIMITS.picturesPerPicker}
        label="add videos"
        onUploaded={async (urls) => {
          await adminPost('/upload-video', { pid: id, urls });
          await refresh();
        }}
      />
    </AdminPage>
  );
}
