/** The support address (same value as SUPPORT_EMAIL in infra/local/demo/catalogue.ts). */
export const SUPPORT_EMAIL = 'support@oneofone.example';

/** The product's Instagram account (000 §2: the social page links to it). */
export const INSTAGRAM_URL = 'https://www.instagram.com/oneofoneluxury/';

/**
 * Hosted-video embeds (000 §7: mission and /allvideos pages use hosted embeds). The ids are
 * placeholders until the films are uploaded; only this table changes when they are.
 */
export const HOSTED_VIDEO_BASE = 'https://player.vimeo.com/video/';

export function hostedVideo(id: string): string {
  return `${HOSTED_VIDEO_BASE}${id}`;
}

/** The four pillars (000 §1); `joy` is shown as "entertainment". */
export const PILLARS = [
  { id: 'mind', label: 'mind' },
  { id: 'body', label: 'body' },
  { id: 'knowledge', label: 'knowledge' },
  { id: 'joy', label: 'entertainment' },
] as const;

export const MISSION_VIDEO = hostedVideo('000000002');
export const MUSIC_VIDEO = hostedVideo('000000004');
