import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { type PublicPage, pagePath } from '#shared/pages/public-pages.ts';
import { productKey, productKeysOf } from '../../catalog/entities/keys.ts';
import type { ProductEntity } from '../../catalog/entities/product.ts';
import { orderKeys } from '../../checkout/entities/order.ts';
import type { PageWork, RenderPages } from '../render-port.ts';
import type { CatalogueFacts } from '../rules/affected-pages.ts';
import { renderOnChange } from './render-on-change.ts';

const ARN = 'arn:aws:dynamodb:us-east-1:000000000000:table/boutique/stream/2026-11-30T00:00:00.000';

const piece = (id: string, over: Partial<ProductEntity> = {}) => {
  const product: ProductEntity = {
    kind: 'product',
    id,
    typeId: 'coat',
    typeName: 'coat',
    name: `coat ${id}`,
    gender: 0,
    colors: ['black'],
    status: 1,
    priceUs: 100,
    removeShipmentCharge: false,
    singleproduct: false,
    soldOnOtherPlatform: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...over,
  };
  return { ...productKeysOf(product), ...product };
};

type Item = Record<string, unknown> & { pk: string; sk: string };

/** A stream record as AWS sends it (NEW_AND_OLD_IMAGES). */
function record(sequence: number, old: Item | undefined, now: Item | undefined): DynamoDBRecord {
  const item = (now ?? old) as Item;
  return {
    eventID: `e${sequence}`,
    eventName: !old ? 'INSERT' : !now ? 'REMOVE' : 'MODIFY',
    eventVersion: '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: 'us-east-1',
    eventSourceARN: ARN,
    dynamodb: {
      ApproximateCreationDateTime: 1_796_000_000,
      Keys: marshall({ pk: item.pk, sk: item.sk }) as never,
      ...(old ? { OldImage: marshall(old, { removeUndefinedValues: true }) as never } : {}),
      ...(now ? { NewImage: marshall(now, { removeUndefinedValues: true }) as never } : {}),
      SequenceNumber: String(sequence),
      SizeBytes: 100,
      StreamViewType: 'NEW_AND_OLD_IMAGES',
    },
  };
}

const facts = async (): Promise<CatalogueFacts> => ({
  collectionGender: new Map([['coat', 0]]),
  collectionSingle: new Map([['coat', false]]),
  collectionPieces: new Map(),
});

function recording(answer: (work: PageWork) => readonly PublicPage[] | Error = () => []) {
  const calls: PageWork[] = [];
  const render: RenderPages = async (work) => {
    calls.push(work);
    const failed = answer(work);
    if (failed instanceof Error) throw failed;
    return { failed };
  };
  return { calls, render };
}

const event = (...Records: DynamoDBRecord[]): DynamoDBStreamEvent => ({ Records });
const paths = (work: PageWork | undefined) => ({
  render: work?.render.map(pagePath),
  remove: work?.remove.map(pagePath),
});

describe('render on change', () => {
  it("renders a batch's pages once each, in one call", async () => {
    const renderer = recording();
    const handler = renderOnChange({ renderPages: renderer.render, readFacts: facts });
    const records: DynamoDBRecord[] = [];
    let sequence = 1;
    for (let round = 0; round < 10; round++)
      for (const id of ['p1', 'p2', 'p3'])
        records.push(record(sequence++, piece(id, { priceUs: round }), piece(id, { priceUs: round + 1 })));
    records.push(record(sequence++, piece('p4'), undefined));
    expect(await handler(event(...records))).toEqual({ batchItemFailures: [] });
    expect(renderer.calls).toHaveLength(1);
    expect(paths(renderer.calls[0])).toEqual({
      render: [
        '/products/productdetails?productId=p1',
        '/products/productdetails?productId=p2',
        '/products/productdetails?productId=p3',
        '/women/',
      ],
      remove: ['/products/productdetails?productId=p4'],
    });
  });

  it('calls no renderer for changes no page shows', async () => {
    const renderer = recording();
    const handler = renderOnChange({ renderPages: renderer.render, readFacts: facts });
    const order = {
      ...orderKeys({ checkoutCode: 'ABC', checkoutTime: 't' }),
      kind: 'order',
      checkoutCode: 'ABC',
    };
    expect(await handler(event(record(1, undefined, order)))).toEqual({ batchItemFailures: [] });
    expect(renderer.calls).toEqual([]);
  });

  it('a page not written: the batch is taken again from the first change that asked for it', async () => {
    const renderer = recording((work) =>
      work.render.filter((p) => p.kind === 'piece' && p.productId === 'p2'),
    );
    const handler = renderOnChange({ renderPages: renderer.render, readFacts: facts });
    const answer = await handler(
      event(
        record(11, piece('p1'), piece('p1', { priceUs: 1 })),
        record(12, piece('p2'), piece('p2', { priceUs: 1 })),
        record(13, piece('p2', { priceUs: 1 }), piece('p2', { priceUs: 2 })),
      ),
    );
    expect(answer).toEqual({ batchItemFailures: [{ itemIdentifier: '12' }] });
  });

  it('a renderer that fails outright, or reads that fail: the whole batch again', async () => {
    const records = [record(21, piece('p1'), piece('p1', { status: 0 })), record(22, undefined, piece('p2'))];
    const failing = recording(() => new Error('renderPages: not wired yet'));
    expect(
      await renderOnChange({ renderPages: failing.render, readFacts: facts })(event(...records)),
    ).toEqual({
      batchItemFailures: [{ itemIdentifier: '21' }],
    });
    const renderer = recording();
    const unreadable = renderOnChange({
      renderPages: renderer.render,
      readFacts: async () => {
        throw new Error('throttled');
      },
    });
    expect(await unreadable(event(...records))).toEqual({ batchItemFailures: [{ itemIdentifier: '21' }] });
    expect(renderer.calls).toEqual([]);
  });

  it('a record that cannot be read: the pages of the others rendered, the checkpoint stops at it', async () => {
    const renderer = recording();
    const handler = renderOnChange({ renderPages: renderer.render, readFacts: facts });
    const bad = record(32, undefined, piece('p2'));
    (bad.dynamodb as { NewImage: unknown }).NewImage = { kind: { Q: 'product' } };
    const answer = await handler(event(record(31, piece('p1'), piece('p1', { priceUs: 7 })), bad));
    expect(answer).toEqual({ batchItemFailures: [{ itemIdentifier: '32' }] });
    expect(paths(renderer.calls[0]).render).toEqual(['/products/productdetails?productId=p1']);
  });

  it('a piece whose id no bucket key can hold: skipped, not retried for ever', async () => {
    const renderer = recording();
    const handler = renderOnChange({ renderPages: renderer.render, readFacts: facts });
    const odd = { ...piece('a b'), ...productKey('a b') };
    expect(await handler(event(record(41, odd, { ...odd, priceUs: 2 })))).toEqual({ batchItemFailures: [] });
    expect(renderer.calls).toEqual([]);
  });
});
