import { CopyButton } from '../../components/copy-button.tsx';
import { LazyQrCode } from '../../components/lazy-qr-code.tsx';
import type { OwnerPassport } from './passport-api.ts';

/** The card's code: its QR, the `/verify#…` link anyone can open, and a way to copy it. */
export function PassportCode({ passport }: { passport: OwnerPassport }) {
  return (
    <section className="passport-part" aria-labelledby="passport-code-title">
      <h3 id="passport-code-title" className="passport-part-title">
        the code on your steel card
      </h3>
      {passport.verifyUrl ? (
        <div className="passport-code">
          <LazyQrCode
            text={passport.verifyUrl}
            label="QR code of this piece's passport, the same as on your steel card"
            className="qr-code passport-qr"
          />
          <div className="passport-code-text">
            <p className="portal-text">
              This is the code on your steel card. Anyone can scan it, or open the link, to check that the
              piece is authentic: the check runs on their phone, even with no signal, and needs no password.
            </p>
            <a className="passport-link" href={passport.verifyUrl}>
              {passport.verifyUrl}
            </a>
            <div className="passport-row">
              <CopyButton text={passport.verifyUrl} />
            </div>
          </div>
        </div>
      ) : (
        <p className="portal-text">
          The passport of this piece is being prepared: its code appears here by itself as soon as its
          certificate is issued, usually within a minute.
        </p>
      )}
    </section>
  );
}
