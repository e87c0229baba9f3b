import type { AnswerFilter } from '#shared/contracts/size-finder.ts';
import type { AdminAnswer, AdminBody } from '../../../lib/api-types.ts';
import { adminDelete, adminGet, adminPatch, adminPost } from '../api.ts';
import { PAGE_SIZE } from '../paged.ts';

/** The size finder admin calls (001 §7); what they take and answer is in their contracts. */

export type Finder = AdminAnswer<'/size-finder'>['list'][number];
export type Step = AdminAnswer<'/step'>['step'];
export type Option = AdminAnswer<'/option'>['option'];

/** A size finder is for women (0) or men (1). */
export type FinderGender = AdminBody<'/size-finder'>['gender'];
export type StepFields = Pick<AdminBody<'/step'>, 'index' | 'type' | 'shortName' | 'description'>;
export type OptionFields = Pick<AdminBody<'/option'>, 'index' | 'content'>;
export type AnswerView = AdminAnswer<'/answer-details'>['answer'];
export type ReplyBody = AdminBody<'/answer-reply'>;
export type { AnswerFilter };

export const findersApi = {
  finders: (tid: string, offset: number) => adminGet('/size-finder', { tid, offset, pageSize: PAGE_SIZE }),
  createFinder: (typeId: string, gender: FinderGender) =>
    adminPost('/size-finder', {
      typeId,
      gender,
    }),
  updateFinder: (id: string, gender: FinderGender) =>
    adminPatch('/size-finder', {
      id,
      gender,
    }),
  deleteFinder: (id: string) => adminDelete('/size-finder', { id }),

  steps: (id: string, offset: number) =>
    adminGet('/all-steps', {
      id,
      offset,
      pageSize: PAGE_SIZE,
    }),
  step: (id: string, sizeFinderId: string) => adminGet('/step', { id, sizeFinderId }),
  createStep: (sizeFinderId: string, fields: StepFields) =>
    adminPost('/step', {
      sizeFinderId,
      ...fields,
    }),
  updateStep: (id: string, sizeFinderId: string, fields: Partial<StepFields>) =>
    adminPatch('/step', {
      id,
      sizeFinderId,
      ...fields,
    }),
  removeStepMedia: (id: string, sizeFinderId: string, what: 'removeImage' | 'removeVideo') =>
    adminPatch('/step', { id, sizeFinderId, [what]: true }),
  deleteStep: (id: string, sizeFinderId: string) => adminDelete('/step', { id, sizeFinderId }),
  uploadStepImage: (id: string, sizeFinderId: string, url: string) =>
    adminPost('/upload-step-img', {
      id,
      sizeFinderId,
      url,
    }),
  uploadStepVideo: (id: string, sizeFinderId: string, url: string) =>
    adminPost('/upload-step-video', {
      id,
      sizeFinderId,
      url,
    }),

  options: (id: string, sizeFinderId: string, offset: number) =>
    adminGet('/all-options', {
      id,
      sizeFinderId,
      offset,
      pageSize: PAGE_SIZE,
    }),
  option: (id: string, sizeFinderId: string) => adminGet('/option', { id, sizeFinderId }),
  createOption: (sizeFinderId: string, stepsId: string, fields: OptionFields) =>
    adminPost('/option', {
      sizeFinderId,
      stepsId,
      ...fields,
    }),
  updateOption: (id: string, sizeFinderId: string, fields: OptionFields) =>
    adminPatch('/option', {
      id,
      sizeFinderId,
      ...fields,
    }),
  deleteOption: (id: string, sizeFinderId: string) => adminDelete('/option', { id, sizeFinderId }),
  uploadOptionImage: (id: string, sizeFinderId: string, url: string) =>
    adminPost('/upload-option-img', {
      id,
      sizeFinderId,
      url,
    }),
  deleteOptionImage: (id: string, sizeFinderId: string) => adminDelete('/options-img', { id, sizeFinderId }),

  answers: (offset: number, filter: AnswerFilter) =>
    adminGet('/answers', { offset, pageSize: PAGE_SIZE, filter }),
  answer: (id: string) => adminGet('/answer-details', { id }),
  /** The sizes of the answer's collection, to recommend one (000 §9). */
  collectionSizes: async (tid: string) => (await adminGet('/sizelist-by-tid', { tid })).sizes,
  reply: (body: ReplyBody) => adminPost('/answer-reply', body satisfies ReplyBody),
  resendReply: (id: string) =>
    adminPost('/answer-reply/mail', {
      id,
    }),
};

/** Query keys: everything under ['admin', 'finders'] is refreshed after a change. */
export const findersKey = (...rest: unknown[]) => ['admin', 'finders', ...rest];
