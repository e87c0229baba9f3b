// Runs one deployed bundle as Lambda's Node.js runtime does: resolves the template's handler
// string (`index.handler`) in the asset folder, imports it once (the cold start), then answers
// invocations sent by the parent process over IPC, one event and context at a time per message.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [taskRoot, handlerString] = process.argv.slice(2);
const dot = handlerString.lastIndexOf('.');
const moduleName = handlerString.slice(0, dot);
const exportName = handlerString.slice(dot + 1);
// Lambda looks for <module>.mjs, then .cjs, then .js.
const file = ['.mjs', '.cjs', '.js'].map((ext) => join(taskRoot, moduleName + ext)).find(existsSync);

function report(id, error) {
  process.send({
    id,
    error: { errorType: error?.name ?? 'Error', errorMessage: String(error?.message ?? error) },
  });
}

let handler;
try {
  if (!file) throw new Error(`Cannot find module '${moduleName}' in ${taskRoot}`);
  const module = await import(pathToFileURL(file).href);
  handler = module[exportName];
  if (typeof handler !== 'function') throw new Error(`${handlerString} is not a function`);
  process.send({ ready: true });
} catch (error) {
  process.send({
    ready: false,
    error: { errorType: 'Runtime.ImportModuleError', errorMessage: String(error) },
  });
  process.exit(1);
}

process.on('message', async ({ id, event, context }) => {
  const deadline = Date.now() + context.timeoutMs;
  const lambdaContext = {
    ...context,
    callbackWaitsForEmptyEventLoop: true,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
  try {
    const result = await handler(event, lambdaContext);
    process.send({ id, result: result ?? null });
  } catch (error) {
    console.error(error);
    report(id, error);
  }
});
