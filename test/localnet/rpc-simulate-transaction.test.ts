import {
  address,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  generateKeyPairSigner,
  getAddressEncoder,
  getBase58Encoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingDurableNonce,
  signTransactionMessageWithSigners,
  type Nonce,
} from '@solana/kit'
import { getSetComputeUnitLimitInstruction } from '@solana-program/compute-budget'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  TOKEN_PROGRAM_ADDRESS,
  getCreateAssociatedTokenIdempotentInstructionAsync,
  getTransferCheckedInstruction,
} from '@solana-program/token'
import t from 'tap'
import { RENT_EXEMPT_RENT_EPOCH, SYSTEM_PROGRAM_ADDRESS } from '../../localnet/chain/local-account.js'
import {
  createDemoWalletSigners,
  DEMO_MINT,
  DEMO_MINT_DECIMALS,
  DEMO_TOKEN_ACCOUNTS,
  DEMO_TOKEN_AMOUNTS,
  DEMO_WALLET_LAMPORTS,
  DEMO_WALLETS,
} from '../../localnet/seed/demo-state.js'
import { startTestLocalnet } from '../helpers/localnet-start.js'
import { buildTransaction, buildTransfer, toBase64 } from '../helpers/localnet-transactions.js'

const RECIPIENT = address('7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU')

async function signers() {
  const [alice, bob] = await createDemoWalletSigners()
  return { alice, bob }
}

t.test('an unsigned transaction simulates with sigVerify false, and commits nothing', async (t) => {
  const localnet = await startTestLocalnet(t)
  const { alice } = await signers()
  const blockhash = localnet.chain.getLatestBlockhash().blockhash
  const bytes = await buildTransfer({ from: alice, to: RECIPIENT, lamports: 1_000_000_000n, blockhash, sign: false })
  t.same(Array.from(bytes.subarray(1, 65)), Array(64).fill(0), 'signature bytes are zero')
  const simulated = await localnet.call('simulateTransaction', [toBase64(bytes), { encoding: 'base64', commitment: 'processed' }])
  t.same(simulated.result, {
    context: { apiVersion: '4.3.0', slot: Number(localnet.chain.getSlot()) },
    value: {
      err: null,
      logs: ['Program 11111111111111111111111111111111 invoke [1]', 'Program 11111111111111111111111111111111 success'],
      accounts: null,
      unitsConsumed: 150,
      returnData: null,
      innerInstructions: null,
      replacementBlockhash: null,
      // What it would pay and move (Agave answers these since 2.x; kit's types declare them).
      fee: 5_000,
      preBalances: [1_000_000_000_000, 0, 1],
      postBalances: [1_000_000_000_000 - 1_000_000_000 - 5_000, 1_000_000_000, 1],
      preTokenBalances: [],
      postTokenBalances: [],
      loadedAddresses: { writable: [], readonly: [] },
    },
  })
  t.equal((await localnet.call('getBalance', [RECIPIENT, { commitment: 'processed' }])).result.value, 0, 'nothing committed')

  const verified = await localnet.call('simulateTransaction', [toBase64(bytes), { encoding: 'base64', sigVerify: true }])
  t.same(verified.error, { code: -32003, message: 'Transaction signature verification failure' })
})

t.test('stale blockhash: BlockhashNotFound, unless replaceRecentBlockhash', async (t) => {
  const localnet = await startTestLocalnet(t)
  const { alice } = await signers()
  const bytes = await buildTransfer({
    from: alice,
    to: RECIPIENT,
    lamports: 1_000_000_000n,
    blockhash: localnet.chain.getLatestBlockhash().blockhash,
  })
  localnet.chain.advanceSlot(151)
  const stale = await localnet.call('simulateTransaction', [toBase64(bytes), { encoding: 'base64' }])
  t.equal(stale.result.value.err, 'BlockhashNotFound')
  t.equal(stale.result.value.unitsConsumed, 0)

  const replaced = await localnet.call('simulateTransaction', [toBase64(bytes), { encoding: 'base64', replaceRecentBlockhash: true }])
  const latest = localnet.chain.getLatestBlockhash()
  t.equal(replaced.result.value.err, null)
  t.same(replaced.result.value.replacementBlockhash, {
    blockhash: latest.blockhash,
    lastValidBlockHeight: Number(latest.lastValidBlockHeight),
  })

  const both = await localnet.call('simulateTransaction', [
    toBase64(bytes),
    { encoding: 'base64', replaceRecentBlockhash: true, sigVerify: true },
  ])
  t.same(both.error, { code: -32602, message: 'sigVerify may not be used with replaceRecentBlockhash' })
})

