import { stepMediaHandler } from './step-media.ts';

/** POST /upload-step-img { id, sizeFinderId, url } — the step's picture (an uploaded image). */
export const handler = stepMediaHandler('imageUrl');
