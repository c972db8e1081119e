/**
 * decodeMintFacts on byte-exact accounts built with @solana-program/token-2022's getMintEncoder:
 * extensions the localnet cases do not create, an extension type newer than the client (which makes
 * the client's getMintDecoder throw), and garbled data, which must give null and never throw.
 */
import { address, none, some, type Address } from '@solana/kit'
import { AccountState, extension, getMintEncoder, type ExtensionArgs } from '@solana-program/token-2022'
import t from 'tap'
import { fromAccountKey } from '../../../../engine/hot-path/state/account-key.js'
import { decodeMintFacts } from '../../../../engine/detection/tokens/mint-facts.js'
import { getMintRisk } from '../../../../engine/detection/tokens/mint-risk.js'
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../../../../engine/hot-path/svm/well-known-programs.js'
import { getMintFactsFromClient, toKeyBytes } from '../../../helpers/token-2022-mints.js'

const TOKEN_2022 = fromAccountKey(TOKEN_2022_PROGRAM)
const TOKEN = fromAccountKey(TOKEN_PROGRAM)
const SYSTEM = new Uint8Array(32)
const A = address('9pKNmi5rVgfT7JGt69cpFprP5ZNMWt987ZXBQ5iaPs2v')
const B = address('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr')
const EPOCH = 800n

function encodeMint(
  extensions: ExtensionArgs[] | null,
  base: { mintAuthority?: Address | null; isInitialized?: boolean } = {},
): Uint8Array {
  return new Uint8Array(
    getMintEncoder().encode({
      mintAuthority: base.mintAuthority === undefined ? some(A) : base.mintAuthority === null ? none() : some(base.mintAuthority),
      supply: 123_456_789_000n,
      decimals: 9,
      isInitialized: base.isInitialized ?? true,
      freezeAuthority: none(),
      extensions: extensions === null ? none() : some(extensions),
    }),
  )
}

function withEntry(data: Uint8Array, type: number, value: Uint8Array): Uint8Array {
  const out = new Uint8Array(data.length + 4 + value.length)
  out.set(data)
  new DataView(out.buffer).setUint16(data.length, type, true)
  new DataView(out.buffer).setUint16(data.length + 2, value.length, true)
  out.set(value, data.length + 4)
  return out
}

t.test('every extension at once matches the client decoder, with program names for display', async (t) => {
  const data = encodeMint([
    extension('TransferFeeConfig', {
      transferFeeConfigAuthority: A,
      withdrawWithheldAuthority: B,
      withheldAmount: 77n,
      olderTransferFee: { epoch: 700n, maximumFee: 10n, transferFeeBasisPoints: 50 },
      newerTransferFee: { epoch: 801n, maximumFee: 10n ** 12n, transferFeeBasisPoints: 2_500 },
    }),
    extension('MintCloseAuthority', { closeAuthority: B }),
    extension('ConfidentialTransferMint', { authority: some(A), autoApproveNewAccounts: true, auditorElgamalPubkey: none() }),
    extension('DefaultAccountState', { state: AccountState.Initialized }),
    extension('InterestBearingConfig', {
      rateAuthority: A,
      initializationTimestamp: 1n,
      preUpdateAverageRate: 5,
      lastUpdateTimestamp: 2n,
      currentRate: 5,
    }),
    extension('PermanentDelegate', { delegate: address('11111111111111111111111111111111') }),
    extension('TransferHook', { authority: address('11111111111111111111111111111111'), programId: B }),
    extension('GroupPointer', { authority: none(), groupAddress: some(A) }),
    extension('PausableConfig', { authority: none(), paused: false }),
    extension('MetadataPointer', { authority: none(), metadataAddress: some(B) }),
    extension('TokenMetadata', {
      updateAuthority: none(),
      mint: A,
      name: 'Ünïcode ✓',
      symbol: '',
      uri: '',
      additionalMetadata: new Map([['k', 'v']]),
    }),
  ])
  const facts = decodeMintFacts(TOKEN_2022, data, EPOCH)
  t.strictSame(facts, getMintFactsFromClient('token-2022', data, EPOCH))
  t.strictSame(facts, {
    tokenProgram: 'token-2022',
    supply: 123_456_789_000n,
    decimals: 9,
    mintAuthority: toKeyBytes(A),
    freezeAuthority: null,
    transferFee: { bps: 50, maximumFee: 10n, authority: toKeyBytes(A) },
    scheduledTransferFee: { bps: 2_500, maximumFee: 10n ** 12n, epoch: 801n },
    permanentDelegate: null,
    transferHookProgram: toKeyBytes(B),
    transferHookAuthority: null,
    defaultAccountStateFrozen: false,
    nonTransferable: false,
    pausable: { paused: false, authority: null },
    mintCloseAuthority: toKeyBytes(B),
    confidentialTransfers: true,
    metadataAddress: toKeyBytes(B),
    metadata: { name: 'Ünïcode ✓', symbol: '', uri: '' },
    extensions: [
      'transferFeeConfig',
      'mintCloseAuthority',
      'confidentialTransferMint',
      'defaultAccountState',
      'interestBearingConfig',
      'permanentDelegate',
      'transferHook',
      'groupPointer',
      'pausable',
      'metadataPointer',
      'tokenMetadata',
    ],
    unknownExtensionTypes: [],
  })
  t.strictSame(decodeMintFacts(TOKEN_2022, data, 801n)?.transferFee, { bps: 2_500, maximumFee: 10n ** 12n, authority: toKeyBytes(A) })
})

