import { queryOptions } from '@tanstack/react-query';
import { PORTAL_MESSAGES } from '#shared/portal-messages.ts';
import { ApiError, apiGet, apiPost, apiUrl } from '../../lib/api.ts';
import type { PublicAnswer, PublicBody } from '../../lib/api-types.ts';

/**
 * The authenticity portal's calls (001 §7). The owner's session is an HttpOnly cookie the
 * browser keeps and sends by itself: this code never sees the token, and never keeps the
 * password once it has been sent.
 */
/** The owner's page, as GET and POST /authenticationcard answer it. */
export type PortalCard = PublicAnswer<'/authenticationcard'>;

const CARD_KEY = ['authenticity', 'card'] as const;

/** Don't ask again for a session the server has refused, nor for a wrong input. */
function retryOnlyNetwork(failures: number, error: unknown): boolean {
  return failures < 1 && !(error instanceof ApiError && error.status < 500);
}

/** GET /authenticationcard: the logged-in owner's piece (401 without a live session). */
export const cardQuery = () =>
  queryOptions({
    queryKey: CARD_KEY,
    queryFn: () => apiGet('/authenticationcard'),
    // Photo links and the session are short-lived: look again after a minute.
    staleTime: 60_000,
    gcTime: 5 * 60_000,
    retry: retryOnlyNetwork,
  });

export const cardQueryKey = CARD_KEY;

/** The navigation state of /authenticity when a screen found no live session. */
export interface LoginState {
  signedOut?: boolean;
}

export function logIn(cardNumber: string, password: string): Promise<PortalCard> {
  return apiPost('/authenticationcard', {
    cardNumber,
    password,
  });
}

/** DELETE /authenticationcard: ends the session (the server clears the cookie). */
export async function logOut(): Promise<void> {
  const response = await fetch(apiUrl('/authenticationcard'), {
    method: 'DELETE',
    credentials: 'same-origin',
  });
  if (!response.ok && response.status !== 401) {
    throw new ApiError(response.status, response.statusText);
  }
}

export function transferOwnership(
  input: PublicBody<'/transfer-auth'>,
): Promise<PublicAnswer<'/transfer-auth', 'post'>> {
  return apiPost('/transfer-auth', input);
}

export function resetPassword(
  email: string,
  cardNumber: string,
): Promise<PublicAnswer<'/reset-pwd', 'post'>> {
  return apiPost('/reset-pwd', {
    email,
    cardNumber,
  });
}

export function confirmReset(token: string): Promise<PublicAnswer<'/reset-pwd/confirm', 'post'>> {
  return apiPost('/reset-pwd/confirm', {
    token,
  });
}

/** POST /authenticationcard/login-link: mails the owner a one-time login link (same answer for any pair). */
export function requestLoginLink(
  cardNumber: string,
  email: string,
): Promise<PublicAnswer<'/authenticationcard/login-link', 'post'>> {
  return apiPost('/authenticationcard/login-link', {
    cardNumber,
    email,
  });
}

/** POST /authenticationcard/login-link/redeem: the link's page logs the owner in. */
export function redeemLoginLink(token: string): Promise<PortalCard> {
  return apiPost('/authenticationcard/login-link/redeem', {
    token,
  });
}

/** 401: no session, or it ended (expired, logged out, transferred, reset). */
export function isSignedOut(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * The words for a failed call: the server's own message for a 4xx that carries one, the
 * spec's network message for everything else (no answer, a 5xx, an unreadable answer).
 */
export function failureMessage(error: unknown): string {
  if (error instanceof ApiError && SPOKEN_STATUSES.has(error.status) && error.message) return error.message;
  return PORTAL_MESSAGES.network;
}

/**
 * The statuses the portal's calls answer with a message meant for the owner (409: a transfer of
 * a piece reported lost, a lost report that already stands).
 */
const SPOKEN_STATUSES = new Set([400, 401, 403, 409, 429]);