t.test('accounts and innerInstructions options return post-state and CPIs', async (t) => {
  const localnet = await startTestLocalnet(t)
  const { alice } = await signers()
  const blockhash = localnet.chain.getLatestBlockhash().blockhash
  const transfer = await buildTransfer({ from: alice, to: RECIPIENT, lamports: 1_000_000_000n, blockhash })
  const withAccounts = await localnet.call('simulateTransaction', [
    toBase64(transfer),
    { encoding: 'base64', accounts: { addresses: [RECIPIENT, DEMO_WALLETS[0]], encoding: 'base64' } },
  ])
  const [recipient, sender] = withAccounts.result.value.accounts
  t.equal(recipient.lamports, 1_000_000_000, 'recipient as it would be after')
  t.equal(sender.lamports, Number(DEMO_WALLET_LAMPORTS[0]) - 1_000_000_000 - 5000, 'sender after amount and fee')
  const base58 = await localnet.call('simulateTransaction', [
    toBase64(transfer),
    { encoding: 'base64', accounts: { addresses: [RECIPIENT], encoding: 'base58' } },
  ])
  t.same(base58.error, { code: -32602, message: 'base58 encoding not supported' })

  const createAta = await getCreateAssociatedTokenIdempotentInstructionAsync({ payer: alice, owner: RECIPIENT, mint: DEMO_MINT })
  const ataBytes = await buildTransaction({ feePayer: alice, blockhash, instructions: [createAta] })
  const cpi = await localnet.call('simulateTransaction', [toBase64(ataBytes), { encoding: 'base64', innerInstructions: true }])
  t.equal(cpi.result.value.err, null)
  const [group] = cpi.result.value.innerInstructions
  t.equal(group.index, 0, 'CPIs of instruction 0')
  t.ok(group.instructions.length >= 2, 'the ATA program calls system and token programs')
  t.equal(group.instructions[0].stackHeight, 2)
  t.type(group.instructions[0].data, 'string')
})

t.test('a token transfer simulated: pre and post token balances, the fee; a failed one moves only the fee', async (t) => {
  const localnet = await startTestLocalnet(t)
  const { alice } = await signers()
  const blockhash = localnet.chain.getLatestBlockhash().blockhash
  const transfer = (amount: bigint) =>
    getTransferCheckedInstruction({
      source: DEMO_TOKEN_ACCOUNTS[0],
      mint: DEMO_MINT,
      destination: DEMO_TOKEN_ACCOUNTS[1],
      authority: alice,
      amount,
      decimals: DEMO_MINT_DECIMALS,
    })
  const simulate = async (amount: bigint) => {
    const bytes = await buildTransaction({ feePayer: alice, blockhash, instructions: [transfer(amount)] })
    return (await localnet.call('simulateTransaction', [toBase64(bytes), { encoding: 'base64' }])).result.value
  }
  const value = await simulate(1_500_000n)
  t.equal(value.err, null)
  t.equal(value.fee, 5_000, 'one signature')
  const amounts = (balances: Array<{ accountIndex: number; uiTokenAmount: { amount: string } }>) =>
    balances.map((balance) => [balance.accountIndex, balance.uiTokenAmount.amount])
  t.same(
    amounts(value.preTokenBalances),
    [
      [1, String(DEMO_TOKEN_AMOUNTS[0])],
      [2, String(DEMO_TOKEN_AMOUNTS[1])],
    ],
    'before: the two token accounts (keys 1 and 2 of the message)',
  )
  t.same(
    amounts(value.postTokenBalances),
    [
      [1, String(DEMO_TOKEN_AMOUNTS[0] - 1_500_000n)],
      [2, String(DEMO_TOKEN_AMOUNTS[1] + 1_500_000n)],
    ],
    'after: 1.5 tokens moved',
  )
  t.match(value.preTokenBalances[0], { mint: DEMO_MINT, owner: DEMO_WALLETS[0], programId: TOKEN_PROGRAM_ADDRESS })
  t.equal(value.postBalances[0], value.preBalances[0] - 5_000, 'the fee payer pays the fee')

  const failed = await simulate(DEMO_TOKEN_AMOUNTS[0] + 1n)
  t.ok(failed.err, 'more than the account holds fails')
  t.same(failed.postTokenBalances, failed.preTokenBalances, 'a failed simulation moves no token')
  t.equal(failed.fee, 5_000, 'it says what it would pay')
  t.same(
    failed.postBalances,
    [failed.preBalances[0] - 5_000, ...failed.preBalances.slice(1)],
    'and, as a failed transaction lands, only the fee leaves the payer',
  )

  localnet.chain.advanceSlot(151)
  const stale = await simulate(1n)
  t.equal(stale.err, 'BlockhashNotFound')
  t.same(
    [stale.fee, stale.preBalances, stale.postBalances, stale.preTokenBalances, stale.postTokenBalances, stale.loadedAddresses],
    [null, null, null, null, null, null],
    'refused before it ran: none of them',
  )
})

