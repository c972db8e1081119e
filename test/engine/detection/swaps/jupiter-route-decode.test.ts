// Jupiter route instructions encoded from the IDL (a generic Borsh writer driven by
// test/fixtures/idl/jupiter_v6_idl.json, independent of the engine's table) and decoded back.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { toKeyBytes } from '../../../../engine/hot-path/decode/key-bytes.js'
import { decodeSwapInstruction, getJupiterMaximumIn, getJupiterMinimumOut } from '../../../../engine/detection/swaps/index.js'
import { JUPITER_V6_PROGRAM_ID } from '../../../../engine/detection/swaps/jupiter-v6-swap.js'
import { FIXTURES_DIR } from '../../../helpers/fixtures.js'
import { toAddress } from './swap-fixtures.js'

type IdlType = string | { defined: string } | { vec: IdlType }
interface IdlField {
  name: string
  type: IdlType
}
interface Idl {
  instructions: Array<{ name: string; accounts: Array<{ name: string }>; args: IdlField[] }>
  types: Array<{ name: string; type: { kind: string; fields?: IdlField[]; variants?: Array<{ name: string; fields?: IdlField[] }> } }>
}
const idl = JSON.parse(readFileSync(join(FIXTURES_DIR, 'idl', 'jupiter_v6_idl.json'), 'utf8')) as Idl

/** A Swap enum value: the variant name and its field values by name. */
interface SwapValue {
  variant: string
  fields?: Record<string, unknown>
}

/** Borsh-encodes `value` as IDL type `type`. */
function encode(type: IdlType, value: unknown, out: number[]): void {
  if (typeof type === 'string') {
    const sizes: Record<string, number> = { bool: 1, u8: 1, u16: 2, u32: 4, u64: 8 }
    let n = BigInt(type === 'bool' ? (value ? 1 : 0) : (value as number | bigint))
    for (let i = 0; i < sizes[type]!; i++, n >>= 8n) out.push(Number(n & 0xffn))
    return
  }
  if ('vec' in type) {
    const items = value as unknown[]
    encode('u32', items.length, out)
    for (const item of items) encode(type.vec, item, out)
    return
  }
  const defined = idl.types.find((candidate) => candidate.name === type.defined)!
  if (defined.type.kind === 'struct') {
    for (const field of defined.type.fields!) encode(field.type, (value as Record<string, unknown>)[field.name], out)
    return
  }
  if (typeof value === 'string') {
    out.push(defined.type.variants!.findIndex((variant) => variant.name === value))
    return
  }
  const { variant, fields } = value as SwapValue
  const index = defined.type.variants!.findIndex((candidate) => candidate.name === variant)
  out.push(index)
  for (const field of defined.type.variants![index]!.fields ?? []) encode(field.type, fields![field.name], out)
}

/** Instruction data for IDL instruction `name` with arguments by name. */
function encodeInstruction(name: string, args: Record<string, unknown>): Uint8Array {
  const instruction = idl.instructions.find((candidate) => candidate.name === name)!
  const snake = name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)
  const out = [...createHash('sha256').update(`global:${snake}`).digest().subarray(0, 8)]
  for (const arg of instruction.args) encode(arg.type, args[arg.name], out)
  return new Uint8Array(out)
}

/** Distinct made-up keys, one per IDL account name of `name`, in order. */
function accountsFor(name: string, overrides: Record<string, Uint8Array> = {}): { keys: Uint8Array[]; byName: Record<string, Uint8Array> } {
  const instruction = idl.instructions.find((candidate) => candidate.name === name)!
  const byName: Record<string, Uint8Array> = {}
  const keys = instruction.accounts.map((account, i) => {
    const key = overrides[account.name] ?? new Uint8Array(32).fill(i + 1)
    byName[account.name] = key
    return key
  })
  return { keys, byName }
}

