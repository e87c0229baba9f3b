import type { DocKeys, EntityFileDoc, ItemDoc } from '#platform/table-doc.ts';

/**
 * The check that keeps docs/data-model.md's key templates the keys the code makes
 * (test/architecture/generated-docs.test.ts): each item's `keys` calls the entity's real key
 * builders with the templates' placeholders ('<checkoutCode>'), and what they make must be what
 * its cells write. Takes the descriptors as an argument, so a test can plant a wrong one.
 */

/** The key templates a cell writes: its backticked spans. */
const templates = (cell: string | undefined) =>
  [...(cell ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1] as string);

const CELL_OF: Record<keyof DocKeys, keyof ItemDoc> = {
  pk: 'pk',
  sk: 'sk',
  gsi1pk: 'gsi1',
  gsi1sk: 'gsi1',
  gsi2pk: 'gsi2',
  gsi2sk: 'gsi2',
};

function itemProblems(where: string, item: ItemDoc): string[] {
  if (!item.keys)
    return item.unchecked ? [] : [`${where}: no keys() calls its key builders (or say why in unchecked)`];
  const made = [item.keys()].flat();
  const problems: string[] = [];
  const madeOf = (attr: keyof DocKeys) =>
    made.map((m) => m[attr]).filter((v): v is string => v !== undefined);
  // What the builders make is written in its cell.
  for (const keys of made)
    for (const [attr, value] of Object.entries(keys) as [keyof DocKeys, string][]) {
      if (!CELL_OF[attr]) continue;
      const cell = item[CELL_OF[attr]] as string | undefined;
      if (!templates(cell).includes(value))
        problems.push(
          `${where}: its builder makes ${attr} \`${value}\`, the doc writes ${cell ? `"${cell}"` : 'none'}`,
        );
    }
  // What the cells write is made by the builders: pk's template, every sk, each index's pair.
  const expected: [keyof DocKeys, string | undefined][] = [
    ['pk', templates(item.pk)[0]],
    ...templates(item.sk).map((t): [keyof DocKeys, string] => ['sk', t]),
    ['gsi1pk', templates(item.gsi1)[0]],
    ['gsi1sk', templates(item.gsi1)[1]],
    ['gsi2pk', templates(item.gsi2)[0]],
    ['gsi2sk', templates(item.gsi2)[1]],
  ];
  for (const [attr, template] of expected)
    if (template !== undefined && !madeOf(attr).includes(template))
      problems.push(
        `${where}: the doc writes ${attr} \`${template}\`, its builder makes ${
          madeOf(attr)
            .map((v) => `\`${v}\``)
            .join(', ') || 'none'
        }`,
      );
  return problems;
}

/** Every item whose templates differ from what its builders make, or that has nothing to check them. */
export function keyTemplateProblems(docs: Map<string, EntityFileDoc>): string[] {
  return [...docs].flatMap(([file, doc]) =>
    (doc.items ?? []).flatMap((item) => itemProblems(`${file} "${item.entity}"`, item)),
  );
}
