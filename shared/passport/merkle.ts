import { concatBytes, equalBytes, sha256 } from './bytes.ts';

/**
 * The log's Merkle tree, RFC 9162 §2.1 (as RFC 6962): leaf hash SHA-256(0x00 ‖ entry), node hash
 * SHA-256(0x01 ‖ left ‖ right), the empty tree's root SHA-256(""). Proofs are made from the
 * leaves' hashes (§2.1.3.1, §2.1.4.1) and checked with §2.1.3.2 and §2.1.4.2.
 */
export type Hash = Uint8Array;

export const HASH_SIZE = 32;

export const leafHash = (entry: Uint8Array) => sha256(concatBytes(Uint8Array.of(0), entry));
export const nodeHash = (left: Hash, right: Hash) => sha256(concatBytes(Uint8Array.of(1), left, right));

/** The largest power of two smaller than n (n > 1). */
function split(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/**
 * A tree over fixed leaves that keeps every subtree root it computes (keyed by its range), so that
 * proofs against the same leaves, and against longer trees over the same first leaves, share
 * their hashing: a server answering many pieces of one log hashes each subtree once, not once per
 * proof (a proof from scratch hashes every leaf). Leaves may be appended (`extend`), never changed.
 */
export class MerkleTree {
  #leaves: Hash[];
  readonly #roots = new Map<number, Promise<Hash>>();

  constructor(leaves: readonly Hash[]) {
    this.#leaves = [...leaves];
  }

  get size(): number {
    return this.#leaves.length;
  }

  /** The same tree with more leaves: the kept roots stay valid (a subtree's root depends on its leaves alone). */
  extend(more: readonly Hash[]): void {
    this.#leaves.push(...more);
  }

  /** MTH of the leaves [start, end). */
  rangeRoot(start: number, end: number): Promise<Hash> {
    const n = end - start;
    if (n === 0) return sha256(new Uint8Array());
    if (n === 1) return Promise.resolve(this.#leaves[start] as Hash);
    const key = start * 2 ** 26 + end;
    let root = this.#roots.get(key);
    if (!root) {
      const k = split(n);
      root = Promise.all([this.rangeRoot(start, start + k), this.rangeRoot(start + k, end)]).then(
        ([left, right]) => nodeHash(left, right),
      );
      this.#roots.set(key, root);
    }
    return root;
  }

  /** MTH(D[size]): the root of the first `size` leaves (all by default). */
  async root(size = this.size): Promise<Hash> {
    return this.rangeRoot(0, this.#within(size));
  }

  /** PATH(m, D[size]): the inclusion proof of leaf `index` in the tree of the first `size` leaves. */
  async inclusionProof(index: number, size = this.size): Promise<Hash[]> {
    const n = this.#within(size);
    if (!Number.isInteger(index) || index < 0 || index >= n) {
      throw new RangeError(`No leaf ${index} in a tree of ${n}`);
    }
    const path = async (m: number, start: number, end: number): Promise<Hash[]> => {
      if (end - start === 1) return [];
      const k = split(end - start);
      return m < k
        ? [...(await path(m, start, start + k)), await this.rangeRoot(start + k, end)]
        : [...(await path(m - k, start + k, end)), await this.rangeRoot(start, start + k)];
    };
    return path(index, 0, n);
  }

  /** PROOF(m, D[size]): that the tree of the first `size1` leaves is a prefix of the tree of the first `size`. */
  async consistencyProof(size1: number, size = this.size): Promise<Hash[]> {
    const n = this.#within(size);
    if (!Number.isInteger(size1) || size1 < 0 || size1 > n) {
      throw new RangeError(`No tree of ${size1} inside a tree of ${n}`);
    }
    const subproof = async (m: number, start: number, end: number, whole: boolean): Promise<Hash[]> => {
      if (m === end - start) return whole ? [] : [await this.rangeRoot(start, end)];
      const k = split(end - start);
      return m <= k
        ? [...(await subproof(m, start, start + k, whole)), await this.rangeRoot(start + k, end)]
        : [...(await subproof(m - k, start + k, end, false)), await this.rangeRoot(start, start + k)];
    };
    return size1 === 0 ? [] : subproof(size1, 0, n, true);
  }

  #within(size: number): number {
    if (!Number.isInteger(size) || size < 0 || size > this.size) {
      throw new RangeError(`No tree of ${size} among ${this.size} leaves`);
    }
    return size;
  }
}

/** MTH(D[n]) over the leaves' hashes. */
export const rootOf = (leaves: readonly Hash[]): Promise<Hash> => new MerkleTree(leaves).root();

/** PATH(m, D[n]): the inclusion proof of leaf `index` in the tree of these leaves. */
export const inclusionProof = (leaves: readonly Hash[], index: number): Promise<Hash[]> =>
  new MerkleTree(leaves).inclusionProof(index);

/** PROOF(m, D[n]): that the tree of the first `size1` leaves is a prefix of the tree of all of them. */
export const consistencyProof = (leaves: readonly Hash[], size1: number): Promise<Hash[]> =>
  new MerkleTree(leaves).consistencyProof(size1);

const isHash = (hash: Hash) => hash.length === HASH_SIZE;
const odd = (n: number) => n % 2 === 1;

/** RFC 9162's inner loop: shift both right until fn's lowest bit is set or fn is 0. */
function climb(fn: number, sn: number): [number, number] {
  let [f, s] = [fn, sn];
  do {
    f = Math.floor(f / 2);
    s = Math.floor(s / 2);
  } while (!odd(f) && f !== 0);
  return [f, s];
}

/** RFC 9162 §2.1.3.2. Sizes and indexes are below 2^53 (plain numbers, halved by division). */
export async function verifyInclusion(
  index: number,
  size: number,
  leaf: Hash,
  proof: readonly Hash[],
  root: Hash,
): Promise<boolean> {
  if (!Number.isSafeInteger(index) || !Number.isSafeInteger(size) || index < 0 || index >= size) return false;
  if (!isHash(leaf) || !isHash(root) || !proof.every(isHash)) return false;
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of proof) {
    if (sn === 0) return false;
    if (odd(fn) || fn === sn) {
      r = await nodeHash(p, r);
      if (!odd(fn)) [fn, sn] = climb(fn, sn);
    } else {
      r = await nodeHash(r, p);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && equalBytes(r, root);
}

const isPowerOfTwo = (n: number) => n > 0 && 2 ** Math.round(Math.log2(n)) === n;

/** RFC 9162 §2.1.4.2, with its two trivial cases (an empty first tree, equal sizes). */
export async function verifyConsistency(
  size1: number,
  size2: number,
  proof: readonly Hash[],
  root1: Hash,
  root2: Hash,
): Promise<boolean> {
  if (!Number.isSafeInteger(size1) || !Number.isSafeInteger(size2) || size1 < 0 || size1 > size2)
    return false;
  if (!isHash(root1) || !isHash(root2) || !proof.every(isHash)) return false;
  if (size1 === 0) return proof.length === 0;
  if (size1 === size2) return proof.length === 0 && equalBytes(root1, root2);
  if (proof.length === 0) return false;
  const path = isPowerOfTwo(size1) ? [root1, ...proof] : [...proof];
  let fn = size1 - 1;
  let sn = size2 - 1;
  while (odd(fn)) {
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  let fr = path[0] as Hash;
  let sr = path[0] as Hash;
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (odd(fn) || fn === sn) {
      fr = await nodeHash(c, fr);
      sr = await nodeHash(c, sr);
      if (!odd(fn)) [fn, sn] = climb(fn, sn);
    } else {
      sr = await nodeHash(sr, c);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && equalBytes(fr, root1) && equalBytes(sr, root2);
}