const routePlan = [
  { swap: { variant: 'Whirlpool', fields: { aToB: true } }, percent: 60, inputIndex: 0, outputIndex: 1 },
  { swap: { variant: 'Symmetry', fields: { fromTokenId: 7n, toTokenId: 9n } }, percent: 40, inputIndex: 0, outputIndex: 1 },
  { swap: { variant: 'Serum', fields: { side: 'Ask' } }, percent: 100, inputIndex: 1, outputIndex: 2 },
  { swap: { variant: 'RaydiumClmm' }, percent: 100, inputIndex: 2, outputIndex: 3 },
]
const expectedHops = [
  { venue: 'Whirlpool', percent: 60 },
  { venue: 'Symmetry', percent: 40 },
  { venue: 'Serum', percent: 100 },
  { venue: 'RaydiumClmm', percent: 100 },
]

t.test('the minimum output and maximum input formulas', async (t) => {
  t.equal(getJupiterMinimumOut(2_000_000n, 50), 1_990_000n)
  t.equal(getJupiterMinimumOut(999n, 1), 998n, 'rounded down (998.9001)')
  t.equal(getJupiterMinimumOut(123n, 0), 123n)
  t.equal(getJupiterMinimumOut(123n, 10_000), 0n)
  t.equal(getJupiterMinimumOut(123n, 65_535), 0n, 'slippage above 100 % is capped')
  const big = 18_446_744_073_709_551_615n // u64::MAX: the program switches to u128 here; bigint has no overflow
  t.equal(getJupiterMinimumOut(big, 100), (big * 9_900n) / 10_000n)
  t.equal(getJupiterMaximumIn(1_000_000n, 50), 1_005_000n)
})

t.test('route: amounts from the end, hops from the plan, accounts by IDL name', async (t) => {
  const data = encodeInstruction('route', {
    routePlan,
    inAmount: 1_000_000n,
    quotedOutAmount: 2_000_000n,
    slippageBps: 50,
    platformFeeBps: 0,
  })
  // Optional destination not set: Anchor passes the program id.
  const { keys, byName } = accountsFor('route', { destinationTokenAccount: JUPITER_V6_PROGRAM_ID })
  const swap = decodeSwapInstruction(JUPITER_V6_PROGRAM_ID, data, keys, 3)!
  t.ok(swap)
  t.equal(swap.venue, 'jupiter_v6')
  t.equal(swap.venueName, 'Jupiter v6')
  t.equal(swap.instruction, 'route')
  t.equal(swap.instructionIndex, 3)
  t.equal(swap.mode, 'exact_in')
  t.equal(swap.amountIn, 1_000_000n)
  t.equal(swap.quotedAmount, 2_000_000n)
  t.equal(swap.slippageBps, 50)
  t.equal(swap.amountOut, 1_990_000n)
  t.same(swap.hops, expectedHops)
  t.equal(swap.userSource, byName.userSourceTokenAccount)
  t.equal(swap.userDestination, byName.userDestinationTokenAccount)
  t.equal(swap.outputMint, byName.destinationMint)
  t.equal(swap.inputMint, null, 'route does not name the source mint')
  t.equal(swap.pool, null)

  const redirected = accountsFor('route')
  const toOther = decodeSwapInstruction(JUPITER_V6_PROGRAM_ID, data, redirected.keys, 3)!
  t.equal(toOther.userDestination, redirected.byName.destinationTokenAccount, 'a set destinationTokenAccount receives the output')
})

