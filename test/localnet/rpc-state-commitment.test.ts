/**
 * State reads at each commitment, as a cluster's banks answer them: processed sees the open slot,
 * confirmed the slot before it, finalized the slot `LOCALNET_FINALITY_SLOTS` behind; the context
 * slot says which. Airdrops and transactions go through the levels; setAccount (fixtures, test
 * set-up) is seen by every level at once. What is kept for this stays within the unfinalized slots.
 */
import { TOKEN_PROGRAM_ADDRESS, getTransferCheckedInstruction } from '@solana-program/token'
import { generateKeyPairSigner } from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import t from 'tap'
import { SYSTEM_PROGRAM_ADDRESS, RENT_EXEMPT_RENT_EPOCH } from '../../localnet/chain/local-account.js'
import {
  createDemoWalletSigners,
  DEMO_MINT,
  DEMO_TOKEN_ACCOUNTS,
  DEMO_TOKEN_AMOUNTS,
  DEMO_WALLETS,
} from '../../localnet/seed/demo-state.js'
import { sendSigned } from '../helpers/history-transactions.js'
import { startTestLocalnet, type TestLocalnet } from '../helpers/localnet-start.js'

const LEVELS = ['processed', 'confirmed', 'finalized'] as const

/** getBalance at each level: [processed, confirmed, finalized] lamports, and their context slots. */
async function balances(localnet: TestLocalnet, address: string) {
  const answers = await Promise.all(LEVELS.map((commitment) => localnet.call('getBalance', [address, { commitment }])))
  return { lamports: answers.map((a) => a.result.value), slots: answers.map((a) => a.result.context.slot) }
}

t.test('an airdrop and a transfer reach processed, confirmed and finalized slot by slot', async (t) => {
  const localnet = await startTestLocalnet(t, { LOCALNET_FINALITY_SLOTS: '3' })
  const { chain } = localnet
  const payer = await generateKeyPairSigner()
  const recipient = (await generateKeyPairSigner()).address
  chain.advanceSlot(5)
  const start = Number(chain.getSlot())

  chain.airdrop(payer.address, 1_000_000_000n)
  t.same(await balances(localnet, payer.address), { lamports: [1_000_000_000, 0, 0], slots: [start, start - 1, start - 3] })
  const info = await localnet.call('getAccountInfo', [payer.address, { commitment: 'confirmed', encoding: 'base64' }])
  t.equal(info.result.value, null, 'at confirmed the account does not exist yet')
  t.equal((await localnet.call('getBalance', [payer.address])).result.value, 0, 'no commitment is finalized, as Agave: nothing yet')

  chain.advanceSlot()
  t.same((await balances(localnet, payer.address)).lamports, [1_000_000_000, 1_000_000_000, 0], 'the next block confirms it')

  await sendSigned(localnet, payer, [getTransferSolInstruction({ source: payer, destination: recipient, amount: 100_000_000n })])
  const afterTransfer = 1_000_000_000 - 100_000_000 - 5_000
  t.same((await balances(localnet, payer.address)).lamports, [afterTransfer, 1_000_000_000, 0])
  const many = await localnet.call('getMultipleAccounts', [[payer.address, recipient], { commitment: 'confirmed', encoding: 'base64' }])
  t.equal(many.result.value[0].lamports, 1_000_000_000)
  t.equal(many.result.value[1], null, 'the recipient does not exist at confirmed')

  chain.advanceSlot(2)
  t.same((await balances(localnet, payer.address)).lamports, [afterTransfer, afterTransfer, 1_000_000_000], 'the airdrop is finalized')
  chain.advanceSlot()
  t.same((await balances(localnet, payer.address)).lamports, [afterTransfer, afterTransfer, afterTransfer])
  t.same((await balances(localnet, recipient)).lamports, [100_000_000, 100_000_000, 100_000_000])
})

t.test('setAccount is seen at every commitment at once, over what transactions wrote', async (t) => {
  const localnet = await startTestLocalnet(t, { LOCALNET_FINALITY_SLOTS: '3' })
  const { chain } = localnet
  const wallet = (await generateKeyPairSigner()).address
  chain.airdrop(wallet, 5_000_000n)
  const set = {
    lamports: 7_000_000n,
    data: new Uint8Array(0),
    owner: SYSTEM_PROGRAM_ADDRESS,
    executable: false,
    rentEpoch: RENT_EXEMPT_RENT_EPOCH,
  }
  chain.setAccount(wallet, set)
  t.same((await balances(localnet, wallet)).lamports, [7_000_000, 7_000_000, 7_000_000])
})

