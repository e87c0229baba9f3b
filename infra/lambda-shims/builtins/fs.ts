import type * as Fs from 'node:fs';
import { loadBuiltin } from './load.ts';

const fs = loadBuiltin<typeof Fs>('node:fs');
export default fs;
export const { appendFileSync, createReadStream, fstatSync, lstatSync, ReadStream, readFileSync } = fs;
