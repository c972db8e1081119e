// @solana/kit against localnet as against a cluster: createSolanaRpcSubscriptions on localnet.wsUrl
// and sendAndConfirmTransactionFactory send a transfer and confirm it over the PubSub WebSocket
// (signatureNotifications for the status, slotNotifications + getEpochInfo for block height).
import {
  address,
  appendTransactionMessageInstruction,
  assertIsTransactionWithBlockhashLifetime,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  getSignatureFromTransaction,
  lamports,
  pipe,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Commitment,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import t from 'tap'
import { createDemoWalletSigners } from '../../localnet/seed/demo-state.js'
import { startTestLocalnet } from '../helpers/localnet-start.js'

const RECIPIENT = address('7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU')

for (const commitment of ['confirmed', 'finalized'] satisfies Commitment[]) {
  t.test(`sendAndConfirmTransactionFactory confirms a transfer at ${commitment}`, async (t) => {
    const localnet = await startTestLocalnet(t, { LOCALNET_SLOT_MS: '50', LOCALNET_FINALITY_SLOTS: '4' }, { autoAdvance: true })
    const rpc = createSolanaRpc(localnet.rpcUrl)
    const rpcSubscriptions = createSolanaRpcSubscriptions(localnet.wsUrl)
    const sendAndConfirm = sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions })
    const [alice] = await createDemoWalletSigners()
    const { value: blockhash } = await rpc.getLatestBlockhash().send()
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(alice, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
      (m) =>
        appendTransactionMessageInstruction(
          getTransferSolInstruction({ source: alice, destination: RECIPIENT, amount: lamports(5_000_000n) }),
          m,
        ),
    )
    const transaction = await signTransactionMessageWithSigners(message)
    assertIsTransactionWithBlockhashLifetime(transaction)
    await sendAndConfirm(transaction, { commitment, abortSignal: AbortSignal.timeout(10_000) })
    const signature = getSignatureFromTransaction(transaction)
    const { value: statuses } = await rpc.getSignatureStatuses([signature]).send()
    const status = statuses[0]
    t.ok(status?.confirmationStatus === commitment || status?.confirmationStatus === 'finalized', `at least ${commitment} once it resolves`)
    t.equal(status?.err, null)
    t.equal((await rpc.getBalance(RECIPIENT).send()).value, 5_000_000n)
  })
}
