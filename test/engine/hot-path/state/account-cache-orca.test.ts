// Real mainnet state (two Orca Whirlpool pools) loaded into localnet from account dumps, read back
// through the engine's cache byte for byte.
import t from 'tap'
import { fromBase58Address, toBase58Address } from '../../../../engine/hot-path/state/account-key.js'
import { startStack } from '../../../helpers/stack.js'
import { ORCA_ACCOUNTS_DIR, readAccountDumps } from '../../../helpers/fixtures.js'

t.test('Orca Whirlpool accounts arrive in the engine cache byte-exact', async (t) => {
  const { engine, localnet } = await startStack(t, { accountsDir: ORCA_ACCOUNTS_DIR })
  const dumps = readAccountDumps(ORCA_ACCOUNTS_DIR)
  t.ok(dumps.length >= 30, `${dumps.length} dumps`)
  const keys = dumps.map((dump) => fromBase58Address(dump.pubkey))
  const entries = await engine.cache.getMany(keys)
  for (const [i, dump] of dumps.entries()) {
    const entry = entries[i]!
    if (!entry.exists) {
      t.fail(`${dump.pubkey} missing`)
      continue
    }
    t.equal(Buffer.from(entry.data).toString('base64'), dump.account.data[0], `${dump.pubkey} data`)
    t.equal(entry.lamports, BigInt(dump.account.lamports), `${dump.pubkey} lamports`)
    t.equal(toBase58Address(entry.key), dump.pubkey)
    t.equal(entry.executable, dump.account.executable)
  }
  t.equal(engine.cache.stats.rpcCalls, 1, 'all of them in one getMultipleAccounts batch')
  // The clock must be real time, not 1970: the Whirlpool checks reward_last_updated_timestamp.
  t.ok(engine.chain.clock!.unixTimestamp > 1_700_000_000n, 'the chain clock is current')
  t.ok(localnet.chain.getSlot() >= 335n * 432_000n, 'the slot is at or after the epoch the dumps imply')
})