t.test('sharedAccountsRoute, sharedAccountsExactOutRoute, exactOutRoute and the token-ledger routes', async (t) => {
  const shared = accountsFor('sharedAccountsRoute')
  const sharedSwap = decodeSwapInstruction(
    JUPITER_V6_PROGRAM_ID,
    encodeInstruction('sharedAccountsRoute', {
      id: 3,
      routePlan,
      inAmount: 5n,
      quotedOutAmount: 10_000n,
      slippageBps: 100,
      platformFeeBps: 20,
    }),
    shared.keys,
    0,
  )!
  t.equal(sharedSwap.instruction, 'sharedAccountsRoute')
  t.equal(sharedSwap.amountIn, 5n)
  t.equal(sharedSwap.amountOut, 9_900n)
  t.same(sharedSwap.hops, expectedHops)
  t.equal(sharedSwap.userSource, shared.byName.sourceTokenAccount)
  t.equal(sharedSwap.userDestination, shared.byName.destinationTokenAccount)
  t.equal(sharedSwap.inputMint, shared.byName.sourceMint)
  t.equal(sharedSwap.outputMint, shared.byName.destinationMint)

  const exactOut = accountsFor('sharedAccountsExactOutRoute')
  const exactOutSwap = decodeSwapInstruction(
    JUPITER_V6_PROGRAM_ID,
    encodeInstruction('sharedAccountsExactOutRoute', {
      id: 0,
      routePlan,
      outAmount: 777n,
      quotedInAmount: 1_000n,
      slippageBps: 300,
      platformFeeBps: 0,
    }),
    exactOut.keys,
    1,
  )!
  t.equal(exactOutSwap.mode, 'exact_out')
  t.equal(exactOutSwap.amountOut, 777n, 'the exact output')
  t.equal(exactOutSwap.amountIn, 1_030n, 'the maximum input: quoted + 3 %')
  t.equal(exactOutSwap.quotedAmount, 1_000n)

  const plain = accountsFor('exactOutRoute', { destinationTokenAccount: JUPITER_V6_PROGRAM_ID })
  const plainSwap = decodeSwapInstruction(
    JUPITER_V6_PROGRAM_ID,
    encodeInstruction('exactOutRoute', { routePlan, outAmount: 50n, quotedInAmount: 60n, slippageBps: 0, platformFeeBps: 0 }),
    plain.keys,
    1,
  )!
  t.equal(plainSwap.instruction, 'exactOutRoute')
  t.equal(plainSwap.inputMint, plain.byName.sourceMint)
  t.equal(plainSwap.outputMint, plain.byName.destinationMint)
  t.equal(plainSwap.userDestination, plain.byName.userDestinationTokenAccount)

  for (const name of ['routeWithTokenLedger', 'sharedAccountsRouteWithTokenLedger']) {
    const ledger = decodeSwapInstruction(
      JUPITER_V6_PROGRAM_ID,
      encodeInstruction(name, { id: 1, routePlan, quotedOutAmount: 400n, slippageBps: 25, platformFeeBps: 0 }),
      accountsFor(name).keys,
      2,
    )!
    t.equal(ledger.instruction, name)
    t.equal(ledger.amountIn, null, `${name}: the input is the token ledger's, not in the data`)
    t.equal(ledger.amountOut, 399n)
    t.same(ledger.hops, expectedHops)
  }
})

t.test('a Swap variant past the table stops the hops, not the amounts', async (t) => {
  const data = encodeInstruction('route', {
    routePlan: routePlan.slice(0, 2),
    inAmount: 1_000n,
    quotedOutAmount: 3_000n,
    slippageBps: 10,
    platformFeeBps: 0,
  })
  // Re-tag the second step with variant 60 (a newer Jupiter variant, e.g. with remaining-accounts fields).
  const patched = new Uint8Array(data)
  const secondStep = 8 + 4 + 1 + 1 + 3 // discriminator, vec length, Whirlpool tag + aToB, percent/indexes
  t.equal(patched[secondStep], 29, 'the second step is Symmetry (29)')
  patched[secondStep] = 60
  const swap = decodeSwapInstruction(JUPITER_V6_PROGRAM_ID, patched, accountsFor('route').keys, 0)!
  t.same(swap.hops, [
    { venue: 'Whirlpool', percent: 60 },
    { venue: 'unknown', percent: null },
  ])
  t.equal(swap.amountIn, 1_000n)
  t.equal(swap.amountOut, 2_997n)

  // A plan that claims more steps than the data holds, or cut short: refused, not misread.
  const overCount = new Uint8Array(data)
  overCount[8] = 3
  t.equal(decodeSwapInstruction(JUPITER_V6_PROGRAM_ID, overCount, [], 0), null, 'three steps claimed, two present')
  const underCount = new Uint8Array(data)
  underCount[8] = 1
  t.equal(decodeSwapInstruction(JUPITER_V6_PROGRAM_ID, underCount, [], 0), null, 'one step claimed, two present')
  const noAccounts = decodeSwapInstruction(JUPITER_V6_PROGRAM_ID, data, [], 0)!
  t.equal(noAccounts.amountIn, 1_000n)
  t.equal(noAccounts.userSource, null, 'accounts missing: null, not a throw')
})

