import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  consistencyProof,
  type Hash,
  inclusionProof,
  leafHash,
  MerkleTree,
  nodeHash,
  rootOf,
  verifyConsistency,
  verifyInclusion,
} from './merkle.ts';

/**
 * RFC 9162's tree, checked on the known vectors of Certificate Transparency's test suite (as
 * transparency-dev/merkle keeps them: 8 leaves 0x, 00, 10, 2021, …) and, for every pair up to 40
 * leaves, against a naive tree built another way (node:crypto, level by level).
 */
const hex = (text: string) => Uint8Array.from(Buffer.from(text, 'hex'));
const LEAVES = [
  '',
  '00',
  '10',
  '2021',
  '3031',
  '40414243',
  '5051525354555657',
  '606162636465666768696a6b6c6d6e6f',
].map(hex);
const ROOTS = [
  'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
];
// [index (0-based), size, proof]
const INCLUSION: [number, number, string[]][] = [
  [
    0,
    8,
    [
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ],
  ],
  [
    5,
    8,
    [
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  ],
  [2, 3, ['fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125']],
  [
    1,
    5,
    [
      '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
    ],
  ],
];
// [size1, size2, proof]
const CONSISTENCY: [number, number, string[]][] = [
  [
    1,
    8,
    [
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ],
  ],
  [
    6,
    8,
    [
      '0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  ],
  [
    2,
    5,
    [
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
    ],
  ],
  [
    6,
    7,
    [
      '0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
      'b08693ec2e721597130641e8211e7eedccb4c26413963eee6c1e2ed16ffb1a5f',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  ],
];

const toHex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const flip = (hash: Hash) => Uint8Array.from(hash, (b, i) => (i === 0 ? b ^ 8 : b));

/** The naive tree: node:crypto, level by level, the odd node out carried up as RFC 9162 §2.1.1 implies. */
function naiveRoot(entries: Uint8Array[]): Buffer {
  const sha = (...parts: Uint8Array[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
  if (entries.length === 0) return sha();
  let level: Buffer[] = entries.map((entry) => sha(Buffer.of(0), entry));
  while (level.length > 1) {
    const next: Buffer[] = [];
    for (let i = 0; i < level.length; i += 2) {
      next.push(
        i + 1 < level.length
          ? sha(Buffer.of(1), level[i] as Buffer, level[i + 1] as Buffer)
          : (level[i] as Buffer),
      );
    }
    level = next;
  }
  return level[0] as Buffer;
}

describe('the RFC 9162 Merkle tree on the known vectors', () => {
  it('hashes a leaf with 0x00 and a node with 0x01 before it', async () => {
    expect(toHex(await leafHash(new Uint8Array()))).toBe(
      '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
    );
    const [a, b] = [await leafHash(hex('')), await leafHash(hex('00'))];
    expect(toHex(await nodeHash(a, b))).toBe(
      'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
    );
  });

  it('gives every known root, from the empty tree (e3b0c442…) to 8 leaves', async () => {
    const leaves = await Promise.all(LEAVES.map(leafHash));
    for (let size = 0; size <= 8; size++)
      expect(toHex(await rootOf(leaves.slice(0, size)))).toBe(ROOTS[size]);
  });

  it('makes and accepts the known inclusion proofs, and refuses them bent', async () => {
    const leaves = await Promise.all(LEAVES.map(leafHash));
    for (const [index, size, known] of INCLUSION) {
      const proof = await inclusionProof(leaves.slice(0, size), index);
      expect(proof.map(toHex)).toEqual(known);
      const root = hex(ROOTS[size] as string);
      const leaf = leaves[index] as Hash;
      expect(await verifyInclusion(index, size, leaf, proof, root)).toBe(true);
      expect(await verifyInclusion(index + 1, size, leaf, proof, root)).toBe(false);
      expect(await verifyInclusion(index, size * 2, leaf, proof, root)).toBe(false);
      expect(await verifyInclusion(index, size, leaf, [...proof, root], root)).toBe(false);
      expect(await verifyInclusion(index, size, leaf, proof.slice(1), root)).toBe(false);
      for (let i = 0; i < proof.length; i++) {
        const bent = proof.map((hash, j) => (j === i ? flip(hash) : hash));
        expect(await verifyInclusion(index, size, leaf, bent, root)).toBe(false);
      }
    }
  });

  it('makes and accepts the known consistency proofs, and refuses them bent', async () => {
    const leaves = await Promise.all(LEAVES.map(leafHash));
    for (const [size1, size2, known] of CONSISTENCY) {
      const proof = await consistencyProof(leaves.slice(0, size2), size1);
      expect(proof.map(toHex)).toEqual(known);
      const [root1, root2] = [hex(ROOTS[size1] as string), hex(ROOTS[size2] as string)];
      expect(await verifyConsistency(size1, size2, proof, root1, root2)).toBe(true);
      expect(await verifyConsistency(size1, size2, proof, root2, root1)).toBe(false);
      expect(await verifyConsistency(size1 + 1, size2, proof, root1, root2)).toBe(false);
      expect(await verifyConsistency(size1, size2, [], root1, root2)).toBe(false);
      expect(await verifyConsistency(size1, size2, [...proof, root1], root1, root2)).toBe(false);
      for (let i = 0; i < proof.length; i++) {
        const bent = proof.map((hash, j) => (j === i ? flip(hash) : hash));
        expect(await verifyConsistency(size1, size2, bent, root1, root2)).toBe(false);
      }
    }
  });

  it('takes the trivial consistencies and refuses a tree that shrinks or changes in place', async () => {
    const [a, b] = [hex(ROOTS[3] as string), hex(ROOTS[4] as string)];
    expect(await verifyConsistency(0, 4, [], hex(ROOTS[0] as string), b)).toBe(true);
    expect(await verifyConsistency(3, 3, [], a, a)).toBe(true);
    expect(await verifyConsistency(3, 3, [], a, b)).toBe(false);
    expect(await verifyConsistency(4, 3, [], b, a)).toBe(false);
  });
});

describe('every proof up to 40 leaves against the naive tree', () => {
  const entries = Array.from({ length: 40 }, (_, i) => new TextEncoder().encode(`entry ${i}`));

  it('roots agree with the naive tree for every size', async () => {
    const leaves = await Promise.all(entries.map(leafHash));
    for (let size = 0; size <= 40; size++) {
      expect(toHex(await rootOf(leaves.slice(0, size)))).toBe(
        naiveRoot(entries.slice(0, size)).toString('hex'),
      );
    }
  });

  it('proves every leaf of every tree, and no other leaf at that place', async () => {
    const leaves = await Promise.all(entries.map(leafHash));
    for (let size = 1; size <= 40; size++) {
      const root = naiveRoot(entries.slice(0, size));
      for (let index = 0; index < size; index++) {
        const proof = await inclusionProof(leaves.slice(0, size), index);
        expect(await verifyInclusion(index, size, leaves[index] as Hash, proof, root)).toBe(true);
        const other = leaves[(index + 1) % 40] as Hash;
        expect(await verifyInclusion(index, size, other, proof, root)).toBe(false);
      }
    }
  });

  it('proves every smaller tree a prefix of every larger one, and no rewritten one', async () => {
    const leaves = await Promise.all(entries.map(leafHash));
    const rewritten: Uint8Array[] = [...entries];
    for (let size2 = 1; size2 <= 40; size2++) {
      const root2 = naiveRoot(entries.slice(0, size2));
      for (let size1 = 1; size1 <= size2; size1++) {
        const proof = await consistencyProof(leaves.slice(0, size2), size1);
        const root1 = naiveRoot(entries.slice(0, size1));
        expect(await verifyConsistency(size1, size2, proof, root1, root2)).toBe(true);
        // The same first tree with its last entry changed is not a prefix.
        rewritten[size1 - 1] = new TextEncoder().encode('rewritten');
        const other = naiveRoot(rewritten.slice(0, size1));
        rewritten[size1 - 1] = entries[size1 - 1] as Uint8Array;
        expect(await verifyConsistency(size1, size2, proof, other, root2)).toBe(false);
      }
    }
  });
});

describe('one kept tree, grown leaf by leaf, for many proofs (a warm passport function)', () => {
  const entries = Array.from({ length: 40 }, (_, i) => new TextEncoder().encode(`entry ${i}`));

  it('gives, for every size it has held, the very roots and proofs a tree made afresh gives', async () => {
    const leaves = await Promise.all(entries.map(leafHash));
    const kept = new MerkleTree([]);
    for (let grown = 1; grown <= 40; grown++) {
      kept.extend([leaves[grown - 1] as Hash]);
      // Every smaller size too: a request may still answer for an older checkpoint.
      for (const size of [1, Math.ceil(grown / 2), grown]) {
        expect(toHex(await kept.root(size))).toBe(naiveRoot(entries.slice(0, size)).toString('hex'));
        for (let index = 0; index < size; index++)
          expect((await kept.inclusionProof(index, size)).map(toHex)).toEqual(
            (await inclusionProof(leaves.slice(0, size), index)).map(toHex),
          );
        for (let size1 = 0; size1 <= size; size1++)
          expect((await kept.consistencyProof(size1, size)).map(toHex)).toEqual(
            (await consistencyProof(leaves.slice(0, size), size1)).map(toHex),
          );
      }
    }
  });

  it('refuses a leaf or a size it does not hold', async () => {
    const kept = new MerkleTree(await Promise.all(entries.slice(0, 5).map(leafHash)));
    await expect(kept.inclusionProof(5)).rejects.toThrow(RangeError);
    await expect(kept.inclusionProof(0, 6)).rejects.toThrow(RangeError);
    await expect(kept.consistencyProof(3, 6)).rejects.toThrow(RangeError);
    await expect(kept.root(-1)).rejects.toThrow(RangeError);
  });
});
