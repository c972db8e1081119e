// The Meteora DLMM attacker swaps as built, against account data made to the program's layouts:
// the back-run's bin arrays in the order the SDK walks them from where the user's swap left the
// active bin, and the "2" variants keeping their remaining_accounts_info and transfer-hook
// accounts. (The swaps themselves run on the real program in sandwich-meteora-dlmm.test.ts.)
import t from 'tap'
import { createHash } from 'node:crypto'
import type { DecodedSwap } from '../../../../engine/detection/swaps/swap-types.js'
import type { InstructionAccount } from '../../../../engine/detection/mev/attacker-transaction.js'
import { meteoraDlmmSandwich } from '../../../../engine/detection/mev/sandwich-venues/meteora-dlmm.js'
import type { UserSwapInstruction } from '../../../../engine/detection/mev/sandwich-venues/sandwich-venue.js'

const key = (label: string) => new Uint8Array(createHash('sha256').update(label).digest())
const discriminator = (name: string) => createHash('sha256').update(name).digest().subarray(0, 8)
const POOL = key('lb pair')
const MINT_X = key('mint x')
const MINT_Y = key('mint y')
const HOOK = key('transfer hook account')

function lbPair(activeId: number): Uint8Array {
  const data = new Uint8Array(904)
  data.set(discriminator('account:LbPair'))
  new DataView(data.buffer).setInt32(76, activeId, true)
  data.set(MINT_X, 88)
  data.set(MINT_Y, 120)
  return data
}

function binArray(index: number): Uint8Array {
  const data = new Uint8Array(56)
  data.set(discriminator('account:BinArray'))
  new DataView(data.buffer).setBigInt64(8, BigInt(index), true)
  data.set(POOL, 24)
  return data
}

function tokenAccount(mint: Uint8Array): Uint8Array {
  const data = new Uint8Array(165)
  data.set(mint)
  return data
}

/** The user's swap's accounts as the attacker's (15 named, or 16 with the memo program), then `remaining`. */
function accountsOf(named: number, remaining: Uint8Array[]): InstructionAccount[] {
  const accounts = Array.from({ length: named }, (_, k) => ({ key: key(`named ${k}`), writable: false }))
  accounts[0] = { key: POOL, writable: true }
  return [...accounts, ...remaining.map((account) => ({ key: account, writable: true }))]
}

/** Builds the venue's two swaps, returning the accounts and data each was built with. */
function buildSwaps(instruction: string, data: Uint8Array, accounts: InstructionAccount[], fork: Map<Uint8Array, Uint8Array>) {
  const built: Array<{ accounts: readonly InstructionAccount[]; data: Uint8Array }> = []
  const swaps = meteoraDlmmSandwich.build({ instruction } as DecodedSwap, { data } as UserSwapInstruction, accounts, (accounts, data) => {
    built.push({ accounts, data })
    return new Uint8Array(0)
  })
  if (swaps === null) throw new Error(`${instruction} is not built`)
  const read = (wanted: Uint8Array) => [...fork].find(([k]) => Buffer.from(k).equals(Buffer.from(wanted)))?.[1]
  swaps.frontRun(5n)
  swaps.backRun(7n, read)
  return { front: built[0]!, back: built[1]! }
}

const arrays = new Map([30, 31, 32, 33].map((index) => [index, key(`bin array ${index}`)]))
const arrayAccounts = (...indexes: number[]) => indexes.map((index) => arrays.get(index)!)
const arrayData = () => [...arrays].map(([index, account]) => [account, binArray(index)] as [Uint8Array, Uint8Array])
const readU64 = (data: Uint8Array, offset: number) => Buffer.from(data).readBigUInt64LE(offset)

t.test('X → Y: the back-run takes the arrays ascending from the active bin, without those it cannot reach', async (t) => {
  const accounts = accountsOf(15, arrayAccounts(32, 31, 30))
  // The user sold X; the attacker's output account (index 5) holds Y, so the back-run buys X back: upwards.
  const fork = new Map([
    [POOL, lbPair(2200)],
    [accounts[5]!.key, tokenAccount(MINT_Y)],
    [accounts[4]!.key, tokenAccount(MINT_X)],
    ...arrayData(),
  ])
  const data = Buffer.concat([discriminator('global:swap'), Buffer.alloc(16, 9)])
  const { front, back } = buildSwaps('swap', data, accounts, fork)
  t.same(front.accounts, accounts, "the front-run runs on the user's accounts")
  t.same([...front.data.subarray(0, 8)], [...discriminator('global:swap')])
  t.equal(readU64(front.data, 8), 5n)
  t.equal(readU64(front.data, 16), 0n, 'no minimum')
  t.same(back.accounts[4], accounts[5], "the back-run pays the user's output token")
  t.same(back.accounts[5], accounts[4])
  t.same(
    back.accounts.slice(15).map(({ key }) => key),
    arrayAccounts(31, 32),
    'array 31 holds bin 2200, then 32; 30 is behind',
  )
  t.equal(readU64(back.data, 8), 7n)
})

t.test('Y → X: descending for the way back', async (t) => {
  const accounts = accountsOf(15, arrayAccounts(31, 32, 33))
  const fork = new Map([[POOL, lbPair(2330)], [accounts[5]!.key, tokenAccount(MINT_X)], ...arrayData()])
  const data = Buffer.concat([discriminator('global:swap_exact_out'), Buffer.alloc(16, 9)])
  const { front, back } = buildSwaps('swapExactOut', data, accounts, fork)
  t.same([...front.data.subarray(0, 8)], [...discriminator('global:swap')], 'exact out is front-run as exact in')
  t.same(
    back.accounts.slice(15).map(({ key }) => key),
    arrayAccounts(33, 32, 31),
  )
})

t.test('a "2" variant keeps its remaining_accounts_info and transfer-hook accounts', async (t) => {
  const accounts = accountsOf(16, [HOOK, ...arrayAccounts(32, 31)])
  const fork = new Map([[POOL, lbPair(2250)], [accounts[5]!.key, tokenAccount(MINT_Y)], ...arrayData()])
  const info = Buffer.from([1, 0, 0, 0, 0, 1]) // one slice: TransferHookX, 1 account
  // swap_with_price_impact2(amount, Some(2303), 50 bps, info)
  const data = Buffer.concat([
    discriminator('global:swap_with_price_impact2'),
    Buffer.alloc(8, 9),
    Buffer.from([1, 0xff, 8, 0, 0, 50, 0]),
    info,
  ])
  const { front, back } = buildSwaps('swapWithPriceImpact2', data, accounts, fork)
  t.same([...front.data.subarray(0, 8)], [...discriminator('global:swap2')])
  t.same([...front.data.subarray(24)], [...info])
  t.same(
    back.accounts.slice(16).map(({ key }) => key),
    [HOOK, ...arrayAccounts(32)],
    'the hook first, then the arrays from 32 up',
  )
})
