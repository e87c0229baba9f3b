// Every schema of the shop is zod/mini, imported from here. Classic zod cannot be tree-shaken and
// weighed about 100 KB (a fifth of the import time) in every admin and checkout bundle.
// zod/mini ships no messages of its own ("Invalid input"); English ones make an unexpected input
// read as well as it did with classic zod, wherever a schema gives no message of its own.
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';

z.config(en());

export * from 'zod/mini';

/**
 * zod/mini has no z.preprocess. Classic zod's was this very pipe (the function as a transform,
 * then the schema), typed so that a key the schema lets be left out may be left out of the input.
 */
export const preprocess = <B extends z.core.$ZodType>(fn: (value: unknown) => unknown, schema: B) =>
  z.pipe(z.transform(fn), schema) as unknown as z.ZodMiniType<
    z.output<B>,
    unknown,
    z.core.$ZodPreprocessInternals<B, unknown>
  >;
