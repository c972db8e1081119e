// What bots and wallets ask of the cluster as a whole, through the real clients: @solana/web3.js
// 1.x's Connection and @solana/kit's RPC, on one localnet whose slots the test advances. getSupply
// and getLargestAccounts follow an airdrop; getVoteAccounts is empty (no votes); getClusterNodes
// names this node's RPC; getLeaderSchedule gives each leader its slots; getRecentPerformanceSamples
// holds a sample once 60 s of slots passed; getStakeMinimumDelegation is what the stake program
// itself answers; getHighestSnapshotSlot is Agave's "No snapshot"; the limits answer -32602.
import {
  Keypair,
  PublicKey,
  Transaction,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
  type Connection,
  LAMPORTS_PER_SOL,
  SystemProgram,
  sendAndConfirmTransaction,
} from '@solana/web3.js'
import { address, createSolanaRpc, isSolanaError } from '@solana/kit'
import t from 'tap'
import { SLOTS_PER_EPOCH } from '../../../localnet/chain.js'
import { SAMPLE_PERIOD_SECS } from '../../../localnet/chain/performance-samples.js'
import { DEFAULT_LEADER_IDENTITY } from '../../../localnet/chain/slot-leaders.js'
import { startTestLocalnet } from '../../helpers/localnet-start.js'
import { openWeb3Connection } from '../../helpers/web3-connection.js'

const STAKE_PROGRAM = new PublicKey('Stake11111111111111111111111111111111111111')
/** The stake program's GetMinimumDelegation instruction (StakeInstruction index 13). */
const GET_MINIMUM_DELEGATION = Buffer.from([13, 0, 0, 0])

/** What the stake program answers GetMinimumDelegation, read from a simulation's return data. */
async function askStakeProgram(connection: Connection, payer: Keypair): Promise<number> {
  // A VersionedTransaction keeps the blockhash it is given. A legacy Transaction would be simulated
  // with the finalized blockhash web3.js cached for an earlier send (kept 30 s of wall time, 75 of a
  // cluster's 400 ms slots), which the 150 slots this test runs in a moment have expired.
  const message = new TransactionMessage({
    payerKey: payer.publicKey,
    recentBlockhash: (await connection.getLatestBlockhash()).blockhash,
    instructions: [new TransactionInstruction({ programId: STAKE_PROGRAM, keys: [], data: GET_MINIMUM_DELEGATION })],
  }).compileToLegacyMessage()
  const transaction = new VersionedTransaction(message)
  transaction.sign([payer])
  const simulated = await connection.simulateTransaction(transaction)
  const data = simulated.value.returnData?.data[0]
  if (!data) throw new Error(`no return data: ${JSON.stringify(simulated.value)}`)
  return Number(Buffer.from(data, 'base64').readBigUInt64LE(0))
}

