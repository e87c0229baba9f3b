import type { RenderPages } from './render-port.ts';

/**
 * PLACEHOLDER until the renderer is wired (issue 47: the React server renderer is written
 * beside this, and replaces this file with its `renderPages`). The triggers import it from here
 * by default; until then every call fails, so a stream batch is retried and then handed to its
 * on-failure queue, never dropped as if rendered.
 */
export const renderPages: RenderPages = async () => {
  throw new Error('renderPages: not wired yet');
};
