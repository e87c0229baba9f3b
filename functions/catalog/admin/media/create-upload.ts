import { presignUpload } from '#platform/uploads.ts';
import { createUploadContract } from '#shared/contracts/catalog-admin-media.ts';
import { defineAdminHandler } from '#staff/index.ts';

/**
 * POST /upload-url { kind, contentType, size } → a presigned PUT for one server-made key
 * (`collection_images/…`, `authenticity/…`, `videos/…`). The spec's multipart upload calls take
 * the returned `url` once the browser has put the file (see functions/lib/uploads.ts).
 */
export const handler = defineAdminHandler(createUploadContract, async ({ body }, event) =>
  presignUpload({ ...body, admin: event.admin }),
);
