import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { $ZodType } from 'zod/v4/core';
import { defineHandler, type Handler } from '#platform/handler.ts';
import { routes, writesTable } from '../../functions/routes.ts';
import { FUNCTIONS_DIR } from '../../infra/build-functions.ts';

/** Every route answers by a contract of shared/contracts/, and the local stack holds answers to it. */
describe('API contracts', () => {
  for (const route of routes.filter((row) => !row.pending)) {
    it(`${route.method} ${route.path} is defined with a request and answer contract`, async () => {
      const file = pathToFileURL(path.join(FUNCTIONS_DIR, `${route.handler}.ts`)).href;
      const { handler } = (await import(/* @vite-ignore */ file)) as { handler: Handler };
      // A zod schema, classic or mini (storefront reads use zod/mini).
      expect(handler.contract.response, route.handler).toBeInstanceOf($ZodType);
      // The route table's contract, which the API document is generated from, is the handler's own.
      expect(handler.contract === route.contract, `${route.handler}: its row names another contract`).toBe(
        true,
      );
      // The edge caching the route table gives the row is the handler's own contract's: the same
      // class, and a cache key of exactly the query the handler reads.
      const contract = handler.contract as { cache?: string; query?: { _zod: { def: { shape?: object } } } };
      expect(contract.cache, route.handler).toBe(route.edge?.cache);
      if (route.edge) expect(route.edge.query).toEqual(Object.keys(contract.query?._zod.def.shape ?? {}));
      // Only what anyone may read alike is kept at the edge.
      if (route.edge)
        expect([route.method, route.auth, writesTable(route.access)]).toEqual(['GET', 'public', false]);
    });
  }

  describe('the answer check of the local stack (CHECK_RESPONSES)', () => {
    const previous = process.env.CHECK_RESPONSES;
    afterEach(() => {
      process.env.CHECK_RESPONSES = previous;
    });
    const contract = { response: z.object({ status: z.literal(200), name: z.string() }) };
    const event = {
      routeKey: 'GET /api/probe',
      rawPath: '/api/probe',
      headers: {},
      requestContext: { http: { method: 'GET' }, requestId: 'r' },
    } as never;
    const context = { awsRequestId: 'r', functionName: 'probe' } as Context;

    it('turns an answer that drifted from its contract into a 500, never a wrong answer', async () => {
      process.env.CHECK_RESPONSES = 'true';
      const drifted = defineHandler(contract, async () => ({
        status: 200 as const,
        name: 7 as unknown as string,
      }));
      const answer = await drifted(event, context);
      expect(answer.statusCode).toBe(500);
      expect(answer.body).not.toContain('7');
      const kept = defineHandler(contract, async () => ({ status: 200 as const, name: 'x' }));
      expect((await kept(event, context)).statusCode).toBe(200);
    });

    it('is off unless asked for (in AWS)', async () => {
      delete process.env.CHECK_RESPONSES;
      const drifted = defineHandler(contract, async () => ({
        status: 200 as const,
        name: 7 as unknown as string,
      }));
      expect((await drifted(event, context)).statusCode).toBe(200);
    });
  });
});
