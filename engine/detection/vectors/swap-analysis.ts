/**
 * What the transaction swaps, shared by the slippage and MEV vectors and worked out once per
 * request: the swap instructions decoded with each venue's layout (top-level, or, under a router
 * this engine does not decode, the known venues it calls by CPI), the route, the number of hops,
 * and what the simulation says the signer paid and received.
 */
import { AMM_PROGRAM_IDS, DEX_PROGRAM_NAMES } from '../programs/dex-program-names.js'
import type { CallNode } from '../../hot-path/svm/call-tree.js'
import { decodeSwapInstructionByKey, getSwapVaults, isSwapProgram, type DecodedSwap } from '../swaps/index.js'
import { type AccountKey, toAccountKey } from '../../hot-path/state/account-key.js'
import { createMemoSlot, getOnce, isSignerKey, type VectorContext } from './vector-context.js'
import { WRAPPED_SOL_MINT } from '../../hot-path/svm/well-known-programs.js'

export interface SwapAnalysis {
  /** Decoded swaps in execution order; the first is the one the verdict is about. */
  swaps: DecodedSwap[]
  /** Whether `swaps` came from CPIs (under a router the engine does not decode). */
  fromInnerInstructions: boolean
  /** e.g. `Jupiter v6: Whirlpool → RaydiumClmm`, `Raydium CLMM`, `OKX → Pumpswap`; null without a swap. */
  route: string | null
  /** Pools traded through (route steps, two-hop legs, or AMM invocations in the call tree). */
  hops: number
  /** The simulated amounts of the main swap in base units; null when the simulation did not run or did not show them. */
  simulatedIn: bigint | null
  simulatedOut: bigint | null
  /** The main swap's mints: as the instruction names them, else as its vaults (or the user's accounts) hold them. */
  inputMint: AccountKey | null
  outputMint: AccountKey | null
  /** The main swap's pool vaults, receiving the input and paying the output; null when the accounts do not tell. */
  vaultIn: AccountKey | null
  vaultOut: AccountKey | null
}

/** The data of an account of the transaction as loaded for the simulation. */
export function readTransactionAccount(context: VectorContext, key: Uint8Array): Uint8Array | undefined {
  const index = context.keys.indexOf(toAccountKey(key))
  const entry = index === -1 ? undefined : context.entries?.[index]
  return entry?.exists ? entry.data : undefined
}

/**
 * The data of an account of the transaction as loaded, or, for one the transaction itself
 * creates (a wallet's first swap opens its token accounts in the same transaction), as the
 * simulation left it: a token account's mint does not change once it is opened.
 */
function readTransactionOrCreatedAccount(context: VectorContext, key: Uint8Array): Uint8Array | undefined {
  return readTransactionAccount(context, key) ?? context.post?.get(toAccountKey(key))?.data()
}

/** The mint of a token account of the transaction (a token account starts with its mint). */
function getTokenAccountMint(context: VectorContext, key: Uint8Array | null): AccountKey | null {
  if (key === null) return null
  const data = readTransactionAccount(context, key)
  return data !== undefined && data.length >= 165 ? toAccountKey(data.subarray(0, 32)) : null
}

function getInstructionAccounts(context: VectorContext, accountIndexes: Uint8Array): Array<Uint8Array | undefined> {
  const accounts = new Array<Uint8Array | undefined>(accountIndexes.length)
  for (let k = 0; k < accountIndexes.length; k++) accounts[k] = context.rawKeys[accountIndexes[k] as number]
  return accounts
}

function decodeTopLevel(context: VectorContext): DecodedSwap[] {
  const swaps: DecodedSwap[] = []
  const { instructions } = context.tx
  for (let i = 0; i < instructions.length; i++) {
    const instruction = instructions[i]!
    const program = context.keys[instruction.programIdIndex]
    if (program === undefined || !isSwapProgram(program)) continue
    const swap = decodeSwapInstructionByKey(program, instruction.data, getInstructionAccounts(context, instruction.accountIndexes), i)
    if (swap) swaps.push(swap)
  }
  return swaps
}

function countAmmInvocations(nodes: readonly CallNode[]): number {
  let count = 0
  for (const node of nodes) {
    if (AMM_PROGRAM_IDS.has(node.program_id)) count++
    if (node.children.length > 0) count += countAmmInvocations(node.children)
  }
  return count
}

/** DEX programs of the call tree in the order they were invoked (repeats of the same one collapsed). */
function getCallTreeRoute(nodes: readonly CallNode[], out: string[] = []): string[] {
  for (const node of nodes) {
    const name = DEX_PROGRAM_NAMES.get(node.program_id)
    if (name !== undefined && out[out.length - 1] !== name) out.push(name)
    if (node.children.length > 0) getCallTreeRoute(node.children, out)
  }
  return out
}

