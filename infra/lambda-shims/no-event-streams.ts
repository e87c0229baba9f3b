/**
 * Stands in for `@smithy/core/event-streams` in the Lambda bundles (an esbuild alias,
 * infra/build-functions.ts). Event streams serve operations such as S3 SelectObjectContent or
 * Bedrock's streaming answers; the shop calls none of them, yet every client's protocol layer
 * imports the codec (about 15 KB of each bundle). S3's client still builds its marshaller
 * when it is created, so these keep that working and refuse only an actual event stream.
 */
function unsupported(): never {
  throw new Error('Event streams are not bundled in this function (infra/lambda-shims/no-event-streams.ts)');
}

const refusingMarshaller = { serialize: unsupported, deserialize: unsupported };

export const eventStreamSerdeProvider = (_options?: unknown) => refusingMarshaller;

export const resolveEventStreamSerdeConfig = <T extends { eventStreamSerdeProvider: (input: T) => unknown }>(
  input: T,
) => Object.assign(input, { eventStreamMarshaller: input.eventStreamSerdeProvider(input) });

export class EventStreamSerde {
  constructor() {
    unsupported();
  }
}
