// Durable-nonce transactions with the clients' own confirmation, at confirmed and finalized:
// web3.js 1.x confirmTransaction({signature, nonceAccountPubkey, nonceValue, minContextSlot}) and
// kit's sendAndConfirmDurableNonceTransactionFactory. Both read the nonce account at the commitment
// they confirm at and give up once it has moved on without the signature reaching that commitment,
// so they pass only when a read at confirmed or finalized sees the nonce as that bank does: unmoved
// until the transaction's slot reaches the level.
import {
  Keypair,
  LAMPORTS_PER_SOL,
  NONCE_ACCOUNT_LENGTH,
  SystemProgram,
  Transaction,
  sendAndConfirmTransaction,
  type Commitment,
} from '@solana/web3.js'
import {
  airdropFactory,
  appendTransactionMessageInstructions,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  generateKeyPairSigner,
  getSignatureFromTransaction,
  lamports,
  pipe,
  sendAndConfirmDurableNonceTransactionFactory,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  setTransactionMessageLifetimeUsingDurableNonce,
  signTransactionMessageWithSigners,
  type Address,
  type Nonce,
} from '@solana/kit'
import {
  fetchMaybeNonce,
  fetchNonce,
  getCreateAccountInstruction,
  getInitializeNonceAccountInstruction,
  getNonceSize,
  getTransferSolInstruction,
  SYSTEM_PROGRAM_ADDRESS,
} from '@solana-program/system'
import t from 'tap'
import { startTestLocalnet } from '../../helpers/localnet-start.js'
import { openWeb3Connection } from '../../helpers/web3-connection.js'

/** Polls `read` every 20 ms until it answers non-null (a state reaching finalized takes a few slots). */
async function eventually<T>(read: () => Promise<T | null>, what: string): Promise<T> {
  const deadline = Date.now() + 10_000
  for (;;) {
    const value = await read()
    if (value !== null) return value
    if (Date.now() > deadline) throw new Error(`${what}: not within 10 s`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

// Real slots on a timer as clients expect; finalized 4 slots on, so a finalized confirmation takes about half a second.
const LOCALNET_ENV = { LOCALNET_SLOT_MS: '100', LOCALNET_FINALITY_SLOTS: '4' }

t.test('web3.js 1.x: a durable-nonce transaction confirms at confirmed and at finalized', async (t) => {
  const localnet = await startTestLocalnet(t, LOCALNET_ENV, { autoAdvance: true })
  const connection = openWeb3Connection(t, localnet)
  const payer = Keypair.generate()
  const nonceAccount = Keypair.generate()
  const recipient = Keypair.generate().publicKey
  const airdrop = await connection.requestAirdrop(payer.publicKey, 2 * LAMPORTS_PER_SOL)
  await connection.confirmTransaction({ signature: airdrop, ...(await connection.getLatestBlockhash()) })
  const rent = await connection.getMinimumBalanceForRentExemption(NONCE_ACCOUNT_LENGTH)
  await sendAndConfirmTransaction(
    connection,
    new Transaction().add(
      SystemProgram.createNonceAccount({
        fromPubkey: payer.publicKey,
        noncePubkey: nonceAccount.publicKey,
        authorizedPubkey: payer.publicKey,
        lamports: rent,
      }),
    ),
    [payer, nonceAccount],
  )

  async function sendWithNonce(commitment: Commitment, lamportsToSend: number) {
    // The nonce as the bank of that commitment holds it: at finalized, the account exists only once its creation is finalized.
    const { context, value } = await eventually(async () => {
      const answer = await connection.getNonceAndContext(nonceAccount.publicKey, commitment)
      return answer.value ? { context: answer.context, value: answer.value } : null
    }, `the nonce account at ${commitment}`)
    const nonceValue = value.nonce
    const transaction = new Transaction({
      feePayer: payer.publicKey,
      nonceInfo: {
        nonce: nonceValue,
        nonceInstruction: SystemProgram.nonceAdvance({ noncePubkey: nonceAccount.publicKey, authorizedPubkey: payer.publicKey }),
      },
    }).add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: recipient, lamports: lamportsToSend }))
    transaction.sign(payer)
    const signature = await connection.sendRawTransaction(transaction.serialize())
    const confirmed = await connection.confirmTransaction(
      { signature, nonceAccountPubkey: nonceAccount.publicKey, nonceValue, minContextSlot: context.slot },
      commitment,
    )
    return { nonceValue, signature, err: confirmed.value.err }
  }

  const atConfirmed = await sendWithNonce('confirmed', 1_000_000)
  t.equal(atConfirmed.err, null, 'confirmTransaction at confirmed')
  t.equal((await connection.getSignatureStatus(atConfirmed.signature)).value?.err, null)
  const advanced = await connection.getNonce(nonceAccount.publicKey, 'confirmed')
  t.not(advanced?.nonce, atConfirmed.nonceValue, 'the nonce moved on once the transaction was confirmed')

  // The finalized bank holds the nonce as it was before the first advance until that is finalized too.
  await eventually(async () => {
    const status = await connection.getSignatureStatus(atConfirmed.signature)
    return status.value?.confirmationStatus === 'finalized' ? true : null
  }, 'the first transaction finalized')
  t.equal(
    (await connection.getNonce(nonceAccount.publicKey, 'finalized'))?.nonce,
    advanced?.nonce,
    'the finalized bank now holds the advanced nonce',
  )
  const atFinalized = await sendWithNonce('finalized', 2_000_000)
  t.equal(atFinalized.err, null, 'confirmTransaction at finalized')
  const status = await connection.getSignatureStatus(atFinalized.signature)
  t.equal(status.value?.confirmationStatus, 'finalized')
  t.equal(await connection.getBalance(recipient, 'finalized'), 3_000_000, 'both transfers are in the finalized bank')
})

