// @solana/kit subscriptions and token queries on localnet: accountNotifications sees a transfer
// change an account, logsNotifications a program's logs, slotNotifications the blocks; a mint
// created and an associated token account minted to (@solana-program/token), seen through
// accountNotifications in jsonParsed, then getTokenAccountsByOwner (base64 and jsonParsed),
// getTokenAccountBalance, getTokenSupply and the token client's fetchToken / fetchMint.
import {
  address,
  appendTransactionMessageInstructions,
  assertIsTransactionWithBlockhashLifetime,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  generateKeyPairSigner,
  getSignatureFromTransaction,
  lamports,
  airdropFactory,
  pipe,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Instruction,
  type Signature,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { fetchMint, fetchToken } from '@solana-program/token'
import t from 'tap'
import { startTestLocalnet } from '../../helpers/localnet-start.js'
import { getMintSize, mintSetupInstructions, TOKEN_PROGRAM_ADDRESS } from '../../helpers/token-mint-setup.js'

const SYSTEM_PROGRAM = address('11111111111111111111111111111111')
const TRANSFER = 1_000_000n

/**
 * The first notification an async iterable yields. Call it before the change: kit's iterables
 * deliver only what arrives once iteration has begun, not what came before.
 */
async function first<T>(notifications: AsyncIterable<T>): Promise<T> {
  for await (const notification of notifications) return notification
  throw new Error('the subscription ended without a notification')
}

t.test('@solana/kit subscriptions and token queries on localnet', async (t) => {
  // Real slots on a timer, as clients expect: 100 ms confirms quickly, and a blockhash lives 15 s
  // (150 blocks), room for a loaded CI machine. Finalized 4 slots on.
  const localnet = await startTestLocalnet(t, { LOCALNET_SLOT_MS: '100', LOCALNET_FINALITY_SLOTS: '4' }, { autoAdvance: true })
  const rpc = createSolanaRpc(localnet.rpcUrl)
  const rpcSubscriptions = createSolanaRpcSubscriptions(localnet.wsUrl)
  const sendAndConfirm = sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions })
  // Every subscription ends with the test; kit closes its socket when none is left.
  const subscriptions = new AbortController()
  t.teardown(() => subscriptions.abort())
  const abortSignal = subscriptions.signal
  const payer = await generateKeyPairSigner()
  await airdropFactory({ rpc, rpcSubscriptions })({
    recipientAddress: payer.address,
    lamports: lamports(2_000_000_000n),
    commitment: 'confirmed',
  })

  async function send(instructions: Instruction[]): Promise<Signature> {
    const { value: blockhash } = await rpc.getLatestBlockhash().send()
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(payer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
      (m) => appendTransactionMessageInstructions(instructions, m),
    )
    const transaction = await signTransactionMessageWithSigners(message)
    assertIsTransactionWithBlockhashLifetime(transaction)
    await sendAndConfirm(transaction, { commitment: 'confirmed', abortSignal: AbortSignal.timeout(10_000) })
    return getSignatureFromTransaction(transaction)
  }

  await t.test('accountNotifications and logsNotifications see a transfer; slotNotifications the next block', async (t) => {
    const recipient = (await generateKeyPairSigner()).address
    // Read before subscribing: every slot notified opened after it.
    const slotBefore = await rpc.getSlot({ commitment: 'processed' }).send()
    // subscribe() resolves once the server has answered the subscription: nothing after it is missed.
    const accountChanges = await rpcSubscriptions
      .accountNotifications(recipient, { commitment: 'confirmed', encoding: 'base64' })
      .subscribe({ abortSignal })
    const logs = await rpcSubscriptions
      .logsNotifications({ mentions: [SYSTEM_PROGRAM] }, { commitment: 'confirmed' })
      .subscribe({ abortSignal })
    const slots = await rpcSubscriptions.slotNotifications().subscribe({ abortSignal })
    const [firstChange, firstLogs, firstSlot] = [first(accountChanges), first(logs), first(slots)]

    const signature = await send([getTransferSolInstruction({ source: payer, destination: recipient, amount: TRANSFER })])
    const landedSlot = (await rpc.getTransaction(signature, { maxSupportedTransactionVersion: 0, encoding: 'json' }).send())!.slot

    const change = await firstChange
    t.equal(change.value.lamports, TRANSFER, 'the new balance')
    t.equal(change.value.owner, SYSTEM_PROGRAM)
    t.equal(change.context.slot, landedSlot, 'in the slot the transfer landed in')
    const logged = await firstLogs
    t.equal(logged.value.signature, signature)
    t.equal(logged.value.err, null)
    t.same(logged.value.logs, [`Program ${SYSTEM_PROGRAM} invoke [1]`, `Program ${SYSTEM_PROGRAM} success`])
    t.ok((await firstSlot).slot > slotBefore, 'a slot after the subscription')
  })

  await t.test('a mint and an associated token account minted to: notification, accounts by owner, balance, supply', async (t) => {
    const owner = (await generateKeyPairSigner()).address
    const mint = await generateKeyPairSigner()
    const { instructions, associatedTokenAccount } = await mintSetupInstructions({
      payer,
      mint,
      owner,
      decimals: 6,
      amount: 1_500_000n,
      mintRentLamports: await rpc.getMinimumBalanceForRentExemption(BigInt(getMintSize())).send(),
    })
    const tokenChanges = await rpcSubscriptions
      .accountNotifications(associatedTokenAccount, { commitment: 'confirmed', encoding: 'jsonParsed' })
      .subscribe({ abortSignal })
    const firstTokenChange = first(tokenChanges)
    await send(instructions)
    const expectedAmount = { amount: '1500000', decimals: 6, uiAmount: 1.5, uiAmountString: '1.5' }

    const created = await firstTokenChange
    t.match(created.value.data, {
      program: 'spl-token',
      parsed: { type: 'account', info: { mint: mint.address, owner, tokenAmount: expectedAmount } },
    })

    const raw = await rpc.getTokenAccountsByOwner(owner, { mint: mint.address }, { encoding: 'base64' }).send()
    t.same(
      raw.value.map((entry) => entry.pubkey),
      [associatedTokenAccount],
    )
    t.equal(raw.value[0]?.account.owner, TOKEN_PROGRAM_ADDRESS)
    const parsed = await rpc.getTokenAccountsByOwner(owner, { programId: TOKEN_PROGRAM_ADDRESS }, { encoding: 'jsonParsed' }).send()
    t.same(parsed.value[0]?.account.data.parsed.info.tokenAmount, expectedAmount)
    t.same((await rpc.getTokenAccountBalance(associatedTokenAccount).send()).value, expectedAmount)
    t.same((await rpc.getTokenSupply(mint.address).send()).value, expectedAmount)

    const token = await fetchToken(rpc, associatedTokenAccount)
    t.equal(token.data.amount, 1_500_000n)
    t.equal(token.data.owner, owner)
    const mintAccount = await fetchMint(rpc, mint.address)
    t.equal(mintAccount.data.supply, 1_500_000n)
    t.equal(mintAccount.data.decimals, 6)
  })
})
