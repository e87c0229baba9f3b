import { Picture } from '../../components/picture.tsx';
import type { OwnerPassport } from './passport-api.ts';

/** Each photograph takes a fifth of the column on a phone, at most 7rem (passport.css). */
const PHOTO_SIZES = '7rem';

/**
 * The authenticity photographs the piece's certificate names (docs/passport.md, The certificate):
 * each with the start of its SHA-256, which anyone checking the code online compares with the
 * published copy. Nothing is promised when the certificate names none.
 */
export function PassportPhotos({ passport }: { passport: OwnerPassport }) {
  if (!passport.code) return null;
  const count = passport.photos.length;
  return (
    <section className="passport-part" aria-labelledby="passport-photos-title">
      <h3 id="passport-photos-title" className="passport-part-title">
        photographs in the certificate
      </h3>
      {count === 0 ? (
        <p className="portal-text">This certificate names no authenticity photographs.</p>
      ) : (
        <>
          <p className="portal-text">
            The certificate names{' '}
            {count === 1
              ? 'this photograph by its fingerprint'
              : `these ${count} photographs by their fingerprints`}{' '}
            (SHA-256): anyone who checks the code online compares {count === 1 ? 'it' : 'each of them'} with
            its published copy.
          </p>
          <ul className="passport-photos">
            {passport.photos.map((photo, i) => (
              <li key={photo.sha256}>
                <figure className="passport-photo">
                  <Picture
                    url={photo.url}
                    src={photo.url}
                    signedSet={photo.srcset}
                    sizes={PHOTO_SIZES}
                    alt={`authenticity photograph ${i + 1} of ${count} named by the certificate`}
                  />
                  <figcaption>
                    <code title={photo.sha256}>{photo.sha256.slice(0, 12)}…</code>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
