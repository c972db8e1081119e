// What a transaction tips the relay: System Transfers to a tip account, summed; null when it pays none.
import t from 'tap'
import { address, generateKeyPairSigner, type Address, type Instruction } from '@solana/kit'
import { getTipLamports } from '../../../../engine/hot-path/decode/tip-payments.js'
import { resolveAccountKeys } from '../../../../engine/hot-path/decode/account-keys.js'
import { decodeWireTransaction, type WireTransaction } from '../../../../engine/hot-path/decode/wire-transaction.js'
import { fromBase58Address, toAccountKey, type AccountKey } from '../../../../engine/hot-path/state/account-key.js'
import { JITO_TIP_ACCOUNTS } from '../../../../localnet/relay/tip-accounts.js'
import { encodeLookupTableData } from '../../hot-path/decode/lookup-table-data.js'
import { buildTransaction, transferSol, transferToken } from '../../../helpers/transactions.js'

const BLOCKHASH = '4uQeVj5tqViQh7yWWGStvkEG1Zmhx6uasJtWCJziofM'
const TIP_ACCOUNTS: ReadonlySet<AccountKey> = new Set(JITO_TIP_ACCOUNTS.map(fromBase58Address))
const [TIP_A, TIP_B] = JITO_TIP_ACCOUNTS as [Address, Address]

const payer = (await generateKeyPairSigner()).address
const stranger = (await generateKeyPairSigner()).address

async function build(instructions: Instruction[], lookupTables?: Record<Address, Address[]>): Promise<WireTransaction> {
  return decodeWireTransaction(
    await buildTransaction({ version: 0, feePayer: payer, blockhash: BLOCKHASH, instructions, ...(lookupTables ? { lookupTables } : {}) }),
  )
}

/** The resolved key list, the tables' addresses given. */
function getKeys(tx: WireTransaction, tables: Record<Address, Address[]>): AccountKey[] {
  const byTable = new Map(
    Object.entries(tables).map(([table, addresses]) => [
      fromBase58Address(table),
      encodeLookupTableData({ authority: payer, addresses: addresses as Address[], lastExtendedSlot: 0n }),
    ]),
  )
  const resolved = resolveAccountKeys(tx, (tableKey) => byTable.get(toAccountKey(tableKey)))
  if (!resolved.ok) throw new Error(`keys not resolved: ${resolved.reason}`)
  return resolved.keys.map(toAccountKey)
}

t.test('a transfer to a tip account is its amount; several tips add up', async (t) => {
  const one = await build([transferSol(payer, TIP_A, 12_345n)])
  t.equal(getTipLamports(one, null, TIP_ACCOUNTS), 12_345n, 'static keys alone')
  t.equal(getTipLamports(one, getKeys(one, {}), TIP_ACCOUNTS), 12_345n, 'resolved keys')

  const several = await build([
    transferSol(payer, TIP_A, 1_000n),
    transferSol(payer, stranger, 999_999n),
    transferSol(payer, TIP_B, 5_000_000_000n),
  ])
  t.equal(getTipLamports(several, null, TIP_ACCOUNTS), 5_000_001_000n, 'two tips, the plain transfer left out, u64 read whole')
})

t.test('a transaction that pays no tip account is null', async (t) => {
  t.equal(getTipLamports(await build([transferSol(payer, stranger, 1_000n)]), null, TIP_ACCOUNTS), null, 'a plain transfer')
  const token = await build([transferToken(stranger, TIP_A, payer, 1_000n)])
  t.equal(getTipLamports(token, null, TIP_ACCOUNTS), null, 'a token transfer naming a tip account')
  // The System Transfer's bytes under another program are not a tip.
  const lookalike: Instruction = {
    programAddress: address('Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo'),
    accounts: [
      { address: payer, role: 3 },
      { address: TIP_A, role: 1 },
    ],
    data: new Uint8Array([2, 0, 0, 0, 0xe8, 0x03, 0, 0, 0, 0, 0, 0]),
  }
  t.equal(getTipLamports(await build([lookalike]), null, TIP_ACCOUNTS), null, "a transfer's data under another program")
  t.equal(getTipLamports(await build([transferSol(payer, TIP_A, 1_000n)]), null, new Set()), null, 'no tip accounts known')
})

t.test('a tip of 0 lamports still pays a tip account: bundle-bound, 0', async (t) => {
  t.equal(getTipLamports(await build([transferSol(payer, TIP_A, 0n)]), null, TIP_ACCOUNTS), 0n)
})

t.test('a tip account loaded from a lookup table counts once the keys are resolved', async (t) => {
  const table = (await generateKeyPairSigner()).address
  const tables = { [table]: [TIP_A, stranger] } as Record<Address, Address[]>
  const tx = await build([transferSol(payer, TIP_A, 7_000n)], tables)
  t.equal(tx.loadedKeyCount, 1, 'the tip account comes from the table')
  t.equal(getTipLamports(tx, getKeys(tx, tables), TIP_ACCOUNTS), 7_000n, 'resolved keys: counted')
  t.equal(getTipLamports(tx, null, TIP_ACCOUNTS), null, 'static keys alone cannot name it')
})
