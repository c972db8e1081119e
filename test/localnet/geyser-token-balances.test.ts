import { generateKeyPairSigner, getBase58Decoder, none, type Address } from '@solana/kit'
import {
  AccountState,
  TOKEN_PROGRAM_ADDRESS,
  getCloseAccountInstruction,
  getCreateAssociatedTokenIdempotentInstructionAsync,
  getMintEncoder,
  getTokenDecoder,
  getTokenEncoder,
  getTransferCheckedInstruction,
  getTransferInstruction,
} from '@solana-program/token'
import { getTransferSolInstruction } from '@solana-program/system'
import type { SubscribeUpdate } from '@triton-one/yellowstone-grpc'
import t, { type Test } from 'tap'
import { RENT_EXEMPT_RENT_EPOCH } from '../../localnet/chain/local-account.js'
import { toUiAmountString } from '../../localnet/chain/token-balances.js'
import { createDemoWalletSigners, DEMO_MINT, DEMO_TOKEN_ACCOUNTS, DEMO_WALLETS } from '../../localnet/seed/demo-state.js'
import { buildSigned, getAta } from '../engine/detection/mev/planted-pool.js'
import { connectGeyserClient, subscribeGeyser } from '../helpers/geyser-client.js'
import { startTestLocalnet, type TestLocalnet } from '../helpers/localnet-start.js'

const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address
const base58 = getBase58Decoder()
const tokenDecoder = getTokenDecoder()

async function open(t: Test) {
  const localnet = await startTestLocalnet(t)
  const client = await connectGeyserClient(localnet.geyserUrl)
  const sub = await subscribeGeyser(t, client, { transactions: { all: {} } })
  return { localnet, sub }
}

/** What a token balance must say of `address` now, read with kit's decoder (not localnet's code). */
function expectedBalance(localnet: TestLocalnet, keys: string[], address: Address, decimals: number) {
  const account = localnet.chain.getAccount(address)!
  const token = tokenDecoder.decode(account.data)
  return {
    accountIndex: keys.indexOf(address),
    mint: token.mint,
    owner: token.owner,
    programId: account.owner,
    uiTokenAmount: {
      amount: String(token.amount),
      decimals,
      uiAmount: Number(token.amount) / 10 ** decimals,
      uiAmountString: toUiAmountString(token.amount, decimals),
    },
  }
}

async function sendAndStream(
  localnet: TestLocalnet,
  sub: Awaited<ReturnType<typeof open>>['sub'],
  bytes: Uint8Array,
): Promise<SubscribeUpdate> {
  const sent = await localnet.call('sendTransaction', [Buffer.from(bytes).toString('base64'), { encoding: 'base64', skipPreflight: true }])
  if (!sent.result) throw new Error(`not sent: ${JSON.stringify(sent.error)}`)
  return sub.next((u) => u.transaction !== undefined && base58.decode(u.transaction.transaction!.signature) === sent.result)
}

const keysOf = (update: SubscribeUpdate) => {
  const info = update.transaction!.transaction!
  return [...info.transaction!.message!.accountKeys, ...info.meta!.loadedWritableAddresses, ...info.meta!.loadedReadonlyAddresses].map(
    (k) => base58.decode(k),
  )
}

t.test('the amount string is Agave real_number_string_trimmed', async (t) => {
  t.equal(toUiAmountString(0n, 6), '0')
  t.equal(toUiAmountString(1_500_000n, 6), '1.5')
  t.equal(toUiAmountString(42n, 2), '0.42')
  t.equal(toUiAmountString(1_000_000_000_000n, 6), '1000000')
  t.equal(toUiAmountString(7n, 0), '7')
  t.equal(toUiAmountString(250_000_500_000n, 6), '250000.5')
})

