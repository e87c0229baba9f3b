import type * as Http from 'node:http';
import { loadBuiltin } from './load.ts';

const http = loadBuiltin<typeof Http>('node:http');
export default http;
export const { Agent, request, STATUS_CODES } = http;
