// The engine through a Solana RPC outage: the network between it and its only node is cut (a TCP
// proxy drops every connection and closes its port) while calls keep coming and the engine's own
// background reads (slots and blockhashes, stale-entry refreshes, priority fees) keep failing.
// A warm call still answers from the cache, a call that needs the chain answers
// `upstream_unavailable`, nothing is left to reject unhandled (tap fails a test on one, and Node
// ends a process on one), and the same calls succeed once the node is reachable again.
import t from 'tap'
import { generateKeyPairSigner, type Address } from '@solana/kit'
import { findAssociatedTokenPda, getCreateAssociatedTokenIdempotentInstruction, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { readConfig } from '../../../../lib/config.js'
import { isServiceError } from '../../../../lib/errors.js'
import { localnetConfigSchema } from '../../../../localnet/config.js'
import { createLocalnet } from '../../../../localnet/localnet.js'
import { engineConfigSchema } from '../../../../engine/config.js'
import { createEngine } from '../../../../engine/engine.js'
import { fromBase58Address, toAccountKey } from '../../../../engine/hot-path/state/account-key.js'
import { decodeWireTransaction, getStaticKey } from '../../../../engine/hot-path/decode/wire-transaction.js'
import { ORCA_ACCOUNTS_DIR } from '../../../helpers/fixtures.js'
import { callRpc, quietLogger } from '../../../helpers/stack.js'
import { startTcpProxy } from '../../../helpers/tcp-proxy.js'
import { asSigner, buildTransaction, transferSol } from '../../../helpers/transactions.js'

const SAMO = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU' as Address
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' as Address
const SOL = 1_000_000_000n

t.test('a Solana RPC outage: warm calls answer, cold ones say upstream_unavailable, nothing is left unhandled', async (t) => {
  const unhandled: unknown[] = []
  const onUnhandled = (reason: unknown) => void unhandled.push(reason)
  process.on('unhandledRejection', onUnhandled)
  t.teardown(() => void process.off('unhandledRejection', onUnhandled))

  const localnet = await createLocalnet(
    readConfig(localnetConfigSchema, {
      LOCALNET_RPC_PORT: '0',
      LOCALNET_GEYSER_PORT: '0',
      LOCALNET_RELAY_PORT: '0',
      LOCALNET_ACCOUNTS_DIR: ORCA_ACCOUNTS_DIR,
    }),
    quietLogger,
    { autoAdvance: true },
  )
  t.teardown(() => localnet.close())
  const { port } = new URL(localnet.rpcUrl)
  const proxy = await startTcpProxy(t, { host: '127.0.0.1', port: Number(port) })
  const engine = createEngine(
    readConfig(engineConfigSchema, {
      SOLANA_RPC_URLS: proxy.url,
      ENGINE_GRPC_PORT: '0',
      // Every cached entry is stale within the outage, so reads start background refreshes that fail.
      ACCOUNT_CACHE_FRESH_MS: '50',
      RPC_TIMEOUT_MS: '300',
      CHAIN_POLL_MS: '50',
      PRIORITY_FEE_REFRESH_MS: '100',
    }),
    quietLogger,
  )
  await engine.start()
  t.teardown(() => engine.stop())

  const { value } = await callRpc<{ value: { blockhash: string } }>(localnet.rpcUrl, 'getLatestBlockhash')
  const blockhash = value.blockhash
  const wallet = async () => {
    const signer = await generateKeyPairSigner()
    localnet.chain.airdrop(signer.address, 10n * SOL)
    return signer.address
  }
  const transfer = (from: Address, to: Address) =>
    buildTransaction({ feePayer: from, blockhash, instructions: [transferSol(from, to, SOL / 10n)] })
  /** A transaction making `owner` receive `mint`: the rug vector screens the mint and reads its symbol. */
  const receive = async (owner: Address, mint: Address) => {
    const [ata] = await findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
    return buildTransaction({
      feePayer: owner,
      blockhash,
      instructions: [
        getCreateAssociatedTokenIdempotentInstruction({
          payer: asSigner(owner),
          ata,
          owner,
          mint,
          tokenProgram: TOKEN_PROGRAM_ADDRESS,
        }),
      ],
    })
  }
  const outcome = (call: Promise<{ success: boolean }>) =>
    call.then(
      (response) => (response.success ? 'answered' : 'failed'),
      (error: unknown) => (isServiceError(error) ? error.code : `thrown: ${String(error)}`),
    )

  const warm = await wallet()
  const recipient = await wallet()
  const warmTransfer = await transfer(warm, recipient)
  t.equal(await outcome(engine.simulate(warmTransfer)), 'answered', 'before the outage')
  const cold = await wallet()
  const coldTransfer = await transfer(cold, recipient)
  const coldReceive = await receive(await wallet(), SAMO)
  // Another call had the warm wallet receive USDC (the programs and their dependencies are cached),
  // and another read the accounts of its SAMO receipt, but not SAMO's metadata: the symbol read
  // meets the outage.
  t.equal(await outcome(engine.simulate(await receive(warm, USDC))), 'answered', 'a receipt of USDC, before the outage')
  const warmReceive = await receive(warm, SAMO)
  const decoded = decodeWireTransaction(warmReceive)
  const receiveKeys = Array.from({ length: decoded.staticKeyCount }, (_, i) => toAccountKey(getStaticKey(decoded, i)))
  await engine.cache.getMany(receiveKeys)

  await proxy.cut()
  t.test('during the outage', async (t) => {
    t.ok(engine.cache.peek(fromBase58Address(SAMO)), "SAMO's mint is cached")
    for (let round = 0; round < 5; round++) {
      const results = await Promise.all([
        outcome(engine.simulate(warmTransfer)),
        outcome(engine.simulate(warmReceive)),
        outcome(engine.simulate(coldTransfer)),
        outcome(engine.simulate(coldReceive)),
      ])
      t.same(results, ['answered', 'answered', 'upstream_unavailable', 'upstream_unavailable'], `round ${round + 1}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    t.ok(engine.cache.stats.backgroundRefreshes > 0, 'stale entries were refreshed in the background, and failed')
  })

  t.test('after the outage', async (t) => {
    await proxy.restore()
    t.equal(await outcome(engine.simulate(coldTransfer)), 'answered', 'a cold transfer')
    t.equal(await outcome(engine.simulate(coldReceive)), 'answered', 'a cold receive of SAMO')
    // Background work that failed during the outage has had time to settle.
    await new Promise((resolve) => setTimeout(resolve, 300))
    t.same(
      unhandled.map((reason) => String(reason)),
      [],
      'no rejection left unhandled',
    )
  })
})
