// v0 transactions whose accounts come from an address lookup table held on chain.
import t from 'tap'
import { type Address, generateKeyPairSigner } from '@solana/kit'
import { DEMO_WALLETS } from '../../../../localnet/seed/demo-state.js'
import { RENT_EXEMPT_RENT_EPOCH } from '../../../../localnet/chain/local-account.js'
import { ADDRESS_LOOKUP_TABLE_PROGRAM, encodeLookupTableData } from '../decode/lookup-table-data.js'
import { decodeWireTransaction } from '../../../../engine/hot-path/decode/wire-transaction.js'
import { startStack } from '../../../helpers/stack.js'
import { buildTransaction, transferSol } from '../../../helpers/transactions.js'

const wallet = (i: number) => DEMO_WALLETS[i] as Address

t.test('a v0 transfer to lookup-table addresses resolves them from chain state', async (t) => {
  const { engine, localnet, rpc } = await startStack(t)
  const recipients = await Promise.all([1, 2, 3].map(async () => (await generateKeyPairSigner()).address))
  const table = (await generateKeyPairSigner()).address
  localnet.chain.setAccount(table, {
    lamports: 10_000_000n,
    data: encodeLookupTableData({ authority: wallet(0), addresses: recipients, lastExtendedSlot: 1n }),
    owner: ADDRESS_LOOKUP_TABLE_PROGRAM,
    executable: false,
    rentEpoch: RENT_EXEMPT_RENT_EPOCH,
  })
  const { value } = await rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const build = (tableAddress: Address) =>
    buildTransaction({
      version: 0,
      feePayer: wallet(1),
      blockhash: value.blockhash,
      instructions: recipients.map((recipient, i) => transferSol(wallet(1), recipient, BigInt(1_000_000 * (i + 1)))),
      lookupTables: { [tableAddress]: recipients } as Record<Address, Address[]>,
    })
  const bytes = await build(table)
  const decoded = decodeWireTransaction(bytes)
  t.equal(decoded.lookups.length, 1, 'the message uses the table')
  t.equal(decoded.loadedKeyCount, 3, 'all three recipients come from the table')

  const response = await engine.simulate(bytes)
  t.equal(response.success, true, response.failure_reason ?? '')
  t.equal(response.compute_units, 450)
  for (const [i, recipient] of recipients.entries()) {
    const change = response.balance_changes.find((c) => c.account === recipient)
    t.equal(change?.delta, String(1_000_000 * (i + 1)), `recipient ${i} from the table is credited`)
  }

  const missingTable = (await generateKeyPairSigner()).address
  const missing = await engine.simulate(await build(missingTable))
  t.match(missing, { success: false, failure_code: 'account_not_found', is_terminal: false })
  t.match(missing.failure_reason, /lookup table/)
})
