import { loadBuiltin } from './load.ts';

const nodeProcess = loadBuiltin<NodeJS.Process>('node:process');
export default nodeProcess;
export const { env, versions } = nodeProcess;
