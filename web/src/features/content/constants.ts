import { CONTACT } from '#shared/vocabulary.ts';

export const SUPPORT_EMAIL = CONTACT.supportEmail;

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

export { PILLARS } from '#shared/vocabulary.ts';

export const MISSION_VIDEO = hostedVideo('000000002');
export const MUSIC_VIDEO = hostedVideo('000000004');
