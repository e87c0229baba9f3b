import { useState } from 'react';
import { Link } from 'react-router-dom';
import { CLUB_FILM, MISSION_FILM, MUSIC_FILM } from '#shared/films.ts';
import { Page } from '../../components/page.tsx';
import { navTarget } from '../../lib/nav-input.ts';
import { INSTAGRAM_URL, PILLARS } from './constants.ts';
import { ContentMenu, Lead, Prose, SupportEmail } from './content-ui.tsx';
import { SlotFilm } from './films.tsx';

/** 000 §1, §2: the world of One of One Luxury, its mission and its rules. */

const WORLD_MENU = [
  { to: '/world/oneofoneluxury', label: 'One of One Luxury' },
  { to: '/world/mission', label: 'Mission' },
  { to: '/world/meaning', label: 'Meaning of the Name' },
  { to: '/world/gifts', label: 'gifts' },
  { to: '/world/episodes', label: 'content', note: 'episodes' },
  { to: '/world/fundraiser', label: 'Fundraisers' },
  { to: '/world/support', label: 'Support' },
  { to: '/world/products', label: 'Products' },
  { to: '/world/purchasingproduct', label: 'Purchasing a Product' },
  { to: '/world/authentification', label: 'authenticity' },
  { to: '/world/membership', label: 'Membership' },
  { to: '/draws', label: 'Release draws' },
  { to: '/world/followus', label: 'Follow us' },
] as const;

export function WorldMenu() {
  return (
    <Page title="World">
      <Lead>Luxury made once, and shared with many.</Lead>
      <ContentMenu label="World" entries={WORLD_MENU} />
    </Page>
  );
}

export function OneOfOneLuxury() {
  return (
    <Page title="One of One Luxury">
      <Lead>Every piece is made once. Never again.</Lead>
      <Prose>
        <h2>The one-of-one law</h2>
        <p>
          A product of ours exists exactly once in the world. Collections share a shape, and one part of each
          piece differs in colour, so that no two are alike. When a piece is sold, it is gone: it is never
          remade, never reissued, never copied.
        </p>
        <p>
          Clothing, bags, shoes, jewellery, watches, eyewear, objects for the home and for travel: whatever
          the category, the law is the same. One of one.
        </p>
        <p>
          See the <Link to="/world/products">rules of our products</Link>.
        </p>
      </Prose>
    </Page>
  );
}

export function Meaning() {
  return (
    <Page title="Meaning of the Name">
      <Lead>One of one: the only one of its kind.</Lead>
      <Prose>
        <p>
          The name is a promise. Each piece is the single example of its design and colour, and its owner is
          the single person to wear it, carry it or live with it.
        </p>
        <p>
          It is also a reminder that every person is one of one, which is why a part of what we earn goes to
          helping people become the best version of themselves.
        </p>
      </Prose>
    </Page>
  );
}

export function MissionMenu() {
  return (
    <Page title="Mission">
      <Lead>Luxury with a purpose: mind, body, knowledge and entertainment.</Lead>
      <ContentMenu
        label="Mission"
        entries={[
          { to: '/world/mission/written', label: 'written', note: 'our mission in words' },
          { to: '/world/mission/video', label: 'video', note: 'our mission on film' },
          { to: '/world/mission/music', label: 'music', note: 'the music video' },
          { to: '/world/mission/lyrics', label: 'lyrics', note: 'bethebestyou' },
        ]}
      />
    </Page>
  );
}

function MissionText() {
  return (
    <Prose>
      <p>
        A share of our yearly profits, and 100% of the profits of our events, go to charity under four
        pillars: mind, body, knowledge and entertainment.
      </p>
      <p>
        Every sale comes with a gift tied to one of the pillars, or with a financial contribution to our
        support programme. The programme helps selected individuals, currently in music, to grow their talent.
      </p>
      <p>
        Fashion shows, sports events, concerts and auctions are planned, each one raising funds for the
        pillars.
      </p>
    </Prose>
  );
}

export function MissionWritten() {
  return (
    <Page title="Our Mission">
      <Lead>Each one of one piece helps someone become the best they can be.</Lead>
      <MissionText />
      <SlotFilm slot={MISSION_FILM} />
    </Page>
  );
}

export function MissionVideo() {
  return (
    <Page title="Mission Video">
      <SlotFilm slot={MISSION_FILM} />
    </Page>
  );
}