t.test('a token transfer streams pre and post token balances of both token accounts, not of the mint or programs', async (t) => {
  const { localnet, sub } = await open(t)
  const [alice] = await createDemoWalletSigners()
  const before = [DEMO_TOKEN_ACCOUNTS[0], DEMO_TOKEN_ACCOUNTS[1]].map((a) => tokenDecoder.decode(localnet.chain.getAccount(a)!.data).amount)
  const bytes = await buildSigned(localnet.chain, alice, [
    getTransferCheckedInstruction({
      source: DEMO_TOKEN_ACCOUNTS[0],
      mint: DEMO_MINT,
      destination: DEMO_TOKEN_ACCOUNTS[1],
      authority: alice,
      amount: 1_500_000n,
      decimals: 6,
    }),
  ])
  const update = await sendAndStream(localnet, sub, bytes)
  const meta = update.transaction!.transaction!.meta!
  const keys = keysOf(update)
  t.ok(keys.includes(DEMO_MINT) && keys.includes(TOKEN_PROGRAM_ADDRESS), 'the mint and the token program are among the keys')
  const post = [DEMO_TOKEN_ACCOUNTS[0], DEMO_TOKEN_ACCOUNTS[1]]
    .map((a) => expectedBalance(localnet, keys, a, 6))
    .sort((a, b) => a.accountIndex - b.accountIndex)
  t.same(meta.postTokenBalances, post, 'post: both token accounts as they are now, in key order')
  t.same(
    meta.preTokenBalances.map((b) => [keys[b.accountIndex], b.uiTokenAmount!.amount, b.owner]),
    post.map((b) => {
      const i = [DEMO_TOKEN_ACCOUNTS[0], DEMO_TOKEN_ACCOUNTS[1]].indexOf(keys[b.accountIndex] as Address)
      return [keys[b.accountIndex], String(before[i]), DEMO_WALLETS[i]]
    }),
    'pre: the amounts before',
  )
  t.same(meta.preTokenBalances.find((b) => keys[b.accountIndex] === DEMO_TOKEN_ACCOUNTS[0])!.uiTokenAmount, {
    amount: '1000000000000',
    decimals: 6,
    uiAmount: 1_000_000,
    uiAmountString: '1000000',
  })
  t.same(meta.postTokenBalances.find((b) => keys[b.accountIndex] === DEMO_TOKEN_ACCOUNTS[0])!.uiTokenAmount, {
    amount: '999998500000',
    decimals: 6,
    uiAmount: 999_998.5,
    uiAmountString: '999998.5',
  })
})

t.test('an account created in the transaction is only in post; one closed only in pre', async (t) => {
  const { localnet, sub } = await open(t)
  const [alice] = await createDemoWalletSigners()
  const carol = await generateKeyPairSigner()
  localnet.chain.airdrop(carol.address, 1_000_000_000n)
  const carolAta = await getAta(carol.address, DEMO_MINT)
  const created = await sendAndStream(
    localnet,
    sub,
    await buildSigned(localnet.chain, alice, [
      await getCreateAssociatedTokenIdempotentInstructionAsync({ payer: alice, owner: carol.address, mint: DEMO_MINT }),
      getTransferInstruction({ source: DEMO_TOKEN_ACCOUNTS[0], destination: carolAta, authority: alice, amount: 5n }),
    ]),
  )
  let keys = keysOf(created)
  let meta = created.transaction!.transaction!.meta!
  t.same(
    meta.preTokenBalances.map((b) => keys[b.accountIndex]),
    [DEMO_TOKEN_ACCOUNTS[0]],
    'pre: the new account was not a token account yet',
  )
  t.same(meta.postTokenBalances.map((b) => keys[b.accountIndex]).sort(), [DEMO_TOKEN_ACCOUNTS[0], carolAta].sort(), 'post: it is')
  t.same(
    meta.postTokenBalances.find((b) => keys[b.accountIndex] === carolAta),
    expectedBalance(localnet, keys, carolAta, 6),
  )

  const closed = await sendAndStream(
    localnet,
    sub,
    await buildSigned(localnet.chain, carol, [
      getTransferInstruction({ source: carolAta, destination: DEMO_TOKEN_ACCOUNTS[0], authority: carol, amount: 5n }),
      getCloseAccountInstruction({ account: carolAta, destination: carol.address, owner: carol }),
    ]),
  )
  keys = keysOf(closed)
  meta = closed.transaction!.transaction!.meta!
  t.same(meta.preTokenBalances.map((b) => keys[b.accountIndex]).sort(), [DEMO_TOKEN_ACCOUNTS[0], carolAta].sort(), 'pre: both')
  t.equal(meta.preTokenBalances.find((b) => keys[b.accountIndex] === carolAta)!.uiTokenAmount!.amount, '5')
  t.same(
    meta.postTokenBalances.map((b) => keys[b.accountIndex]),
    [DEMO_TOKEN_ACCOUNTS[0]],
    'post: the closed account is gone',
  )
})

