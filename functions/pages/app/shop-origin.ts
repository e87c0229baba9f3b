import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { recordAwsCalls } from '#platform/aws-call-log.ts';

/**
 * The shop's public origin for a renderer (page-site.ts reads SHOP_ORIGIN). The render jobs get
 * it in their environment. The edge's on-demand renderer (http/render-missing.ts) cannot: it is
 * an origin of the distribution whose address it would name, and CloudFormation cannot give a
 * resource's attribute to one the resource depends on. Its stack writes the address to an SSM
 * parameter (SHOP_ORIGIN_PARAMETER names it), read once a container, at its first request.
 */
let reading: Promise<void> | undefined;

export function ensureShopOrigin(
  read: (name: string) => Promise<string | undefined> = readParameter,
): Promise<void> {
  if (process.env.SHOP_ORIGIN) return Promise.resolve();
  const name = process.env.SHOP_ORIGIN_PARAMETER;
  if (!name) return Promise.reject(new Error('neither SHOP_ORIGIN nor SHOP_ORIGIN_PARAMETER is set'));
  reading ??= read(name).then(
    (origin) => {
      if (!origin) throw new Error(`the parameter ${name} holds no origin`);
      process.env.SHOP_ORIGIN = origin;
    },
    (error: unknown) => {
      reading = undefined; // the next request asks again
      throw error;
    },
  );
  return reading;
}

async function readParameter(name: string): Promise<string | undefined> {
  const answer = await recordAwsCalls(new SSMClient({})).send(new GetParameterCommand({ Name: name }));
  return answer.Parameter?.Value;
}
