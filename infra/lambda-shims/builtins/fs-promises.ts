import type * as FsPromises from 'node:fs/promises';
import { loadBuiltin } from './load.ts';

// Only here because the `fs` alias would otherwise catch `fs/promises` too.
const fsPromises = loadBuiltin<typeof FsPromises>('node:fs/promises');
export default fsPromises;
export const { readFile } = fsPromises;