t.test(
  'Token-2022 accounts carry their program; transactions without a token program carry none; a failure keeps pre = post',
  async (t) => {
    const { localnet, sub } = await open(t)
    const [alice] = await createDemoWalletSigners()
    const rent = (size: number) => localnet.chain.getMinimumBalanceForRentExemption(BigInt(size))
    const mint = (await generateKeyPairSigner()).address
    const [from, to] = [(await generateKeyPairSigner()).address, (await generateKeyPairSigner()).address]
    const mintData = new Uint8Array(
      getMintEncoder().encode({ mintAuthority: none(), supply: 100n, decimals: 2, isInitialized: true, freezeAuthority: none() }),
    )
    localnet.chain.setAccount(mint, {
      lamports: rent(82),
      data: mintData,
      owner: TOKEN_2022_PROGRAM,
      executable: false,
      rentEpoch: RENT_EXEMPT_RENT_EPOCH,
    })
    for (const [account, amount] of [
      [from, 100n],
      [to, 0n],
    ] as const) {
      const data = new Uint8Array(
        getTokenEncoder().encode({
          mint,
          owner: alice.address,
          amount,
          delegate: none(),
          state: AccountState.Initialized,
          isNative: none(),
          delegatedAmount: 0n,
          closeAuthority: none(),
        }),
      )
      localnet.chain.setAccount(account, {
        lamports: rent(165),
        data,
        owner: TOKEN_2022_PROGRAM,
        executable: false,
        rentEpoch: RENT_EXEMPT_RENT_EPOCH,
      })
    }
    const update = await sendAndStream(
      localnet,
      sub,
      await buildSigned(localnet.chain, alice, [
        getTransferCheckedInstruction(
          { source: from, mint, destination: to, authority: alice, amount: 42n, decimals: 2 },
          { programAddress: TOKEN_2022_PROGRAM },
        ),
      ]),
    )
    const keys = keysOf(update)
    const meta = update.transaction!.transaction!.meta!
    t.same(
      meta.postTokenBalances,
      [from, to].map((a) => expectedBalance(localnet, keys, a, 2)).sort((a, b) => a.accountIndex - b.accountIndex),
    )
    t.same(meta.postTokenBalances.map((b) => [b.programId, b.uiTokenAmount!.uiAmountString]).sort(), [
      [TOKEN_2022_PROGRAM, '0.42'],
      [TOKEN_2022_PROGRAM, '0.58'],
    ])

    const sol = await sendAndStream(
      localnet,
      sub,
      await buildSigned(localnet.chain, alice, [getTransferSolInstruction({ source: alice, destination: to, amount: 1n })]),
    )
    t.same(
      sol.transaction!.transaction!.meta!.preTokenBalances,
      [],
      'no token program: no token balances, though a token account is written',
    )
    t.same(sol.transaction!.transaction!.meta!.postTokenBalances, [])

    const failed = await sendAndStream(
      localnet,
      sub,
      await buildSigned(localnet.chain, alice, [
        getTransferInstruction({
          source: DEMO_TOKEN_ACCOUNTS[0],
          destination: DEMO_TOKEN_ACCOUNTS[1],
          authority: alice,
          amount: 10n ** 15n,
        }),
      ]),
    )
    const failedMeta = failed.transaction!.transaction!.meta!
    t.ok(failedMeta.err, 'the transfer failed (insufficient funds)')
    t.equal(failedMeta.preTokenBalances.length, 2)
    t.same(failedMeta.postTokenBalances, failedMeta.preTokenBalances, 'nothing moved')
  },
)