export function MissionMusic() {
  return (
    <Page title="Music Video">
      <Lead>bethebestyou</Lead>
      <SlotFilm slot={MUSIC_FILM} />
      <p className="content-aside">
        <Link to="/world/mission/lyrics">read the lyrics</Link>
      </p>
    </Page>
  );
}

const LYRICS: readonly (readonly string[])[] = [
  [
    'Morning light on an open hand,',
    'nobody else gets to stand where I stand.',
    'One of one, and I know it now:',
    "I don't need to be them, just the best me somehow.",
  ],
  [
    'Be the best you, be the best you,',
    'nobody else can do what you do.',
    'Made only once, never made again,',
    'be the best you, and then be it again.',
  ],
  [
    'Mind a little clearer, body a little strong,',
    'learn one more thing, sing one more song.',
    'Every step counts when the step is mine,',
    'one of one, and the one is fine.',
  ],
  [
    'Be the best you, be the best you,',
    'nobody else can do what you do.',
    'Made only once, never made again,',
    'be the best you, and then be it again.',
  ],
];

export function MissionLyrics() {
  return (
    <Page title="Lyrics">
      <h2 className="content-song">bethebestyou</h2>
      <div className="content-lyrics">
        {LYRICS.map((verse, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the verses are fixed; the chorus repeats.
          <p key={index}>
            {verse.map((line) => (
              <span key={line} className="content-lyric-line">
                {line}
              </span>
            ))}
          </p>
        ))}
      </div>
    </Page>
  );
}

export function Gifts() {
  return (
    <Page title="Gifts">
      <Lead>Every sale gives something back.</Lead>
      <Prose>
        <p>
          Each product comes with a gift tied to one of our four pillars, mind, body, knowledge or
          entertainment, or with a financial contribution to our support programme.
        </p>
        <p>
          The gift of a product is shown under its philanthropy tab. Read more about our{' '}
          <Link to="/world/philanthropy">philanthropy</Link>.
        </p>
      </Prose>
    </Page>
  );
}

export function Philanthropy() {
  return (
    <Page title="Philanthropy">
      <Lead>Four pillars: mind, body, knowledge and entertainment.</Lead>
      <Prose>
        <p>
          A share of our yearly profits goes to charity under the four pillars, and 100% of the profits of our
          events do too.
        </p>
        <p>
          Every sale comes with a gift tied to a pillar, or with a financial contribution to our support
          programme for selected individuals.
        </p>
      </Prose>
    </Page>
  );
}

export function Fundraiser() {
  return (
    <Page title="Fundraisers">
      <Lead>Evenings that give everything they raise.</Lead>
      <Prose>
        <p>We are planning fashion shows, sports events, concerts and auctions.</p>
        <p>100% of the profits of every event go to charity under our four pillars.</p>
        <p>Members hear of each event first.</p>
      </Prose>
    </Page>
  );
}

export function Support() {
  return (
    <Page title="Support">
      <Lead>Support for selected individuals, currently in music.</Lead>
      <Prose>
        <p>
          Part of what we earn supports people with a talent worth growing. To apply, send a one-minute video
          of yourself and your work by email to <SupportEmail />.
        </p>
        <p>We read and watch every application.</p>
      </Prose>
    </Page>
  );
}

export function Products() {
  return (
    <Page title="Products">
      <Lead>Five rules shape everything we make.</Lead>
      <ol className="content-rules">
        <li>
          <span className="content-rule-number">#1</span>
          Every product exists exactly once.
        </li>
        <li>
          <span className="content-rule-number">#2</span>A collection shares one shape; one part of each piece
          differs in colour.
        </li>
        <li>
          <span className="content-rule-number">#3</span>A product is never remade, reissued or copied.
        </li>
        <li>
          <span className="content-rule-number">#4</span>
          Products are sold only here, in our digital boutique, and released at random times.
        </li>
        <li>
          <span className="content-rule-number">#5</span>
          Every product comes with a stainless steel authenticity card and a gift tied to our mission.
        </li>
      </ol>
      <p className="content-aside">
        Collections are made for women, for men, or for both; some pieces stand alone, outside any collection.
      </p>
    </Page>
  );
}

export function PurchasingProduct() {
  return (
    <Page title="Purchasing a Product">
      <Lead>One piece, one owner.</Lead>
      <Prose>
        <p>
          Choose a collection, then a size if it has one, then the colour of each part: the combination you
          pick is a single, existing piece. Pay in USD by card or PayPal.
        </p>
        <p>
          Your purchase comes with an authenticity card, a gift tied to one of our pillars, and a place in our{' '}
          <Link to="/world/club">club</Link>.
        </p>
        <p>All sales are final. You must be 18 or older, or have the consent of a guardian.</p>
      </Prose>
    </Page>
  );
}

