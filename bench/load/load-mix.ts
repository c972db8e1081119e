/**
 * The transaction mix every path simulates, request by request in turn: unsigned wire
 * transactions built once with @solana/kit on localnet's demo state and one blockhash. Each must
 * give the engine the expected outcome before anything is timed, or the benchmark aborts.
 */
import { getTransferSolInstruction } from '@solana-program/system'
import { getTransferInstruction } from '@solana-program/token'
import { RENT_EXEMPT_RENT_EPOCH } from '../../localnet/chain/local-account.js'
import { DEMO_TOKEN_ACCOUNTS, DEMO_TOKEN_AMOUNTS, DEMO_WALLETS } from '../../localnet/seed/demo-state.js'
import { decodeWireTransaction } from '../../engine/hot-path/decode/wire-transaction.js'
import { createBenchCase } from '../support/bench-cases.js'
import { LoadBenchError } from './load-bench-error.js'
import type { MixEntry } from './load-results.js'
import { callRpc, type LoadStack } from './load-stack.js'
import { ADDRESS_LOOKUP_TABLE_PROGRAM, encodeLookupTableData } from '../../localnet/seed/lookup-table-account.js'
import { asSigner, buildV0, getLabelAddress } from './mix-transactions.js'

export interface LoadMixEntry extends MixEntry {
  bytes: Uint8Array
  base64: string
  /** The failure code the engine must report (null for a success). */
  failureCode: string | null
}

export interface LoadMix {
  entries: LoadMixEntry[]
  blockhash: string
  /** Entries of the mix this run cannot have, and why. */
  unavailable: Array<{ path: string; reason: string }>
}

interface PlannedEntry {
  name: string
  description: string
  bytes: Uint8Array
  success: boolean
  failureCode: string | null
}

/** A v0 transaction whose three SOL recipients come from a lookup table written into the chain. */
function planLookupTableEntry(stack: LoadStack, blockhash: string): PlannedEntry | string {
  if (!stack.setAccount)
    return 'a running localnet takes no account writes over JSON-RPC, so the lookup table cannot be seeded (runs with --chain inside have it)'
  const payer = DEMO_WALLETS[2]
  const table = getLabelAddress('load-bench-lookup-table')
  const recipients = [1, 2, 3].map((i) => getLabelAddress(`load-bench-table-recipient-${i}`))
  stack.setAccount(table, {
    lamports: 10_000_000n,
    data: encodeLookupTableData({ authority: DEMO_WALLETS[0], addresses: recipients }),
    owner: ADDRESS_LOOKUP_TABLE_PROGRAM,
    executable: false,
    rentEpoch: RENT_EXEMPT_RENT_EPOCH,
  })
  const instructions = recipients.map((recipient, i) =>
    getTransferSolInstruction({ source: asSigner(payer), destination: recipient, amount: BigInt(1_000_000 * (i + 1)) }),
  )
  const bytes = buildV0(payer, blockhash, instructions, { [table]: recipients })
  const decoded = decodeWireTransaction(bytes)
  if (decoded.lookups.length !== 1 || decoded.loadedKeyCount !== 3)
    throw new LoadBenchError('v0-lookup-table: kit did not put the recipients in the lookup table')
  return {
    name: 'v0-lookup-table',
    description: 'v0, three SOL transfers from demo wallet 2 to recipients held in an address lookup table',
    bytes,
    success: true,
    failureCode: null,
  }
}

function planEntries(stack: LoadStack, blockhash: string, unavailable: LoadMix['unavailable']): PlannedEntry[] {
  const sol = createBenchCase('sol-transfer', blockhash)
  const spl = createBenchCase('spl-transfer', blockhash)
  const planned: PlannedEntry[] = [
    { name: sol.name, description: sol.description, bytes: sol.bytes, success: true, failureCode: null },
    { name: spl.name, description: spl.description, bytes: spl.bytes, success: true, failureCode: null },
  ]
  const lookup = planLookupTableEntry(stack, blockhash)
  if (typeof lookup === 'string') unavailable.push({ path: 'mix: v0 transaction with a lookup table', reason: lookup })
  else planned.push(lookup)
  const poor = DEMO_WALLETS[2]
  const overdraw = getTransferInstruction({
    source: DEMO_TOKEN_ACCOUNTS[2],
    destination: DEMO_TOKEN_ACCOUNTS[0],
    authority: asSigner(poor),
    amount: DEMO_TOKEN_AMOUNTS[2] + 1n,
  })
  planned.push({
    name: 'failing-spl-transfer',
    description: 'v0 SPL Token transfer of one base unit more than demo token account 2 holds: fails, insufficient_token_balance',
    bytes: buildV0(poor, blockhash, [overdraw]),
    success: false,
    failureCode: 'insufficient_token_balance',
  })
  unavailable.push({
    path: 'mix: a swap where a swap program is loaded',
    reason: 'no swap program binary (.so) is on this machine; localnet loads programs only from LOCALNET_PROGRAMS_DIR',
  })
  return planned
}

/** Builds the mix on the chain's latest blockhash and checks each entry's outcome on the engine. */
export async function createLoadMix(stack: LoadStack): Promise<LoadMix> {
  const unavailable: LoadMix['unavailable'] = []
  const { value } = await callRpc<{ value: { blockhash: string } }>(stack.rpcUrl, 'getLatestBlockhash', [{ commitment: 'processed' }])
  const planned = planEntries(stack, value.blockhash, unavailable)
  const options = { replaceRecentBlockhash: stack.replaceRecentBlockhash }
  const entries: LoadMixEntry[] = []
  for (const entry of planned) {
    // The first call fills the engine's cache; the second is what every timed call will see.
    await stack.engine.simulate(entry.bytes, options)
    const response = await stack.engine.simulate(entry.bytes, options)
    if (response.success !== entry.success || response.failure_code !== entry.failureCode) {
      const got = response.success ? 'success' : `${response.failure_code}: ${response.failure_reason}`
      throw new LoadBenchError(`mix ${entry.name}: the engine says ${got}; expected ${entry.success ? 'success' : entry.failureCode}`)
    }
    entries.push({
      name: entry.name,
      description: entry.description,
      success: entry.success,
      computeUnits: response.compute_units ?? 0,
      bytes: entry.bytes,
      base64: Buffer.from(entry.bytes).toString('base64'),
      failureCode: entry.failureCode,
    })
  }
  return { entries, blockhash: value.blockhash, unavailable }
}
