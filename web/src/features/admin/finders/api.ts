import { adminDelete, adminGet, adminPatch, adminPost, type Page } from '../api.ts';

/** The size finder admin calls (001 §7) and what they answer. */

export interface CollectionRef {
  id: string;
  name: string;
  gender: number;
}

export interface Finder {
  id: string;
  typeId: string;
  gender: number;
  numberOfSteps: number;
}

export interface Step {
  id: string;
  sizeFinderId: string;
  index: number;
  type: number;
  shortName: string;
  description: string;
  imageUrl?: string;
  videoUrl?: string;
  optionCount: number;
}

export interface Option {
  id: string;
  stepsId: string;
  sizeFinderId: string;
  index: number;
  content: string;
  imageUrl?: string;
}

export interface AnswerSummary {
  id: string;
  name: string;
  typeId: string;
  gender?: number;
  email: string;
  createdTime: string;
}

export interface AnswerDetails extends AnswerSummary {
  result: { index: number; shortName: string; val: string }[];
}

export type StepFields = Pick<Step, 'index' | 'type' | 'shortName' | 'description'>;
export type OptionFields = Pick<Option, 'index' | 'content'>;

export const PAGE_SIZE = 10;

export const findersApi = {
  finders: (tid: string, offset: number) =>
    adminGet<Page<Finder> & { type: CollectionRef }>('/size-finder', { tid, offset, pageSize: PAGE_SIZE }),
  createFinder: (typeId: string, gender: number) =>
    adminPost<{ id: string; finder: Finder }>('/size-finder', { typeId, gender }),
  updateFinder: (id: string, gender: number) =>
    adminPatch<{ finder: Finder }>('/size-finder', { id, gender }),
  deleteFinder: (id: string) => adminDelete('/size-finder', { id }),

  steps: (id: string, offset: number) =>
    adminGet<Page<Step> & { finder: Finder; type?: CollectionRef }>('/all-steps', {
      id,
      offset,
      pageSize: PAGE_SIZE,
    }),
  step: (id: string, sizeFinderId: string) =>
    adminGet<{ step: Step; finder: Finder }>('/step', { id, sizeFinderId }),
  createStep: (sizeFinderId: string, fields: StepFields) =>
    adminPost<{ id: string; step: Step }>('/step', { sizeFinderId, ...fields }),
  updateStep: (id: string, sizeFinderId: string, fields: Partial<StepFields>) =>
    adminPatch<{ step: Step }>('/step', { id, sizeFinderId, ...fields }),
  removeStepMedia: (id: string, sizeFinderId: string, what: 'removeImage' | 'removeVideo') =>
    adminPatch<{ step: Step }>('/step', { id, sizeFinderId, [what]: true }),
  deleteStep: (id: string, sizeFinderId: string) => adminDelete('/step', { id, sizeFinderId }),
  uploadStepImage: (id: string, sizeFinderId: string, url: string) =>
    adminPost<{ step: Step }>('/upload-step-img', { id, sizeFinderId, url }),
  uploadStepVideo: (id: string, sizeFinderId: string, url: string) =>
    adminPost<{ step: Step }>('/upload-step-video', { id, sizeFinderId, url }),

  options: (id: string, sizeFinderId: string, offset: number) =>
    adminGet<Page<Option> & { step: Step; finder: Finder }>('/all-options', {
      id,
      sizeFinderId,
      offset,
      pageSize: PAGE_SIZE,
    }),
  option: (id: string, sizeFinderId: string) =>
    adminGet<{ option: Option; step: Step; finder: Finder }>('/option', { id, sizeFinderId }),
  createOption: (sizeFinderId: string, stepsId: string, fields: OptionFields) =>
    adminPost<{ id: string; option: Option }>('/option', { sizeFinderId, stepsId, ...fields }),
  updateOption: (id: string, sizeFinderId: string, fields: OptionFields) =>
    adminPatch<{ option: Option }>('/option', { id, sizeFinderId, ...fields }),
  deleteOption: (id: string, sizeFinderId: string) => adminDelete('/option', { id, sizeFinderId }),
  uploadOptionImage: (id: string, sizeFinderId: string, url: string) =>
    adminPost<{ option: Option }>('/upload-option-img', { id, sizeFinderId, url }),
  deleteOptionImage: (id: string, sizeFinderId: string) => adminDelete('/options-img', { id, sizeFinderId }),

  answers: (offset: number) => adminGet<Page<AnswerSummary>>('/answers', { offset, pageSize: PAGE_SIZE }),
  answer: (id: string) => adminGet<{ answer: AnswerDetails }>('/answer-details', { id }),
};

/** Query keys: everything under ['admin', 'finders'] is refreshed after a change. */
export const findersKey = (...rest: unknown[]) => ['admin', 'finders', ...rest];