t.test('cluster-wide methods through web3.js and kit', async (t) => {
  const localnet = await startTestLocalnet(t, {}, { autoAdvance: false })
  const connection = openWeb3Connection(t, localnet, 'processed')
  const rpc = createSolanaRpc(localnet.rpcUrl)
  const payer = Keypair.generate()
  localnet.chain.airdrop(address(payer.publicKey.toBase58()), 10n * BigInt(LAMPORTS_PER_SOL))

  await t.test('getSupply and getLargestAccounts: the whole supply circulates, and follows an airdrop', async (t) => {
    const before = (await connection.getSupply()).value
    t.ok(before.total > 0, `total ${before.total}`)
    t.equal(before.circulating, before.total, 'nothing is locked: all of it circulates')
    t.equal(before.nonCirculating, 0)
    t.same(before.nonCirculatingAccounts, [])
    const whale = Keypair.generate().publicKey
    localnet.chain.airdrop(address(whale.toBase58()), 1_000_000n * BigInt(LAMPORTS_PER_SOL))
    const after = (await rpc.getSupply({ excludeNonCirculatingAccountsList: true }).send()).value
    t.equal(after.total, BigInt(before.total) + 1_000_000n * BigInt(LAMPORTS_PER_SOL), 'kit: the airdrop added to the total')

    const largest = (await connection.getLargestAccounts()).value
    t.ok(largest.length > 0 && largest.length <= 20, `${largest.length} accounts, at most 20`)
    t.ok(
      largest.every((entry, i) => i === 0 || entry.lamports <= (largest[i - 1] as { lamports: number }).lamports),
      'largest first',
    )
    t.ok(
      largest.some((entry) => entry.address.equals(whale)),
      'the new whale is among them',
    )
    t.same((await connection.getLargestAccounts({ filter: 'nonCirculating' })).value, [], 'nothing non-circulating')
    const kitLargest = (await rpc.getLargestAccounts({ filter: 'circulating' }).send()).value
    t.equal(kitLargest.length, largest.length, 'kit reads the same list')
  })

  await t.test('getVoteAccounts: no votes, no vote accounts; getClusterNodes: this node', async (t) => {
    t.same(await connection.getVoteAccounts(), { current: [], delinquent: [] })
    t.same(await rpc.getVoteAccounts().send(), { current: [], delinquent: [] })
    const nodes = await connection.getClusterNodes()
    t.equal(nodes.length, 1, 'one node: the one leader')
    t.match(nodes[0], { pubkey: DEFAULT_LEADER_IDENTITY, rpc: new URL(localnet.rpcUrl).host, gossip: null, tpu: null })
    t.equal(nodes[0]?.version, (await connection.getVersion())['solana-core'], 'its version is getVersion’s')
    const kitNodes = await rpc.getClusterNodes().send()
    t.equal(kitNodes[0]?.pubsub, new URL(localnet.wsUrl).host, 'kit: and its PubSub address')
  })

  await t.test('getLeaderSchedule: the leader of every slot of the epoch; getSlotLeaders agrees', async (t) => {
    const schedule = await connection.getLeaderSchedule()
    t.same(Object.keys(schedule), [DEFAULT_LEADER_IDENTITY])
    t.equal(schedule[DEFAULT_LEADER_IDENTITY]?.length, Number(SLOTS_PER_EPOCH), 'one leader: every slot of the epoch')
    const kitSchedule = await rpc.getLeaderSchedule(null, { identity: address(DEFAULT_LEADER_IDENTITY) }).send()
    t.equal(kitSchedule?.[DEFAULT_LEADER_IDENTITY]?.length, Number(SLOTS_PER_EPOCH), 'kit, for one identity')
    const slot = await connection.getSlot()
    t.same(
      await connection.getSlotLeaders(slot, 4),
      Array.from({ length: 4 }, () => new PublicKey(DEFAULT_LEADER_IDENTITY)),
    )
    const farFuture = BigInt(slot) + 5n * SLOTS_PER_EPOCH
    t.equal(await rpc.getLeaderSchedule(farFuture).send(), null, 'an epoch whose schedule is not known yet: null')
  })

  await t.test('getRecentPerformanceSamples: a sample once 60 s of slots have passed', async (t) => {
    t.same(await connection.getRecentPerformanceSamples(), [], 'none yet')
    const recipient = Keypair.generate().publicKey
    localnet.chain.advanceSlot()
    const transfer = sendAndConfirmTransaction(
      connection,
      new Transaction().add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: recipient, lamports: 1_000_000 })),
      [payer],
      { commitment: 'processed' },
    )
    // Slots advance while the transfer waits for its confirmation.
    const periodSlots = (SAMPLE_PERIOD_SECS * 1000) / localnet.chain.slotMs
    for (let i = 0; i < periodSlots + 1; i++) {
      localnet.chain.advanceSlot()
      if (i % 10 === 0) await new Promise((resolve) => setImmediate(resolve))
    }
    await transfer
    const [sample] = await connection.getRecentPerformanceSamples(1)
    t.match(sample, { numSlots: periodSlots, samplePeriodSecs: SAMPLE_PERIOD_SECS }, 'one sample of 60 s of slots')
    t.ok((sample?.numTransactions ?? 0) >= 1, `its transactions: ${sample?.numTransactions}`)
    const [kitSample] = await rpc.getRecentPerformanceSamples(1).send()
    t.equal(kitSample?.numNonVoteTransactions, BigInt(sample?.numTransactions ?? -1), 'kit: every transaction a non-vote one')
    const tooMany = await rpc
      .getRecentPerformanceSamples(721)
      .send()
      .then(
        () => undefined,
        (error: unknown) => error,
      )
    t.ok(isSolanaError(tooMany), 'a limit over 720 is refused')
    t.match(String((tooMany as Error).message), /Invalid limit; max 720|-32602/)
  })

  await t.test('getStakeMinimumDelegation: what the stake program answers', async (t) => {
    const minimum = (await connection.getStakeMinimumDelegation()).value
    t.equal(minimum, await askStakeProgram(connection, payer), 'the stake program’s own GetMinimumDelegation')
    t.equal((await rpc.getStakeMinimumDelegation().send()).value, BigInt(minimum), 'kit reads the same')
  })

  await t.test('getHighestSnapshotSlot: no snapshot, as a node without one answers', async (t) => {
    const error = await rpc
      .getHighestSnapshotSlot()
      .send()
      .then(
        () => undefined,
        (rejection: unknown) => rejection,
      )
    t.ok(isSolanaError(error), 'kit throws a SolanaError')
    const raw = await localnet.call('getHighestSnapshotSlot')
    t.same(raw.error, { code: -32008, message: 'No snapshot' })
    const bogus = await localnet.call('getLargestAccounts', [{ filter: 'all' }])
    t.equal(bogus.error?.code, -32602, 'an unknown filter: invalid params')
  })
})
