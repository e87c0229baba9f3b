import { ADMIN_MESSAGES } from '#shared/admin-messages.ts';
import { LIMITS } from '#shared/constants.ts';
import * as z from '#shared/zod.ts';

export { ADMIN_MESSAGES };

export const ADMIN_LIMITS = {
  passwordMinLength: 12,
  /**
   * Wrong passwords in a sliding 15-minute window: per client address 20 (then refused), and
   * per account 5 from browsers that never logged in to it (then each further one waits 30 s,
   * doubling to 5 minutes; an alarm is logged). A browser that logged in to the account before
   * has its own count of 5 with the same waits. Right passwords are never counted.
   */
  loginTriesPerAccount: 5,
  loginTriesPerAddress: 20,
  loginWindowSeconds: 15 * 60,
  loginFirstDelaySeconds: 30,
  loginMaxDelaySeconds: 5 * 60,
  /** A staff session ends after 30 idle minutes and at most 8 hours after login. */
  sessionIdleSeconds: 30 * 60,
  sessionAbsoluteSeconds: 8 * 60 * 60,
  pageSize: LIMITS.pageSize,
  picturesPerPicker: LIMITS.picturesPerPicker,
  imagesPerCollectionSet: LIMITS.imagesPerCollectionSet,
  /** The note of a size finder reply (000 §9), mailed to the shopper. */
  replyNoteMax: 1000,
} as const;

/** The admin's page of one order (the sale notice to staff links it). */
export const adminOrderPage = (checkoutCode: string) => `/view-order/${encodeURIComponent(checkoutCode)}`;

/** Every state-changing admin call carries this header (a cross-site form or image cannot). */
export const ADMIN_REQUEST_HEADER = 'x-boutique-admin';

/** Admin times are shown in Vancouver time (001 §2). */
export const ADMIN_TIME_ZONE = 'America/Vancouver';

export const adminLoginSchema = z.object({
  user: z
    .string()
    .check(z.trim(), z.minLength(1, ADMIN_MESSAGES.loginFailed), z.maxLength(64, ADMIN_MESSAGES.loginFailed)),
  pass: z
    .string()
    .check(z.minLength(1, ADMIN_MESSAGES.loginFailed), z.maxLength(256, ADMIN_MESSAGES.loginFailed)),
});

/** Lists: offset and page size (10 by default, at most 100). */
export const pageQuerySchema = z.object({
  offset: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(1_000_000)), 0),
  pageSize: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), LIMITS.pageSize),
});

export interface Page<T> {
  pageCount: number;
  total: number;
  list: T[];
}

/**
 * What an admin may upload, where it goes and how big it may be. The server makes every key;
 * the browser only ever uploads to the one key it was given.
 */
export const UPLOAD_KINDS = {
  image: {
    prefix: 'collection_images/',
    maxBytes: 15 * 1024 * 1024,
    types: { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif' },
  },
  authenticity: {
    prefix: 'authenticity/',
    maxBytes: 15 * 1024 * 1024,
    types: { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' },
  },
  video: {
    prefix: 'videos/',
    maxBytes: 500 * 1024 * 1024,
    types: { 'video/mp4': 'mp4', 'video/webm': 'webm', 'video/quicktime': 'mov' },
  },
} as const;
export type UploadKind = keyof typeof UPLOAD_KINDS;

export const uploadRequestSchema = z.object({
  kind: z.enum(Object.keys(UPLOAD_KINDS) as [UploadKind, ...UploadKind[]]),
  contentType: z.string().check(z.maxLength(100)),
  size: z.number().check(z.int(), z.gte(1)),
});
