import type { RenderPages } from '../../functions/pages/render-port.ts';
import { runInScope } from '../../functions/platform/request-scope.ts';
import type { StreamInvoker } from './table-stream.ts';

/** The stream's function on the local stack, as its calls are recorded (test/iam). */
export const RENDER_ON_CHANGE_FUNCTION = 'pages/jobs/render-on-change';

/**
 * The render-on-change function from the source, run in this process inside its function's scope
 * (so its AWS calls are attributed), with the renderer given (a test's recording one, or the
 * local renderer until the module's own is wired) or else the module's own `renderPages`.
 */
export function sourceRenderOnChange(renderPages?: RenderPages): StreamInvoker {
  return async (event, requestId) => {
    const module = await import('../../functions/pages/jobs/render-on-change.ts');
    const run = renderPages
      ? module.renderOnChange({
          renderPages,
          readFacts: (await import('../../functions/pages/catalogue-facts.ts')).readCatalogueFacts,
        })
      : module.handler;
    // As Lambda hands it over: JSON, nothing of this process's objects.
    const wire = JSON.parse(JSON.stringify(event)) as typeof event;
    return runInScope(() => run(wire), RENDER_ON_CHANGE_FUNCTION, requestId);
  };
}
