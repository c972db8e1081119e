// The Jupiter v6 layout the engine embeds, derived again from the program's Anchor IDL
// (test/fixtures/idl/jupiter_v6_idl.json): any difference fails here, not on mainnet.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { JUPITER_ROUTE_INSTRUCTIONS } from '../../../../engine/detection/swaps/jupiter-route-instructions.js'
import { JUPITER_SWAP_VARIANTS } from '../../../../engine/detection/swaps/jupiter-swap-variants.js'
import { FIXTURES_DIR } from '../../../helpers/fixtures.js'

type IdlType = string | { defined: string } | { vec: IdlType } | { option: IdlType }
interface IdlField {
  name: string
  type: IdlType
}
interface Idl {
  instructions: Array<{ name: string; accounts: Array<{ name: string }>; args: IdlField[] }>
  types: Array<{
    name: string
    type: { kind: 'struct' | 'enum'; fields?: IdlField[]; variants?: Array<{ name: string; fields?: IdlField[] }> }
  }>
}

const idl = JSON.parse(readFileSync(join(FIXTURES_DIR, 'idl', 'jupiter_v6_idl.json'), 'utf8')) as Idl

const PRIMITIVE_BYTES: Record<string, number> = { bool: 1, u8: 1, u16: 2, u32: 4, u64: 8, i64: 8 }

/** Borsh size of a fixed-size IDL type; an enum of unit variants is its one tag byte. */
function getFixedSize(type: IdlType): number {
  if (typeof type === 'string') {
    const size = PRIMITIVE_BYTES[type]
    if (size === undefined) throw new Error(`no fixed size for ${type}`)
    return size
  }
  if ('defined' in type) {
    const defined = idl.types.find((candidate) => candidate.name === type.defined)!
    if (defined.type.kind === 'enum' && defined.type.variants!.every((variant) => variant.fields === undefined)) return 1
    if (defined.type.kind === 'struct') return defined.type.fields!.reduce((sum, field) => sum + getFixedSize(field.type), 0)
  }
  throw new Error(`no fixed size for ${JSON.stringify(type)}`)
}

const toSnakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)
const anchorDiscriminator = (name: string) => [...createHash('sha256').update(`global:${name}`).digest().subarray(0, 8)]

t.test('the Swap enum table is the IDL Swap enum: names, order, field sizes', async (t) => {
  const swap = idl.types.find((type) => type.name === 'Swap')!
  const derived = swap.type.variants!.map((variant) => ({
    name: variant.name,
    fieldBytes: (variant.fields ?? []).reduce((sum, field) => sum + getFixedSize(field.type), 0),
  }))
  t.equal(derived.length, 41)
  t.same(JUPITER_SWAP_VARIANTS, derived)
})

t.test('the route plan step is { swap: Swap, percent: u8, inputIndex: u8, outputIndex: u8 }', async (t) => {
  const step = idl.types.find((type) => type.name === 'RoutePlanStep')!
  t.same(
    step.type.fields!.map((field) => [field.name, field.type]),
    [
      ['swap', { defined: 'Swap' }],
      ['percent', 'u8'],
      ['inputIndex', 'u8'],
      ['outputIndex', 'u8'],
    ],
  )
})

t.test('every IDL instruction with a route plan is decoded, with the IDL discriminator, arguments and accounts', async (t) => {
  const routes = idl.instructions.filter((instruction) => instruction.args.some((arg) => arg.name === 'routePlan'))
  t.same(
    routes.map((route) => route.name),
    [
      'route',
      'routeWithTokenLedger',
      'exactOutRoute',
      'sharedAccountsRoute',
      'sharedAccountsRouteWithTokenLedger',
      'sharedAccountsExactOutRoute',
    ],
  )
  for (const route of routes) {
    const embedded = JUPITER_ROUTE_INSTRUCTIONS.find((instruction) => instruction.name === route.name)
    if (embedded === undefined) {
      t.fail(`${route.name} is not in the table`)
      continue
    }
    t.same([...embedded.discriminator], anchorDiscriminator(toSnakeCase(route.name)), `${route.name} discriminator`)
    const argNames = route.args.map((arg) => arg.name)
    t.equal(argNames[0] === 'id', embedded.hasId, `${route.name}: leading id argument`)
    const afterPlan = route.args.slice(argNames.indexOf('routePlan') + 1)
    const expectedTail: Record<string, Array<[string, string]>> = {
      v1_exact_in: [
        ['inAmount', 'u64'],
        ['quotedOutAmount', 'u64'],
        ['slippageBps', 'u16'],
        ['platformFeeBps', 'u8'],
      ],
      v1_ledger: [
        ['quotedOutAmount', 'u64'],
        ['slippageBps', 'u16'],
        ['platformFeeBps', 'u8'],
      ],
      v1_exact_out: [
        ['outAmount', 'u64'],
        ['quotedInAmount', 'u64'],
        ['slippageBps', 'u16'],
        ['platformFeeBps', 'u8'],
      ],
    }
    t.same(
      afterPlan.map((arg) => [arg.name, arg.type]),
      expectedTail[embedded.amounts],
      `${route.name}: fixed-size arguments after the plan`,
    )
    t.equal(embedded.mode, argNames.includes('outAmount') ? 'exact_out' : 'exact_in', `${route.name} mode`)

    const accountIndex = (...names: string[]) => route.accounts.findIndex((account) => names.includes(account.name))
    const isShared = route.name.startsWith('sharedAccounts')
    t.equal(embedded.sourceAccount, accountIndex(isShared ? 'sourceTokenAccount' : 'userSourceTokenAccount'), `${route.name} source`)
    t.equal(
      embedded.destinationAccount,
      accountIndex(isShared ? 'destinationTokenAccount' : 'userDestinationTokenAccount'),
      `${route.name} destination`,
    )
    t.equal(
      embedded.optionalDestinationAccount,
      isShared ? -1 : accountIndex('destinationTokenAccount'),
      `${route.name} optional destination`,
    )
    t.equal(embedded.sourceMintAccount, accountIndex('sourceMint'), `${route.name} source mint`)
    t.equal(embedded.destinationMintAccount, accountIndex('destinationMint'), `${route.name} destination mint`)
  }
})

t.test('the V2 routes (not in this IDL) carry their Anchor discriminators', async (t) => {
  for (const name of ['routeV2', 'exactOutRouteV2', 'sharedAccountsRouteV2', 'sharedAccountsExactOutRouteV2']) {
    const embedded = JUPITER_ROUTE_INSTRUCTIONS.find((instruction) => instruction.name === name)!
    t.same([...embedded.discriminator], anchorDiscriminator(toSnakeCase(name)), name)
    t.equal(embedded.amounts, 'v2')
  }
  const discriminators = JUPITER_ROUTE_INSTRUCTIONS.map((instruction) => Buffer.from(instruction.discriminator).toString('hex'))
  t.equal(new Set(discriminators).size, discriminators.length, 'all distinct')
})