t.test('routeV2 and sharedAccountsRouteV2: amounts first, bps steps', async (t) => {
  const discriminator = (name: string) => [...createHash('sha256').update(`global:${name}`).digest().subarray(0, 8)]
  const le = (value: bigint, bytes: number) => {
    const out: number[] = []
    for (let i = 0; i < bytes; i++, value >>= 8n) out.push(Number(value & 0xffn))
    return out
  }
  // in_amount, quoted_out_amount, slippage_bps, platform_fee_bps u16, positive_slippage_bps u16,
  // route_plan: Vec<{ swap, bps u16, input_index u8, output_index u8 }>.
  const plan = [...le(2n, 4), 17, 1, ...le(7_500n, 2), 0, 1, 38, ...le(2_500n, 2), 0, 1]
  const args = [...le(9_000n, 8), ...le(18_000n, 8), ...le(200n, 2), ...le(0n, 2), ...le(0n, 2), ...plan]
  const keys = Array.from({ length: 12 }, (_, i) => new Uint8Array(32).fill(100 + i))

  const route = decodeSwapInstruction(JUPITER_V6_PROGRAM_ID, new Uint8Array([...discriminator('route_v2'), ...args]), keys, 0)!
  t.equal(route.instruction, 'routeV2')
  t.equal(route.amountIn, 9_000n)
  t.equal(route.quotedAmount, 18_000n)
  t.equal(route.amountOut, 17_640n)
  t.same(route.hops, [
    { venue: 'Whirlpool', percent: 75 },
    { venue: 'MeteoraDlmm', percent: 25 },
  ])
  t.equal(route.userSource, keys[1])
  t.equal(route.userDestination, keys[7], 'the optional destination (7) is set')
  t.equal(route.inputMint, keys[3])
  t.equal(route.outputMint, keys[4])

  const shared = decodeSwapInstruction(
    JUPITER_V6_PROGRAM_ID,
    new Uint8Array([...discriminator('shared_accounts_exact_out_route_v2'), 4, ...args]),
    keys,
    0,
  )!
  t.equal(shared.instruction, 'sharedAccountsExactOutRouteV2')
  t.equal(shared.mode, 'exact_out')
  t.equal(shared.amountOut, 9_000n)
  t.equal(shared.amountIn, 18_360n)
  t.equal(shared.userSource, keys[2])
  t.equal(shared.userDestination, keys[5])
  t.equal(toAddress(shared.inputMint), toAddress(keys[6]))
})

t.test('Jupiter instructions that are not routes are not swaps', async (t) => {
  const createTokenLedger = encodeInstruction('createTokenLedger', {})
  t.equal(decodeSwapInstruction(JUPITER_V6_PROGRAM_ID, createTokenLedger, [], 0), null)
  const claim = encodeInstruction('claim', { id: 1 })
  t.equal(decodeSwapInstruction(JUPITER_V6_PROGRAM_ID, claim, [], 0), null)
  t.equal(decodeSwapInstruction(toKeyBytes('JUP4Fb2cqiRUcaTHdrPC8h2gNsA2ETXiPDD33WcGuJB'), claim, [], 0), null, 'Jupiter v4 is not decoded')
})
