import { address, getBase58Decoder, getBase58Encoder } from '@solana/kit'
import t from 'tap'
import { createDemoWalletSigners, DEMO_MINT, DEMO_WALLET_LAMPORTS, DEMO_WALLETS } from '../../localnet/seed/demo-state.js'
import { startTestLocalnet } from '../helpers/localnet-start.js'
import { buildTransfer, toBase64 } from '../helpers/localnet-transactions.js'

const FEE_LAMPORTS = 5000
const RECIPIENT = address('7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU')
/** Reads at processed see what a send just landed in the open slot; one naming no commitment reads finalized. */
const processed = { commitment: 'processed' }

t.test('airdrop, then getBalance and getSignatureStatuses see it', async (t) => {
  const localnet = await startTestLocalnet(t)
  const airdrop = await localnet.call('requestAirdrop', [RECIPIENT, 2_000_000_000])
  t.type(airdrop.result, 'string')
  t.equal(getBase58Encoder().encode(airdrop.result as string).length, 64, 'a signature-sized id')
  t.equal((await localnet.call('getBalance', [RECIPIENT, processed])).result.value, 2_000_000_000)
  const statuses = await localnet.call('getSignatureStatuses', [[airdrop.result]])
  t.same(statuses.result.value, [
    { slot: Number(localnet.chain.getSlot()), confirmations: 0, status: { Ok: null }, err: null, confirmationStatus: 'processed' },
  ])
  t.equal((await localnet.call('requestAirdrop', [RECIPIENT, -1])).error?.code, -32602)
})

t.test('a signed SOL transfer lands: signature, status, balances', async (t) => {
  const localnet = await startTestLocalnet(t)
  const [alice] = await createDemoWalletSigners()
  const blockhash = localnet.chain.getLatestBlockhash().blockhash
  const lamports = 1_000_000_000n
  const bytes = await buildTransfer({ from: alice, to: RECIPIENT, lamports, blockhash })
  const sent = await localnet.call('sendTransaction', [toBase64(bytes), { encoding: 'base64' }])
  t.equal(sent.result, getBase58Decoder().decode(bytes.subarray(1, 65)), 'answers the first signature')

  const statuses = await localnet.call('getSignatureStatuses', [[sent.result, '1'.repeat(64)], { searchTransactionHistory: true }])
  t.same(statuses.result.value[0], {
    slot: Number(localnet.chain.getSlot()),
    confirmations: 0,
    status: { Ok: null },
    err: null,
    confirmationStatus: 'processed',
  })
  t.equal(statuses.result.value[1], null, 'unknown signature is null')
  t.equal((await localnet.call('getBalance', [RECIPIENT, processed])).result.value, Number(lamports))
  t.equal(
    (await localnet.call('getBalance', [DEMO_WALLETS[0], processed])).result.value,
    Number(DEMO_WALLET_LAMPORTS[0] - lamports) - FEE_LAMPORTS,
    'sender paid amount + 5000 lamports fee',
  )

  const again = await localnet.call('sendTransaction', [toBase64(bytes), { encoding: 'base64' }])
  t.equal(again.error?.code, -32002, 'a duplicate fails preflight')
  t.match(again.error?.message, /already been processed/)
})

t.test('base58 (the default encoding) and legacy transactions are accepted', async (t) => {
  const localnet = await startTestLocalnet(t)
  const [, bob] = await createDemoWalletSigners()
  const bytes = await buildTransfer({
    from: bob,
    to: RECIPIENT,
    lamports: 900_000_000n,
    blockhash: localnet.chain.getLatestBlockhash().blockhash,
    version: 'legacy',
  })
  const sent = await localnet.call('sendTransaction', [getBase58Decoder().decode(bytes)])
  t.type(sent.result, 'string')
  t.equal((await localnet.call('getBalance', [RECIPIENT, processed])).result.value, 900_000_000)
})

t.test('preflight failures answer -32002 with the simulation, bad signatures -32003', async (t) => {
  const localnet = await startTestLocalnet(t)
  const [alice] = await createDemoWalletSigners()
  const blockhash = localnet.chain.getLatestBlockhash().blockhash
  const tooMuch = await buildTransfer({ from: alice, to: RECIPIENT, lamports: 10n ** 15n, blockhash })
  const failed = await localnet.call('sendTransaction', [toBase64(tooMuch), { encoding: 'base64' }])
  t.equal(failed.error?.code, -32002)
  t.equal(failed.error?.message, 'Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1')
  t.same(failed.error?.data.err, { InstructionError: [0, { Custom: 1 }] })
  t.equal(failed.error?.data.accounts, null)
  t.ok(failed.error?.data.unitsConsumed > 0, 'unitsConsumed reported')
  t.match(failed.error?.data.logs.join('\n'), /insufficient lamports/)

  const dust = await buildTransfer({ from: alice, to: RECIPIENT, lamports: 1000n, blockhash })
  const rent = await localnet.call('sendTransaction', [toBase64(dust), { encoding: 'base64' }])
  t.same(rent.error?.data.err, { InsufficientFundsForRent: { account_index: 1 } })

  const unsigned = await buildTransfer({ from: alice, to: RECIPIENT, lamports: 1_000_000_000n, blockhash, sign: false })
  const unverified = await localnet.call('sendTransaction', [toBase64(unsigned), { encoding: 'base64' }])
  t.same(unverified.error, { code: -32003, message: 'Transaction signature verification failure' })

  const garbage = await localnet.call('sendTransaction', [toBase64(new Uint8Array([1, 2, 3])), { encoding: 'base64' }])
  t.equal(garbage.error?.code, -32602)
  t.match(garbage.error?.message, /^failed to deserialize solana_transaction::versioned::VersionedTransaction/)
  t.equal((await localnet.call('sendTransaction', ['AAAA', { encoding: 'hex' }])).error?.code, -32602)
})

