import { mediaSrc } from '#shared/media.ts';

/** A stored video (an `s3/…` url or an address) in a calm, full-width player. */
export function VideoPlayer({ url, title }: { url: string; title: string }) {
  return (
    // biome-ignore lint/a11y/useMediaCaption: the shop's videos are wordless films.
    <video className="video" src={mediaSrc(url)} controls playsInline preload="metadata" aria-label={title} />
  );
}

/** A hosted video (mission, /allvideos): an embed, lazy so it costs nothing until seen. */
export function HostedVideo({ src, title }: { src: string; title: string }) {
  return (
    <div className="video-frame">
      <iframe src={src} title={title} loading="lazy" allow="fullscreen; picture-in-picture" />
    </div>
  );
}