t.test("instruction errors take Solana's JSON shape", async (t) => {
  const localnet = await startTestLocalnet(t)
  const { alice } = await signers()
  const blockhash = localnet.chain.getLatestBlockhash().blockhash
  // The mint is not a token account, so the token program cannot unpack the source.
  const badSource = getTransferCheckedInstruction({
    source: DEMO_MINT,
    mint: DEMO_MINT,
    destination: DEMO_TOKEN_ACCOUNTS[1],
    authority: alice,
    amount: 1n,
    decimals: 6,
  })
  const bytes = await buildTransaction({
    feePayer: alice,
    blockhash,
    instructions: [getSetComputeUnitLimitInstruction({ units: 200_000 }), badSource],
  })
  const simulated = await localnet.call('simulateTransaction', [toBase64(bytes), { encoding: 'base64' }])
  t.same(simulated.result.value.err, { InstructionError: [1, 'InvalidAccountData'] })
  t.ok(
    simulated.result.value.logs.some((line: string) => line.includes(TOKEN_PROGRAM_ADDRESS)),
    'token program logs',
  )

  const unfunded = await generateKeyPairSigner()
  const noFunds = await buildTransfer({ from: unfunded, to: RECIPIENT, lamports: 1n, blockhash })
  const fee = await localnet.call('simulateTransaction', [toBase64(noFunds), { encoding: 'base64' }])
  t.equal(fee.result.value.err, 'AccountNotFound', 'a fee payer that does not exist')
})

t.test('a durable-nonce transaction lands long after its blockhash would have expired', async (t) => {
  const localnet = await startTestLocalnet(t)
  const { alice } = await signers()
  const nonceAccount = address('Hgkc7jZxYRx1VAVbu7cngR1xuwsMZ2zAWZHexR3D1qmJ')
  const nonceValue = localnet.chain.getLatestBlockhash().blockhash
  const data = new Uint8Array(80)
  const view = new DataView(data.buffer)
  view.setUint32(0, 1, true) // versions: current
  view.setUint32(4, 1, true) // state: initialized
  data.set(getAddressEncoder().encode(alice.address), 8) // authority
  data.set(getBase58Encoder().encode(nonceValue), 40) // durable nonce
  view.setBigUint64(72, 5000n, true)
  localnet.chain.setAccount(nonceAccount, {
    lamports: localnet.chain.getMinimumBalanceForRentExemption(80n),
    data,
    owner: SYSTEM_PROGRAM_ADDRESS,
    executable: false,
    rentEpoch: RENT_EXEMPT_RENT_EPOCH,
  })
  localnet.chain.advanceSlot(200)
  t.notOk(localnet.chain.isBlockhashValid(nonceValue), 'the nonce value is no longer a recent blockhash')

  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(alice, m),
    (m) =>
      setTransactionMessageLifetimeUsingDurableNonce(
        { nonce: nonceValue as Nonce, nonceAccountAddress: nonceAccount, nonceAuthorityAddress: alice.address },
        m,
      ),
    (m) =>
      appendTransactionMessageInstructions(
        [getTransferSolInstruction({ source: alice, destination: RECIPIENT, amount: 1_000_000_000n })],
        m,
      ),
  )
  const bytes = new Uint8Array(getTransactionEncoder().encode(await signTransactionMessageWithSigners(message)))
  const sent = await localnet.call('sendTransaction', [toBase64(bytes), { encoding: 'base64' }])
  t.type(sent.result, 'string', `sent: ${JSON.stringify(sent.error)}`)
  t.equal((await localnet.call('getBalance', [RECIPIENT, { commitment: 'processed' }])).result.value, 1_000_000_000)
  const advanced = localnet.chain.getAccount(nonceAccount)?.data.subarray(40, 72)
  t.not(Buffer.from(advanced ?? []).toString('hex'), Buffer.from(data.subarray(40, 72)).toString('hex'), 'the nonce advanced')
})
