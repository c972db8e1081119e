import { address, getAddressEncoder, getBase58Decoder } from '@solana/kit'
import t from 'tap'
import { createDemoWalletSigners, DEMO_MINT, DEMO_TOKEN_ACCOUNTS, DEMO_WALLETS } from '../../localnet/seed/demo-state.js'
import { connectGeyserClient, subscribeGeyser, txErrDecode } from '../helpers/geyser-client.js'
import { startTestLocalnet } from '../helpers/localnet-start.js'
import { buildTransfer, toBase64 } from '../helpers/localnet-transactions.js'

const RECIPIENT = address('7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU')
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
const base58 = getBase58Decoder()
const key = (bytes: Uint8Array) => base58.decode(bytes)

t.test('an airdrop over JSON-RPC streams the credited account, tagged with the airdrop id', async (t) => {
  const localnet = await startTestLocalnet(t)
  const client = await connectGeyserClient(localnet.geyserUrl)
  const sub = await subscribeGeyser(t, client, { accounts: { watched: { account: [RECIPIENT] } } })
  const airdrop = await localnet.call('requestAirdrop', [RECIPIENT, 2_000_000_000])
  const update = await sub.next((u) => u.account !== undefined)
  t.same(update.filters, ['watched'])
  const info = update.account!.account!
  t.equal(key(info.pubkey), RECIPIENT)
  t.equal(info.lamports, '2000000000')
  t.equal(key(info.owner), '11111111111111111111111111111111')
  t.equal(key(info.txnSignature!), airdrop.result, 'txn_signature is the id requestAirdrop answered')
  t.equal(update.account!.slot, String(localnet.chain.getSlot()))
})

t.test('a transfer streams both accounts and the transaction, matched by account_include', async (t) => {
  const localnet = await startTestLocalnet(t)
  const client = await connectGeyserClient(localnet.geyserUrl)
  const [alice] = await createDemoWalletSigners()
  const sub = await subscribeGeyser(t, client, {
    accounts: { wallets: { account: [DEMO_WALLETS[0], RECIPIENT] }, everything: {} },
    transactions: {
      toRecipient: { accountInclude: [RECIPIENT] },
      failedOnly: { failed: true },
      notRecipient: { accountExclude: [RECIPIENT] },
      both: { accountRequired: [DEMO_WALLETS[0], RECIPIENT] },
      votes: { vote: true },
    },
  })
  const blockhash = localnet.chain.getLatestBlockhash().blockhash
  const bytes = await buildTransfer({ from: alice!, to: RECIPIENT, lamports: 1_000_000_000n, blockhash, priceMicroLamports: 1_000n })
  const sent = await localnet.call('sendTransaction', [toBase64(bytes), { encoding: 'base64' }])
  const tx = await sub.next((u) => u.transaction !== undefined)
  const accounts = sub.received.filter((u) => u.account)
  t.same(
    accounts.map((u) => [key(u.account!.account!.pubkey), [...u.filters].sort()]),
    [
      [DEMO_WALLETS[0], ['everything', 'wallets']],
      [RECIPIENT, ['everything', 'wallets']],
    ],
    'the writable accounts, before the transaction; every matching filter named',
  )
  // The stream sends each write as it happens, so it matches the state at processed.
  const balances = await Promise.all(
    [DEMO_WALLETS[0], RECIPIENT].map(async (a) =>
      String((await localnet.call('getBalance', [a, { commitment: 'processed' }])).result.value),
    ),
  )
  t.same(
    accounts.map((u) => u.account!.account!.lamports),
    balances,
    'post-transaction lamports',
  )
  t.ok(
    accounts.every((u) => key(u.account!.account!.txnSignature!) === sent.result),
    'tagged with the signature',
  )
  const versions = accounts.map((u) => BigInt(u.account!.account!.writeVersion))
  t.ok(versions[1]! > versions[0]!, 'write_version increases')

  t.same([...tx.filters].sort(), ['both', 'toRecipient'], 'every matching filter, and only those')
  const info = tx.transaction!.transaction!
  t.equal(key(info.signature), sent.result)
  t.equal(info.isVote, false)
  t.equal(tx.transaction!.slot, String(localnet.chain.getSlot()))
  const message = info.transaction!.message!
  t.equal(message.versioned, true)
  t.equal(key(message.recentBlockhash), blockhash)
  t.same(message.header, { numRequiredSignatures: 1, numReadonlySignedAccounts: 0, numReadonlyUnsignedAccounts: 2 })
  t.same(message.accountKeys.map(key).slice(0, 2), [DEMO_WALLETS[0], RECIPIENT])
  t.equal(message.instructions.length, 2, 'compute-unit price + transfer')
  const meta = info.meta!
  t.equal(meta.err, undefined)
  t.equal(meta.fee, '5006', '5,000 a signature + 1,000 µlamports × (3,000 + 3,000) CU reserved by two builtins')
  t.same(meta.postBalances.slice(0, 2), balances)
  t.equal(
    BigInt(meta.preBalances[0]!) - BigInt(meta.postBalances[0]!),
    1_000_000_000n + BigInt(meta.fee),
    'the fee is what the payer was charged',
  )
  t.ok(BigInt(meta.computeUnitsConsumed!) > 0n)
  t.match(meta.logMessages.join('\n'), /Program 11111111111111111111111111111111 success/)
})

