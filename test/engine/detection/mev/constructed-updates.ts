/**
 * Streamed transactions built by hand in Yellowstone's shape (what the feed hands the detector):
 * signers, token accounts with pre/post token balances and lamports, the fee. Names are base58
 * from kit's codec, independent of the engine's.
 */
import { createHash } from 'node:crypto'
import { getBase58Decoder } from '@solana/kit'
import type { GeyserTransactionUpdate } from '../../../../engine/hot-path/geyser/geyser-subscription.js'

const base58 = getBase58Decoder()
const TOKEN_PROGRAM = new Uint8Array(Buffer.from('06ddf6e1d765a193d9cbe146ceeb79ac1cb485ed5f5b37913a8cf5857eff00a9', 'hex'))
export const WSOL = 'So11111111111111111111111111111111111111112'
export const RENT = 2_039_280n

/** A distinct 32-byte key per label. */
export function keyOf(label: string): Uint8Array {
  return new Uint8Array(createHash('sha256').update(label).digest())
}

/** A distinct 64-byte signature per label. */
export function signatureOf(label: string): Uint8Array {
  return new Uint8Array(createHash('sha512').update(label).digest())
}

/** The base58 of a key (kit's codec). */
export function nameOf(key: Uint8Array): string {
  return base58.decode(key)
}

export interface SignerSpec {
  key: Uint8Array
  lamportsPre: bigint
  lamportsPost: bigint
}

export interface TokenSpec {
  account: Uint8Array
  mint: string
  owner: string
  /** Token amount before; undefined: not a token account before. */
  pre?: bigint
  /** After; undefined: not a token account after (closed). */
  post?: bigint
  lamportsPre?: bigint
  lamportsPost?: bigint
}

export interface UpdateSpec {
  slot: number
  index: number
  signature?: Uint8Array
  signers: SignerSpec[]
  tokens: TokenSpec[]
  fee?: bigint
  failed?: boolean
  /** Token accounts come through a lookup table (loaded writable addresses). */
  loaded?: boolean
}

function toBalance(index: number, spec: TokenSpec, amount: bigint) {
  return {
    accountIndex: index,
    mint: spec.mint,
    owner: spec.owner,
    programId: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
    uiTokenAmount: { amount: String(amount), decimals: 6, uiAmount: Number(amount) / 1e6, uiAmountString: '' },
  }
}

/** The update of one transaction as a Yellowstone server streams it. */
export function buildUpdate(spec: UpdateSpec): GeyserTransactionUpdate {
  const signers = spec.signers.map((s) => s.key)
  const tokenKeys = spec.tokens.map((s) => s.account)
  const staticKeys = spec.loaded ? [...signers, TOKEN_PROGRAM] : [...signers, ...tokenKeys, TOKEN_PROGRAM]
  const order = spec.loaded ? [...signers, TOKEN_PROGRAM, ...tokenKeys] : staticKeys
  const tokenIndex = (i: number) => order.indexOf(tokenKeys[i] as Uint8Array)
  const lamports = (which: 'pre' | 'post') =>
    order.map((key) => {
      const signer = spec.signers.find((s) => s.key === key)
      if (signer) return String(which === 'pre' ? signer.lamportsPre : signer.lamportsPost)
      const token = spec.tokens.find((s) => s.account === key)
      if (!token) return '1141440'
      const amount = which === 'pre' ? token.pre : token.post
      // A wSOL account holds its amount as lamports on top of the rent.
      const held = amount === undefined ? 0n : RENT + (token.mint === WSOL ? amount : 0n)
      return String((which === 'pre' ? token.lamportsPre : token.lamportsPost) ?? held)
    })
  const signature = spec.signature ?? signatureOf(`${spec.slot}/${spec.index}`)
  return {
    slot: String(spec.slot),
    transaction: {
      signature,
      isVote: false,
      index: String(spec.index),
      transaction: {
        signatures: [signature],
        message: {
          header: { numRequiredSignatures: signers.length, numReadonlySignedAccounts: 0, numReadonlyUnsignedAccounts: 1 },
          accountKeys: staticKeys,
          recentBlockhash: new Uint8Array(32),
          instructions: [],
          versioned: true,
          addressTableLookups: [],
        },
      },
      meta: {
        err: spec.failed ? { err: new Uint8Array([1, 0, 0, 0]) } : undefined,
        fee: String(spec.fee ?? 5_000n),
        preBalances: lamports('pre'),
        postBalances: lamports('post'),
        innerInstructions: [],
        innerInstructionsNone: true,
        logMessages: [],
        logMessagesNone: true,
        preTokenBalances: spec.tokens.flatMap((s, i) => (s.pre === undefined ? [] : [toBalance(tokenIndex(i), s, s.pre)])),
        postTokenBalances: spec.tokens.flatMap((s, i) => (s.post === undefined ? [] : [toBalance(tokenIndex(i), s, s.post)])),
        rewards: [],
        loadedWritableAddresses: spec.loaded ? tokenKeys : [],
        loadedReadonlyAddresses: [],
        returnData: undefined,
        returnDataNone: true,
        computeUnitsConsumed: '100000',
      },
    },
  } as GeyserTransactionUpdate
}

export interface TestPool {
  readonly authority: string
  readonly vaultA: Uint8Array
  readonly vaultB: Uint8Array
  readonly mintA: string
  readonly mintB: string
}

/** A pool of two vaults under `authority` (a label: pools may share one). */
export function createTestPool(label: string, authority = `${label}/authority`, mintB = WSOL): TestPool {
  return {
    authority: nameOf(keyOf(authority)),
    vaultA: keyOf(`${label}/vaultA`),
    vaultB: keyOf(`${label}/vaultB`),
    mintA: nameOf(keyOf(`${label}/mintA`)),
    mintB,
  }
}

export interface SwapSpec {
  slot: number
  index: number
  /** A trader label. */
  trader: string
  pool: TestPool
  /** true: the trader gets mint A and pays mint B; false the reverse. */
  buy: boolean
  amount?: bigint
}

/** A token-for-token swap on `pool` (mint B paid from and into the trader's own token account). */
export function swapUpdate(spec: SwapSpec): GeyserTransactionUpdate {
  const amount = spec.amount ?? 100n
  const trader = keyOf(spec.trader)
  const owner = nameOf(trader)
  const { pool } = spec
  const sign = spec.buy ? 1n : -1n
  return buildUpdate({
    slot: spec.slot,
    index: spec.index,
    signature: signatureOf(`${spec.trader}/${spec.slot}/${spec.index}`),
    signers: [{ key: trader, lamportsPre: 10_000_000n, lamportsPost: 10_000_000n - 5_000n }],
    tokens: [
      { account: keyOf(`${spec.trader}/${pool.mintA}`), mint: pool.mintA, owner, pre: 1_000_000n, post: 1_000_000n + sign * amount },
      { account: keyOf(`${spec.trader}/${pool.mintB}`), mint: pool.mintB, owner, pre: 1_000_000n, post: 1_000_000n - sign * amount },
      { account: pool.vaultA, mint: pool.mintA, owner: pool.authority, pre: 1_000_000_000n, post: 1_000_000_000n - sign * amount },
      { account: pool.vaultB, mint: pool.mintB, owner: pool.authority, pre: 1_000_000_000n, post: 1_000_000_000n + sign * amount },
    ],
  })
}