t.test('skipPreflight: a failing transaction still lands, with its error in the status', async (t) => {
  const localnet = await startTestLocalnet(t)
  const [alice] = await createDemoWalletSigners()
  const bytes = await buildTransfer({
    from: alice,
    to: RECIPIENT,
    lamports: 10n ** 15n,
    blockhash: localnet.chain.getLatestBlockhash().blockhash,
  })
  const sent = await localnet.call('sendTransaction', [toBase64(bytes), { encoding: 'base64', skipPreflight: true }])
  const status = (await localnet.call('getSignatureStatuses', [[sent.result]])).result.value[0]
  t.same(status.err, { InstructionError: [0, { Custom: 1 }] })
  t.same(status.status, { Err: { InstructionError: [0, { Custom: 1 }] } })
  t.equal(
    (await localnet.call('getBalance', [DEMO_WALLETS[0], processed])).result.value,
    Number(DEMO_WALLET_LAMPORTS[0]) - FEE_LAMPORTS,
    'fee charged',
  )
})

t.test('a blockhash more than 150 slots old is BlockhashNotFound and nothing lands', async (t) => {
  const localnet = await startTestLocalnet(t)
  const [alice] = await createDemoWalletSigners()
  const latest = (await localnet.call('getLatestBlockhash', [processed])).result.value as {
    blockhash: string
    lastValidBlockHeight: number
  }
  const stale = latest.blockhash
  t.equal(
    latest.lastValidBlockHeight,
    (await localnet.call('getBlockHeight', [processed])).result + 150,
    'lastValidBlockHeight: its height + 150',
  )
  const bytes = await buildTransfer({ from: alice, to: RECIPIENT, lamports: 1_000_000_000n, blockhash: stale })
  localnet.chain.advanceSlot(150)
  t.equal((await localnet.call('isBlockhashValid', [stale])).result.value, true, 'still valid at age 150')
  t.equal(
    (await localnet.call('getBlockHeight', [processed])).result,
    latest.lastValidBlockHeight,
    'where the height reaches lastValidBlockHeight',
  )
  localnet.chain.advanceSlot(1)
  t.equal((await localnet.call('isBlockhashValid', [stale])).result.value, false, 'expired at age 151')

  const preflight = await localnet.call('sendTransaction', [toBase64(bytes), { encoding: 'base64' }])
  t.equal(preflight.error?.code, -32002)
  t.equal(preflight.error?.message, 'Transaction simulation failed: Blockhash not found')
  t.equal(preflight.error?.data.err, 'BlockhashNotFound')

  const skipped = await localnet.call('sendTransaction', [toBase64(bytes), { encoding: 'base64', skipPreflight: true }])
  t.type(skipped.result, 'string', 'skipPreflight answers the signature, like a real node')
  t.equal((await localnet.call('getSignatureStatuses', [[skipped.result]])).result.value[0], null, 'but it never lands')
  t.equal((await localnet.call('getBalance', [RECIPIENT, processed])).result.value, 0)
  t.same(localnet.sends.getCounts(), { received: 2, dropped: 0, landed: 0 }, 'both received, neither landed')
})

t.test('getRecentPrioritizationFees reflects what sendTransaction landed', async (t) => {
  const localnet = await startTestLocalnet(t)
  const [alice, bob] = await createDemoWalletSigners()
  const quietSlot = Number(localnet.chain.getSlot())
  localnet.chain.advanceSlot()
  const busySlot = Number(localnet.chain.getSlot())
  const blockhash = localnet.chain.getLatestBlockhash().blockhash

  const pricey = await buildTransfer({ from: alice, to: RECIPIENT, lamports: 1_000_000_000n, blockhash, priceMicroLamports: 50_000n })
  const cheap = await buildTransfer({ from: bob, to: DEMO_WALLETS[2], lamports: 1_000_000_000n, blockhash, priceMicroLamports: 1_000n })
  t.type((await localnet.call('sendTransaction', [toBase64(pricey), { encoding: 'base64' }])).result, 'string')
  t.type((await localnet.call('sendTransaction', [toBase64(cheap), { encoding: 'base64' }])).result, 'string')
  localnet.chain.advanceSlot()

  const all = await localnet.call('getRecentPrioritizationFees')
  t.same(
    all.result,
    [
      { slot: quietSlot, prioritizationFee: 0 },
      { slot: busySlot, prioritizationFee: 1000 },
      { slot: busySlot + 1, prioritizationFee: 0 },
    ],
    'one entry per recent slot; a block answers its cheapest transaction',
  )

  const byWritable = await localnet.call('getRecentPrioritizationFees', [[RECIPIENT]])
  t.equal(byWritable.result[1].prioritizationFee, 50_000, 'an account written at 50,000 µlamports/CU raises the slot fee')
  const byOther = await localnet.call('getRecentPrioritizationFees', [[DEMO_MINT]])
  t.equal(byOther.result[1].prioritizationFee, 1000, 'an account nobody wrote gets the block minimum')

  const tooMany = await localnet.call('getRecentPrioritizationFees', [Array(129).fill(RECIPIENT)])
  t.same(tooMany.error, { code: -32602, message: 'Too many inputs provided; max 128' })
  t.equal((await localnet.call('getRecentPrioritizationFees', [['bad']])).error?.code, -32602)
})

t.test('the fee history covers at most the 151-slot window', async (t) => {
  const localnet = await startTestLocalnet(t)
  localnet.chain.advanceSlot(300)
  const fees = await localnet.call('getRecentPrioritizationFees')
  t.equal(fees.result.length, 151)
  t.equal(fees.result.at(-1).slot, Number(localnet.chain.getSlot()))
})
