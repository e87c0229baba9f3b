/**
 * The single table's shape, shared by the CDK stack, the local stack and the data layer.
 * Every item has pk/sk; list patterns use gsi1 (a collection's family: the type, its sizes,
 * products and size finders) and gsi2 (whole-shop lists in time order). See docs/data-model.md.
 */
export const TABLE = {
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'expiresAt',
  indexes: {
    gsi1: { partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    gsi2: { partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  },
} as const;

export type IndexName = keyof typeof TABLE.indexes;
