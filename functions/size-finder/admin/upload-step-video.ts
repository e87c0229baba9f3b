import { stepMediaHandler } from './step-media.ts';

/** POST /upload-step-video { id, sizeFinderId, url } — the step's video (an uploaded video). */
export const handler = stepMediaHandler('videoUrl');
