import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { TERMS_DRAW, TERMS_RESERVATION } from '#shared/terms.ts';
import { currentTermsQuery } from '../../lib/current-terms.ts';
import { SupportEmail } from './content-ui.tsx';

/**
 * The terms of use and the privacy policy (000 §2, §9): shown as /more pages and in the
 * membership overlays. `level` is the heading level of their sections (2 under a page title,
 * 3 under an overlay title).
 */
type Level = 2 | 3;

function Section({ level, title, children }: { level: Level; title: string; children: ReactNode }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className="content-legal-section">
      <Heading className="content-legal-heading">{title}</Heading>
      {children}
    </section>
  );
}

/** "version 2026-11, effective 2027-01-15": the published version (GET /terms), once read. */
function TermsVersion() {
  const current = useQuery(currentTermsQuery());
  if (!current.data) return null;
  return (
    <p className="content-legal-version">
      Version {current.data.version}, effective {current.data.effectiveDate}.
    </p>
  );
}

export function TermsOfUse({ level = 2 }: { level?: Level }) {
  return (
    <div className="content-legal">
      <TermsVersion />
      <Section level={level} title="Agreement">
        <p>
          These terms govern your use of this website, the only place where One of One Luxury products are
          sold, and every purchase made on it. By using the website, or by clicking a button that refers to
          these terms, you agree to the terms of use and to our privacy policy.
        </p>
      </Section>
      <Section level={level} title="Eligibility">
        <p>
          You must be at least 18 years old to use this website or to buy from it. A younger person may do so
          only with the consent of a parent or legal guardian, who accepts these terms on their behalf.
        </p>
      </Section>
      <Section level={level} title="One of one">
        <p>
          Every product exists exactly once. Pictures show the product you receive; colours may appear
          slightly different on your screen.
        </p>
        <p>{TERMS_RESERVATION}</p>
      </Section>
      <Section level={level} title="Release draws">
        <p>{TERMS_DRAW}</p>
      </Section>
      <Section level={level} title="Prices and payment">
        <p>
          All prices are displayed and billed in US dollars (USD), whatever the payment method. Your bank may
          charge a fee if it does not normally handle USD. Shipping is charged separately and is shown at
          checkout once your address is known.
        </p>
      </Section>
      <Section level={level} title="Shipping and delivery">
        <p>
          We ship worldwide with DHL, FedEx, UPS or Canada Post. Delivery usually takes 3 to 7 business days
          to Canada or the USA and 5 to 10 business days elsewhere. A rush delivery of about 2 business days
          may be arranged by email to <SupportEmail />. The delivery address cannot be changed once the
          product has shipped.
        </p>
        <p>
          No duties apply to Canada or the USA. Elsewhere, duties, customs and import fees may be collected by
          the shipping provider on delivery; they are the buyer&apos;s responsibility.
        </p>
      </Section>
      <Section level={level} title="All sales final">
        <p>All sales are final. We do not accept returns, and we offer no refunds or exchanges.</p>
      </Section>
      <Section level={level} title="Authenticity">
        <p>
          Each product comes with a stainless steel authenticity card bearing a 16-digit number. With that
          number and the password we email to you, you may see the photographs of your product in our
          authenticity portal.
        </p>
      </Section>
      <Section level={level} title="Intellectual property">
        <p>
          The designs, names, photographs, films and texts of this website belong to One of One Luxury and may
          not be copied or used without our written permission.
        </p>
      </Section>
      <Section level={level} title="Claims">
        <p>
          Any claim relating to a purchase or to this website must be filed within one year of the event
          giving rise to it; after that it is barred.
        </p>
      </Section>
      <Section level={level} title="Governing law and disputes">
        <p>
          These terms are governed by the laws of the Province of British Columbia and the federal laws of
          Canada applicable there. Any dispute shall be settled by arbitration in Vancouver, British Columbia,
          conducted in English.
        </p>
      </Section>
      <Section level={level} title="Changes to these terms">
        <p>
          We may update these terms from time to time. Registered users receive an email notice of any change;
          continuing to use the website after a change means you accept it.
        </p>
      </Section>
      <Section level={level} title="Contact">
        <p>
          Questions about these terms: <SupportEmail />.
        </p>
      </Section>
    </div>
  );
}

const DATA_CATEGORIES: readonly [string, string][] = [
  ['Profile data', 'your name, address and email address.'],
  [
    'Transaction data',
    'the products you buy, their prices, and the payment and delivery details of an order.',
  ],
  ['Communications data', 'the messages you send us and our replies, and your membership sign-up.'],
  ['User content data', 'what you choose to send us, such as a video application or size-finder answers.'],
  [
    'Device and network data',
    'your IP address, browser type and version, operating system and similar technical details.',
  ],
  ['Usage data', 'the pages you visit and how you move through the website.'],
  ['Location data', 'your approximate location, derived from your IP address or delivery address.'],
];

export function PrivacyPolicy({ level = 2 }: { level?: Level }) {
  return (
    <div className="content-legal">
      <p className="content-legal-updated">Last updated May 30, 2022</p>
      <Section level={level} title="Who we are">
        <p>
          One of One Luxury sells one-of-one luxury goods on this website. This policy explains what personal
          data we collect, why, and the choices you have.
        </p>
      </Section>
      <Section level={level} title="The data we collect">
        <dl className="content-legal-list">
          {DATA_CATEGORIES.map(([term, description]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{description}</dd>
            </div>
          ))}
        </dl>
      </Section>
      <Section level={level} title="How we use it">
        <p>
          To process and deliver your orders, to run the authenticity programme, to tell members about new
          releases, to answer your messages, to keep the website secure, and to improve it.
        </p>
      </Section>
      <Section level={level} title="Sharing">
        <p>
          We never sell your data. We share only what is needed with the providers who help us: payment
          processors, shipping carriers and hosting services, each bound to protect it.
        </p>
      </Section>
      <Section level={level} title="Keeping and protecting it">
        <p>
          We keep personal data only as long as needed for the purposes above or as the law requires, and
          protect it with reasonable technical and organisational measures.
        </p>
      </Section>
      <Section level={level} title="Your choices">
        <p>
          You may ask to see, correct or delete your data, or to stop receiving release emails, at any time by
          writing to <SupportEmail />.
        </p>
      </Section>
      <Section level={level} title="Age">
        <p>
          This website is meant for people of 18 and over. Younger people may use it only with the consent of
          a parent or legal guardian.
        </p>
      </Section>
    </div>
  );
}
