/**
 * Stands in for `@aws-sdk/middleware-endpoint-discovery` in the Lambda bundles (an esbuild
 * alias, infra/build-functions.ts). The DynamoDB client still resolves endpoint-discovery
 * settings, but none of its commands uses discovery any more, so the real resolver's endpoint
 * cache (mnemonist's LRU, about 8 KB) is built and never read. The shop always talks to the
 * regional endpoint; discovery is reported as off whatever the environment says.
 */
export const NODE_ENDPOINT_DISCOVERY_CONFIG_OPTIONS = {
  environmentVariableSelector: () => false,
  configFileSelector: () => false,
  default: false,
};

export const resolveEndpointDiscoveryConfig = <T extends object>(
  input: T,
  { endpointDiscoveryCommandCtor }: { endpointDiscoveryCommandCtor: unknown },
) =>
  Object.assign(input, {
    endpointDiscoveryCommandCtor,
    endpointDiscoveryEnabled: () => Promise.resolve(false),
    isClientEndpointDiscoveryEnabled: false,
  });