export function Club() {
  return (
    <Page title="Club">
      <Lead>Exclusive by nature, inclusive by choice.</Lead>
      <SlotFilm slot={CLUB_FILM} />
      <Prose>
        <p>Membership of the club begins with a purchase. Every owner of a one of one piece belongs to it.</p>
        <p>
          From time to time the club offers free luxury experiences to a group of members chosen at random:
          the pieces are exclusive, the chance is equal for all.
        </p>
      </Prose>
    </Page>
  );
}

export function Authentification() {
  return (
    <Page title="Authenticity">
      <Lead>Proof that belongs only to you.</Lead>
      <Prose>
        <p>
          Every product comes with a stainless steel authenticity card engraved with a 16-digit number. We
          email its owner a password.
        </p>
        <p>
          In our authenticity portal, log in with the card number and the password to see the photographs of
          the product that matches the card.
        </p>
        <p>If a card and its password do not let you in, the product may be a fake.</p>
      </Prose>
    </Page>
  );
}

export function FollowUs() {
  return (
    <Page title="Follow us">
      <Lead>New releases, films and events, as they happen.</Lead>
      <p>
        <a className="content-button" href={INSTAGRAM_URL} target="_blank" rel="noreferrer">
          Instagram <span className="visually-hidden">(opens in a new tab)</span>
        </a>
      </p>
    </Page>
  );
}

/** 000 §2: the episodes, one a pillar; each opens the pillar video screen for the chosen edition. */
export function Episodes() {
  const [gender, setGender] = useState<'0' | '1'>('0');
  return (
    <Page title="Content">
      <Lead>Episodes on the four pillars of our mission.</Lead>
      <fieldset className="content-choice">
        <legend>edition</legend>
        {(
          [
            ['0', 'women'],
            ['1', 'men'],
          ] as const
        ).map(([value, label]) => (
          <label key={value}>
            <input
              type="radio"
              name="edition"
              value={value}
              checked={gender === value}
              onChange={() => setGender(value)}
            />
            <span>{label}</span>
          </label>
        ))}
      </fieldset>
      <nav aria-label="Episodes">
        <ul className="content-menu">
          {PILLARS.map((pillar) => (
            <li key={pillar.id}>
              <Link
                to={navTarget('/world/episodes/viewepisodes/', { type: pillar.id, gender })}
                state={{ type: pillar.id, gender }}
              >
                <span className="content-menu-label">{pillar.label}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </Page>
  );
}

/** /products: the two lists of collections. */
export function ProductsMenu() {
  return (
    <Page title="Products">
      <ContentMenu
        label="Products"
        entries={[
          { to: '/women/', label: 'women' },
          { to: '/men/', label: 'men' },
        ]}
      />
    </Page>
  );
}

/** /boutique and /boutique/twoboutiques: the digital and the physical boutique. */
export function Boutique() {
  return (
    <Page title="Boutique">
      <Lead>Two boutiques, one house.</Lead>
      <div className="content-boutiques">
        <section className="content-boutique" aria-labelledby="boutique-digital">
          <h2 id="boutique-digital">Digital</h2>
          <p>
            This website is our digital boutique, and the only place where our products are sold. New pieces
            arrive at random times; members hear of them first.
          </p>
          <p>
            <Link to="/products">enter the digital boutique</Link>
          </p>
        </section>
        <section className="content-boutique" aria-labelledby="boutique-physical">
          <h2 id="boutique-physical">Physical</h2>
          <p>
            We have no physical boutique yet. Until we open one, private viewings may be arranged by
            appointment: write to <SupportEmail />.
          </p>
        </section>
      </div>
    </Page>
  );
}

export function Accessibility() {
  return (
    <Page title="Accessibility">
      <Lead>Our boutique is meant to be open to everyone.</Lead>
      <Prose>
        <p>
          We aim to meet the Web Content Accessibility Guidelines (WCAG) 2.1 at level AA. Every page can be
          used with a keyboard, shows where the focus is, labels its controls, and reads well on a phone as on
          a large screen and when the text is enlarged.
        </p>
        <p>
          Our films are wordless; where a film carries words, they are also written on the page, as with our
          song&apos;s lyrics.
        </p>
        <p>
          If anything on this website is hard for you to use, please tell us at <SupportEmail />. We will
          answer, and help you with your purchase by email in the meantime.
        </p>
      </Prose>
    </Page>
  );
}
