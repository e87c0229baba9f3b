/**
 * The API's operations as types, read from the types openapi-typescript makes of the OpenAPI
 * documents (lib/api-schema/, made by infra/web-api-types.ts before every typecheck): a call's
 * path is one of the document's paths (its parameters written `{id}`), its query, path
 * parameters and body are the operation's, and its result the operation's 200 answer. A contract
 * the web does not follow fails the typecheck at the call.
 */
import type { paths as AdminPaths } from './api-schema/admin.d.ts';
import type { paths as PublicPaths } from './api-schema/public.d.ts';

export type { AdminPaths, PublicPaths };
export type Method = 'get' | 'post' | 'patch' | 'delete';

/** The operation of `method` on `path`, `never` when the document has none. */
export type Operation<Paths, P, M extends Method> = P extends keyof Paths
  ? Paths[P] extends { [K in M]: infer O }
    ? O
    : never
  : never;

/** The paths that have an operation of `method`. */
export type PathWith<Paths, M extends Method> = {
  [P in keyof Paths]: Paths[P] extends { [K in M]: object } ? P : never;
}[keyof Paths] &
  string;

/** The operation's 200 answer (the JSON the call resolves to). */
export type AnswerOf<O> = O extends { responses: { 200: { content: { 'application/json': infer A } } } }
  ? A
  : never;

/** The operation's JSON body, `never` when it takes none. */
export type BodyOf<O> = O extends { requestBody: { content: { 'application/json': infer B } } } ? B : never;

/**
 * A query value as the web may give it: the address carries text, so a parameter the document
 * says is `"0" | "1"` may be given as the number, and one that is `"true"` as the boolean.
 */
type Wire<T> = T extends `${infer N extends number}` ? T | N : T extends 'true' | 'false' ? T | boolean : T;

type Defined<T> = [T] extends [never] ? object : [T] extends [undefined] ? object : Exclude<T, undefined>;
type LooseQuery<Q> = {
  [K in keyof Q]: Wire<Q[K]> | (undefined extends Q[K] ? null : never);
};

/** The query and the path parameters of the operation, in one object (the path's `{name}`s filled from it). */
export type ParamsOf<O> = O extends { parameters: { query?: infer Q; path?: infer P } }
  ? LooseQuery<Defined<Q>> & Defined<P>
  : object;

/** The params argument: required when a parameter is, left out when there is none. */
export type ParamsArg<O> = object extends ParamsOf<O>
  ? [params?: ParamsOf<O>]
  : [params: ParamsOf<O>];