t.test('@solana/kit: sendAndConfirmDurableNonceTransactionFactory at confirmed and at finalized', async (t) => {
  const localnet = await startTestLocalnet(t, LOCALNET_ENV, { autoAdvance: true })
  const rpc = createSolanaRpc(localnet.rpcUrl)
  const rpcSubscriptions = createSolanaRpcSubscriptions(localnet.wsUrl)
  const within = () => AbortSignal.timeout(15_000)
  const payer = await generateKeyPairSigner()
  const nonceAccount = await generateKeyPairSigner()
  const recipient = (await generateKeyPairSigner()).address
  await airdropFactory({ rpc, rpcSubscriptions })({
    recipientAddress: payer.address,
    lamports: lamports(2_000_000_000n),
    commitment: 'confirmed',
    abortSignal: within(),
  })
  const space = BigInt(getNonceSize())
  const rent = await rpc.getMinimumBalanceForRentExemption(space).send()
  const { value: blockhash } = await rpc.getLatestBlockhash({ commitment: 'confirmed' }).send()
  const create = await signTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version: 0 }),
      (message) => setTransactionMessageFeePayerSigner(payer, message),
      (message) => setTransactionMessageLifetimeUsingBlockhash(blockhash, message),
      (message) =>
        appendTransactionMessageInstructions(
          [
            getCreateAccountInstruction({ payer, newAccount: nonceAccount, lamports: rent, space, programAddress: SYSTEM_PROGRAM_ADDRESS }),
            getInitializeNonceAccountInstruction({ nonceAccount: nonceAccount.address, nonceAuthority: payer.address }),
          ],
          message,
        ),
    ),
  )
  await sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions })(
    create as Parameters<ReturnType<typeof sendAndConfirmTransactionFactory>>[0],
    {
      commitment: 'confirmed',
      abortSignal: within(),
    },
  )
  const sendAndConfirmWithNonce = sendAndConfirmDurableNonceTransactionFactory({ rpc, rpcSubscriptions })

  async function sendWithNonce(commitment: 'confirmed' | 'finalized', amount: bigint) {
    const account = await eventually(async () => {
      const maybe = await fetchMaybeNonce(rpc, nonceAccount.address, { commitment })
      return maybe.exists ? maybe : null
    }, `the nonce account at ${commitment}`)
    const nonce = account.data.blockhash as string as Nonce
    const transaction = await signTransactionMessageWithSigners(
      pipe(
        createTransactionMessage({ version: 0 }),
        (message) => setTransactionMessageFeePayerSigner(payer, message),
        (message) =>
          setTransactionMessageLifetimeUsingDurableNonce(
            { nonce, nonceAccountAddress: nonceAccount.address, nonceAuthorityAddress: payer.address },
            message,
          ),
        (message) =>
          appendTransactionMessageInstructions([getTransferSolInstruction({ source: payer, destination: recipient, amount })], message),
      ),
    )
    await sendAndConfirmWithNonce(transaction as Parameters<typeof sendAndConfirmWithNonce>[0], { commitment, abortSignal: within() })
    return { nonce, signature: getSignatureFromTransaction(transaction) }
  }

  const atConfirmed = await sendWithNonce('confirmed', 1_000_000n)
  const statuses = await rpc.getSignatureStatuses([atConfirmed.signature]).send()
  t.equal(statuses.value[0]?.err, null, 'landed and confirmed')
  const after = await fetchNonce(rpc, nonceAccount.address, { commitment: 'confirmed' })
  t.not(after.data.blockhash, atConfirmed.nonce, 'the nonce moved on')

  await eventually(async () => {
    const { value } = await rpc.getSignatureStatuses([atConfirmed.signature]).send()
    return value[0]?.confirmationStatus === 'finalized' ? true : null
  }, 'the first transaction finalized')
  const atFinalized = await sendWithNonce('finalized', 2_000_000n)
  const finalized = await rpc.getSignatureStatuses([atFinalized.signature]).send()
  t.equal(finalized.value[0]?.confirmationStatus, 'finalized')
  const { value: balance } = await rpc.getBalance(recipient as Address, { commitment: 'finalized' }).send()
  t.equal(balance, 3_000_000n, 'both transfers are in the finalized bank')
})