/** Swaps a router made by CPI into venues this engine decodes (inner instructions are read only here). */
function decodeInner(context: VectorContext): DecodedSwap[] {
  const swaps: DecodedSwap[] = []
  const lists = context.getInnerInstructions()
  for (let i = 0; i < lists.length; i++) {
    for (const inner of lists[i]!) {
      const program = context.keys[inner.programIdIndex]
      if (program === undefined || !isSwapProgram(program)) continue
      const swap = decodeSwapInstructionByKey(program, inner.data, getInstructionAccounts(context, inner.accountIndexes), i)
      if (swap) swaps.push(swap)
    }
  }
  return swaps
}

function getRoute(main: DecodedSwap, swaps: readonly DecodedSwap[], callTreeRoute: readonly string[], inner: boolean): string {
  if (main.venue === 'jupiter_v6' && main.hops.length > 0) return `${main.venueName}: ${main.hops.map((hop) => hop.venue).join(' → ')}`
  if (inner && callTreeRoute.length > 0) return callTreeRoute.join(' → ')
  if (swaps.length > 1) return swaps.map((swap) => swap.venueName).join(' → ')
  return main.hops.length > 1 ? `${main.venueName} (${main.hops.length} hops)` : main.venueName
}

/** The signer's net change in `mint` (SOL for wrapped SOL or a native leg), from the simulation. */
function getSignerDelta(context: VectorContext, mint: AccountKey | null): bigint | null {
  if (!context.success || !context.entries || !context.post) return null
  let delta = 0n
  let seen = false
  if (mint !== null) {
    for (const change of context.tokenDeltas) {
      if (change.mint !== mint || !isSignerKey(context, change.owner)) continue
      delta += change.post - change.pre
      seen = true
    }
  }
  if (mint === null || mint === WRAPPED_SOL_MINT) {
    // Native SOL: the fee payer's lamports, net of the fee (wrapping and unwrapping included).
    const payer = context.keys[0]
    const before = context.entries[0]
    const after = payer === undefined ? undefined : context.post.get(payer)
    if (before?.exists && after) {
      delta += after.lamports() - before.lamports + context.fee.feeLamports
      seen = true
    }
  }
  return seen ? delta : null
}

const SWAP_ANALYSIS = createMemoSlot<SwapAnalysis>('swap analysis')

/** The swap analysis of `context`, computed on first use. */
export function getSwapAnalysis(context: VectorContext): SwapAnalysis {
  return getOnce(context, SWAP_ANALYSIS, analyzeSwaps)
}

function analyzeSwaps(context: VectorContext): SwapAnalysis {
  let swaps = decodeTopLevel(context)
  const ammInvocations = countAmmInvocations(context.callTree)
  let inner = false
  if (swaps.length === 0 && ammInvocations > 0 && context.keysResolved) {
    swaps = decodeInner(context)
    inner = swaps.length > 0
  }
  const main = swaps[0]
  if (!main) {
    return {
      swaps,
      fromInnerInstructions: false,
      route: null,
      hops: 0,
      simulatedIn: null,
      simulatedOut: null,
      inputMint: null,
      outputMint: null,
      vaultIn: null,
      vaultOut: null,
    }
  }
  const decodedHops = swaps.reduce((sum, swap) => sum + Math.max(1, swap.hops.length), 0)
  const sides = getSwapSides(context, main)
  const received = getSignerDelta(context, sides.outputMint)
  const paid = getSignerDelta(context, sides.inputMint)
  return {
    swaps,
    fromInnerInstructions: inner,
    route: getRoute(main, swaps, getCallTreeRoute(context.callTree), inner),
    hops: Math.max(decodedHops, ammInvocations),
    simulatedOut: received !== null && received > 0n ? received : null,
    simulatedIn: paid !== null && paid < 0n ? -paid : null,
    ...sides,
  }
}

/** A swap's mints and pool vaults, as `SwapAnalysis` has them for the main swap. */
export type SwapSides = Pick<SwapAnalysis, 'inputMint' | 'outputMint' | 'vaultIn' | 'vaultOut'>

/** The mints and pool vaults of one of `context`'s decoded swaps. */
export function getSwapSides(context: VectorContext, swap: DecodedSwap): SwapSides {
  const vaults = getSwapVaults(swap, (key) => readTransactionOrCreatedAccount(context, key))
  const outputMint = swap.outputMint
    ? toAccountKey(swap.outputMint)
    : (getTokenAccountMint(context, vaults?.vaultOut ?? null) ?? getTokenAccountMint(context, swap.userDestination))
  const inputMint = swap.inputMint
    ? toAccountKey(swap.inputMint)
    : (getTokenAccountMint(context, vaults?.vaultIn ?? null) ?? getTokenAccountMint(context, swap.userSource))
  return {
    inputMint,
    outputMint,
    vaultIn: vaults ? toAccountKey(vaults.vaultIn) : null,
    vaultOut: vaults ? toAccountKey(vaults.vaultOut) : null,
  }
}