t.test('token reads and getProgramAccounts at confirmed see the state before the open slot', async (t) => {
  const localnet = await startTestLocalnet(t, { LOCALNET_FINALITY_SLOTS: '3' })
  const { chain } = localnet
  chain.advanceSlot()
  const [alice] = await createDemoWalletSigners()
  await sendSigned(localnet, alice, [
    getTransferCheckedInstruction({
      source: DEMO_TOKEN_ACCOUNTS[0],
      mint: DEMO_MINT,
      destination: DEMO_TOKEN_ACCOUNTS[1],
      authority: alice,
      amount: 1_000_000n,
      decimals: 6,
    }),
  ])
  const balanceAt = async (commitment: string) =>
    BigInt((await localnet.call('getTokenAccountBalance', [DEMO_TOKEN_ACCOUNTS[1], { commitment }])).result.value.amount)
  t.equal(await balanceAt('processed'), DEMO_TOKEN_AMOUNTS[1] + 1_000_000n)
  t.equal(await balanceAt('confirmed'), DEMO_TOKEN_AMOUNTS[1])

  const byOwner = await localnet.call('getTokenAccountsByOwner', [
    DEMO_WALLETS[1],
    { mint: DEMO_MINT },
    { commitment: 'confirmed', encoding: 'jsonParsed' },
  ])
  t.equal(byOwner.result.value[0].account.data.parsed.info.tokenAmount.amount, DEMO_TOKEN_AMOUNTS[1].toString())
  const largest = await localnet.call('getTokenLargestAccounts', [DEMO_MINT, { commitment: 'processed' }])
  t.notOk(largest.error, JSON.stringify(largest.error))
  t.equal(
    largest.result.value.find((a: { address: string }) => a.address === DEMO_TOKEN_ACCOUNTS[1]).amount,
    (DEMO_TOKEN_AMOUNTS[1] + 1_000_000n).toString(),
  )

  const programAccounts = async (commitment: string) => {
    const answer = await localnet.call('getProgramAccounts', [
      TOKEN_PROGRAM_ADDRESS,
      { commitment, encoding: 'base64', filters: [{ dataSize: 165 }, { memcmp: { offset: 0, bytes: DEMO_MINT } }] },
    ])
    if (answer.error) throw new Error(JSON.stringify(answer.error))
    const account = answer.result.find((entry: { pubkey: string }) => entry.pubkey === DEMO_TOKEN_ACCOUNTS[1])
    return Buffer.from(account.account.data[0], 'base64').readBigUInt64LE(64)
  }
  t.equal(await programAccounts('processed'), DEMO_TOKEN_AMOUNTS[1] + 1_000_000n)
  t.equal(await programAccounts('confirmed'), DEMO_TOKEN_AMOUNTS[1])
  chain.advanceSlot()
  t.equal(await programAccounts('confirmed'), DEMO_TOKEN_AMOUNTS[1] + 1_000_000n)
  t.equal(await programAccounts('finalized'), DEMO_TOKEN_AMOUNTS[1], 'finalized is 3 slots behind')
})

t.test('minContextSlot is checked against the commitment slot; an unknown commitment is invalid params', async (t) => {
  const localnet = await startTestLocalnet(t, { LOCALNET_FINALITY_SLOTS: '3' })
  localnet.chain.advanceSlot(5)
  const slot = Number(localnet.chain.getSlot())
  const processed = await localnet.call('getBalance', [DEMO_WALLETS[0], { commitment: 'processed', minContextSlot: slot }])
  t.equal(processed.result.context.slot, slot)
  const confirmed = await localnet.call('getBalance', [DEMO_WALLETS[0], { commitment: 'confirmed', minContextSlot: slot }])
  t.same(confirmed.error, { code: -32016, message: 'Minimum context slot has not been reached', data: { contextSlot: slot - 1 } })
  const unknown = await localnet.call('getAccountInfo', [DEMO_WALLETS[0], { commitment: 'recent' }])
  t.equal(unknown.error?.code, -32602)
  t.match(unknown.error?.message, /unknown variant `recent`/)
})

t.test('what is kept for confirmed and finalized reads covers only the unfinalized slots', async (t) => {
  const localnet = await startTestLocalnet(t, { LOCALNET_FINALITY_SLOTS: '4' })
  const { chain } = localnet
  const payer = await generateKeyPairSigner()
  chain.setAccount(payer.address, {
    lamports: 10_000_000_000n,
    data: new Uint8Array(0),
    owner: SYSTEM_PROGRAM_ADDRESS,
    executable: false,
    rentEpoch: RENT_EXEMPT_RENT_EPOCH,
  })
  const recipients = await Promise.all([1, 2, 3].map(async () => (await generateKeyPairSigner()).address))
  for (let slot = 0; slot < 20; slot++) {
    // Two transfers a slot to the same accounts: each account is kept once per slot.
    for (const lamports of [1_000_000n, 2_000_000n]) {
      await sendSigned(
        localnet,
        payer,
        recipients.map((to) => getTransferSolInstruction({ source: payer, destination: to, amount: lamports + BigInt(slot) })),
      )
    }
    chain.advanceSlot()
  }
  const size = chain.getPreImageSize()
  // The open slot and the 3 confirmed-but-unfinalized ones hold writes (plus the sysvars each block writes).
  t.ok(size.slots <= 5, `slots kept: ${size.slots}`)
  // Per slot: the payer, 3 recipients, the Clock and SlotHashes sysvars.
  t.ok(size.entries <= 5 * 6, `entries kept: ${size.entries}`)
  t.ok(size.bytes < 5 * (6 * 200) + 5 * 20_600, `bytes kept: ${size.bytes}`)
  t.ok(size.entries >= 4 * 2, 'the unfinalized slots are kept')
})