t.test('an extension type newer than the client: the client throws, the facts list it and keep the rest', async (t) => {
  const data = withEntry(encodeMint([extension('PermanentDelegate', { delegate: B })]), 40, new Uint8Array([1, 2, 3]))
  t.throws(() => getMintFactsFromClient('token-2022', data, EPOCH), 'getMintDecoder cannot read the mint at all')
  const facts = decodeMintFacts(TOKEN_2022, data, EPOCH)
  t.strictSame(facts?.permanentDelegate, toKeyBytes(B))
  t.strictSame(facts?.extensions, ['permanentDelegate', 'unknown(40)'])
  t.strictSame(facts?.unknownExtensionTypes, [40])
  t.ok(facts && getMintRisk(facts).flags.includes('unknown_extension'))
})

t.test('TLV endings the program accepts: a zero type, or one spare byte', async (t) => {
  const data = encodeMint([extension('NonTransferable', {})])
  const zeroTail = new Uint8Array(data.length + 8)
  zeroTail.set(data)
  t.strictSame(decodeMintFacts(TOKEN_2022, zeroTail, EPOCH)?.extensions, ['nonTransferable'])
  const spareByte = new Uint8Array(data.length + 1)
  spareByte.set(data)
  spareByte[data.length] = 7
  t.strictSame(decodeMintFacts(TOKEN_2022, spareByte, EPOCH)?.extensions, ['nonTransferable'])
})

t.test('a bare 82-byte mint under either program', async (t) => {
  const data = encodeMint(null, { mintAuthority: null })
  t.equal(data.length, 82)
  t.equal(decodeMintFacts(TOKEN, data, EPOCH)?.tokenProgram, 'spl-token')
  t.equal(decodeMintFacts(TOKEN_2022, data, EPOCH)?.tokenProgram, 'token-2022')
  t.equal(decodeMintFacts(TOKEN, data, EPOCH)?.mintAuthority, null)
})

t.test('anything that is not an initialized, well-formed mint is null', async (t) => {
  const bare = encodeMint(null)
  const extended = encodeMint([extension('PermanentDelegate', { delegate: B })])
  const withMetadata = encodeMint([
    extension('TokenMetadata', { updateAuthority: none(), mint: A, name: 'N', symbol: 'S', uri: 'U', additionalMetadata: new Map() }),
  ])
  const mutate = (data: Uint8Array, at: number, value: number) => {
    const copy = data.slice()
    copy[at] = value
    return copy
  }
  const cases: Array<[string, Uint8Array, Uint8Array]> = [
    ['owned by another program', SYSTEM, bare],
    ['a short owner', TOKEN.subarray(0, 31), bare],
    ['not initialized', TOKEN, encodeMint(null, { isInitialized: false })],
    ['is_initialized neither 0 nor 1', TOKEN, mutate(bare, 45, 2)],
    ['a COption tag of 2', TOKEN, mutate(bare, 0, 2)],
    ['a freeze COption tag of 2', TOKEN, mutate(bare, 46, 2)],
    ['spl-token data longer than a mint', TOKEN, extended],
    ['empty data', TOKEN_2022, new Uint8Array(0)],
    ['shorter than a mint', TOKEN_2022, bare.subarray(0, 81)],
    ['between mint and extended sizes', TOKEN_2022, new Uint8Array(120)],
    ['a token account (165 bytes)', TOKEN_2022, new Uint8Array(165)],
    [
      'multisig length',
      TOKEN_2022,
      (() => {
        const d = new Uint8Array(355)
        d.set(bare)
        d[165] = 1
        return d
      })(),
    ],
    ['account type 2 (a token account)', TOKEN_2022, mutate(extended, 165, 2)],
    ['non-zero padding', TOKEN_2022, mutate(extended, 100, 1)],
    ['an entry running past the data', TOKEN_2022, extended.subarray(0, extended.length - 1)],
    ['a lone type with no length', TOKEN_2022, withEntry(extended, 12, new Uint8Array(0)).subarray(0, extended.length + 3)],
    ['a known extension too short for its layout', TOKEN_2022, withEntry(extended, 14, new Uint8Array(40))],
    ['token metadata whose string runs past its entry', TOKEN_2022, mutate(withMetadata, 166 + 4 + 64, 200)],
  ]
  for (const [name, owner, data] of cases) t.equal(decodeMintFacts(owner, data, EPOCH), null, name)
})

t.test('random bytes never throw', async (t) => {
  // A fixed-seed generator keeps the run reproducible.
  let seed = 0x2545f491
  const next = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0)
  let decoded = 0
  for (let i = 0; i < 3000; i++) {
    const data = new Uint8Array(82 + (next() % 400))
    for (let j = 0; j < data.length; j++) data[j] = next() & 0xff
    if (i % 2 === 0 && data.length > 166) {
      // Make the framing plausible so that the TLV walk itself meets garbage.
      data.fill(0, 82, 165)
      data[165] = 1
      data[45] = 1
      data.fill(0, 0, 4)
      data.fill(0, 46, 50)
      // A first entry of a known type whose length fits, then whatever follows.
      const view = new DataView(data.buffer)
      view.setUint16(166, 1 + (next() % 28), true)
      view.setUint16(168, next() % (data.length - 169), true)
    }
    const facts = decodeMintFacts(TOKEN_2022, data, EPOCH)
    if (facts) {
      decoded++
      getMintRisk(facts)
    }
  }
  t.ok(decoded > 0, `some random layouts decode (${decoded}) and none threw`)
})