t.test('a failed transaction lands with its error and only the fee payer changes', async (t) => {
  const localnet = await startTestLocalnet(t)
  const client = await connectGeyserClient(localnet.geyserUrl)
  const [alice] = await createDemoWalletSigners()
  const sub = await subscribeGeyser(t, client, { accounts: { all: {} }, transactions: { failed: { failed: true } } })
  const blockhash = localnet.chain.getLatestBlockhash().blockhash
  const bytes = await buildTransfer({ from: alice!, to: RECIPIENT, lamports: 10n ** 15n, blockhash })
  const sent = await localnet.call('sendTransaction', [toBase64(bytes), { encoding: 'base64', skipPreflight: true }])
  const tx = await sub.next((u) => u.transaction !== undefined)
  t.equal(key(tx.transaction!.transaction!.signature), sent.result)
  t.same(txErrDecode.decode(tx.transaction!.transaction!.meta!.err!.err), { InstructionError: [0, { Custom: 1 }] })
  t.same(
    sub.received.filter((u) => u.account).map((u) => key(u.account!.account!.pubkey)),
    [DEMO_WALLETS[0]],
  )
})

t.test('owner, memcmp and data-slice filters', async (t) => {
  const localnet = await startTestLocalnet(t)
  const client = await connectGeyserClient(localnet.geyserUrl)
  const mintBytes = new Uint8Array(getAddressEncoder().encode(DEMO_MINT))
  const sub = await subscribeGeyser(t, client, {
    accounts: {
      tokens: { owner: [TOKEN_PROGRAM] },
      ofMint: { owner: [TOKEN_PROGRAM], filters: [{ memcmp: { offset: '0', base58: DEMO_MINT } }, { datasize: '165' }] },
      wrongOwner: { account: [DEMO_TOKEN_ACCOUNTS[0]], owner: ['11111111111111111111111111111111'] },
    },
    accountsDataSlice: [{ offset: '0', length: '32' }],
  })
  const token = localnet.chain.getAccount(DEMO_TOKEN_ACCOUNTS[0])!
  localnet.chain.setAccount(DEMO_TOKEN_ACCOUNTS[0], token)
  localnet.chain.airdrop(RECIPIENT, 1_000_000_000n)
  const update = await sub.next((u) => u.account !== undefined)
  t.equal(key(update.account!.account!.pubkey), DEMO_TOKEN_ACCOUNTS[0])
  t.same([...update.filters].sort(), ['ofMint', 'tokens'], 'account AND owner must both hold')
  t.same(update.account!.account!.data, mintBytes, 'data sliced to the mint')
  t.equal(update.account!.account!.txnSignature, undefined, 'a direct write has no transaction')
  localnet.chain.advanceSlot()
  await sub.next(() => false, 200).catch(() => undefined)
  t.equal(sub.received.filter((u) => u.account).length, 1, 'the System-owned airdrop matched no filter')
})
