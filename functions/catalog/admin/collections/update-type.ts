import { updateTypeSchema } from '#shared/admin-types.ts';
import { defineAdminHandler } from '#staff/index.ts';
import { adminTypeView, updateType } from '../../entities/collection.ts';

/** PATCH /types: a collection's fields (blank optional fields are cleared). */
export const handler = defineAdminHandler({ body: updateTypeSchema }, async ({ body }, event) => {
  const { id, ...fields } = body;
  return { status: 200, type: adminTypeView(await updateType(id, fields, event.admin)) };
});
