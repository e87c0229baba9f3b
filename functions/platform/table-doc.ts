/**
 * What an entity file says of its table items, for docs/reference/data-model-keys.md (written by
 * `npm run docs`, infra/docs/reference.ts). Plain data beside the key builders:
 * test/architecture/generated-docs.test.ts calls each item's `keys` with placeholders and fails
 * when the builder no longer makes the templates written here.
 */

/** The key attributes a builder gives (as functions/table/keys.ts names them). */
export interface DocKeys {
  pk?: string;
  sk?: string;
  gsi1pk?: string;
  gsi1sk?: string;
  gsi2pk?: string;
  gsi2sk?: string;
}

export interface ItemDoc {
  /** The row's first column: what the item is, with what to know of it. */
  entity: string;
  /** Each cell is Markdown; its key templates are in backticks (`ORDER#<checkoutCode>`). */
  pk: string;
  sk: string;
  /** `gsi1pk` / `gsi1sk`, and when the item has them. */
  gsi1?: string;
  gsi2?: string;
  /** Said after the file in the last column ("same file; kept by …"). */
  fileNote?: string;
  /**
   * The entity's real key builders called with the templates' placeholders ('<tid>'): every key
   * attribute they give must be one of the templates of its cell. Left out only with `unchecked`.
   */
  keys?: () => DocKeys | DocKeys[];
  /** Why this item has no `keys` (a key written inline by a transaction of another file, …). */
  unchecked?: string;
}

export interface EntityFileDoc {
  /** The items this file owns: its first row names the file, the others say "same file". */
  items?: ItemDoc[];
  /** A file that owns no item but reads or writes part of another file's item, named in its row. */
  adds?: { to: string; what: string };
}

/** A template's placeholder where a builder takes another type (a number, a gender): '<index>'. */
export const placeholder = <T>(template: string): T => template as unknown as T;
