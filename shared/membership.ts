/**
 * Membership (000 §2 /world/membership): the words the sign-up shows, which the server records
 * word for word as the member's consent, and the pages of the links mailed to members. One
 * constant for both sides, so what is recorded is what was shown.
 */
export const MEMBER_CONSENT = {
  offer:
    'Our pieces are released at random times, and each exists only once. Members receive an email the moment a new release arrives.',
  agreeBefore: 'By clicking the button, you agree to our',
  terms: 'terms of use',
  and: 'and',
  privacy: 'privacy policy',
} as const;

/** The consent as one sentence: what `MEMBER_CONSENT` renders on the page, without its links. */
export const MEMBER_CONSENT_WORDS = `${MEMBER_CONSENT.offer} ${MEMBER_CONSENT.agreeBefore} ${MEMBER_CONSENT.terms} ${MEMBER_CONSENT.and} ${MEMBER_CONSENT.privacy}.`;

/** pending: signed up, not confirmed (expires); confirmed: receives releases; unsubscribed: never mailed. */
export const MEMBER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/** Where one becomes a member (000 §2). */
export const MEMBERSHIP_PAGE = '/world/membership';

/** The web pages the mailed links open (each calls its API row). */
export const MEMBER_CONFIRM_PAGE = '/world/membership/confirm';
export const MEMBER_UNSUBSCRIBE_PAGE = '/world/membership/unsubscribe';
/** The RFC 8058 one-click address (List-Unsubscribe), under the API prefix. */
export const MEMBER_UNSUBSCRIBE_API = '/member/unsubscribe';

/** How long a confirmation link works; the pending sign-up is removed (TTL) after it. */
export const MEMBER_CONFIRM_DAYS = 7;

/**
 * How long an unsubscribe link works after its mail was sent: a year, so a mail kept in an inbox
 * still unsubscribes (List-Unsubscribe), while a link found years later in a leaked mail does not.
 * Every new mail carries a fresh link.
 */
export const MEMBER_UNSUBSCRIBE_LINK_DAYS = 365;

export const MEMBER_MESSAGES = {
  confirmed: 'thank you. your membership is confirmed.',
  linkInvalid: 'this link is no longer valid. please sign up again.',
  /** A confirmation link past its MEMBER_CONFIRM_DAYS. */
  linkExpired: `this link has expired: a confirmation link works for ${MEMBER_CONFIRM_DAYS} days. please sign up again.`,
  unsubscribed: 'you are unsubscribed. we will not email you again.',
  /** An unsubscribe link past its year. */
  unsubscribeExpired:
    'this link has expired. please use the unsubscribe link in a more recent email from us.',
  /** An unsubscribe link of an earlier membership of the same address (unsubscribed, then signed up again). */
  unsubscribeOtherMembership:
    'this link belongs to an earlier membership and no longer unsubscribes. please use the unsubscribe link in a more recent email from us.',
} as const;

/**
 * What the membership page says after the spec's "received." (issue 34): a sign-up is no
 * membership until its confirmation link is opened, within MEMBER_CONFIRM_DAYS.
 */
export const MEMBER_SIGNUP_WORDS = {
  mailOnItsWay: (email: string) =>
    `a confirmation email is on its way to ${email}. please open its link within ${MEMBER_CONFIRM_DAYS} days: only then are you a member.`,
  notThere: 'nothing arrived? look in your spam folder, or',
  sendAgain: 'send it again',
  sentAgain: 'sent again. the link of either email will do.',
  back: 'back',
} as const;

/** What a confirmed member is told on the confirmation page, after MEMBER_MESSAGES.confirmed. */
export const MEMBER_CONFIRMED_WORDS = {
  nowMember: 'you are now a member.',
  receive:
    'you will receive an email the moment a new release arrives, and a notice when our terms of use change. every email has a link to unsubscribe.',
} as const;
