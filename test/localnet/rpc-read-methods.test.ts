import { address, createSolanaRpc, none, some, type Address } from '@solana/kit'
import { AccountState, getMintEncoder, getTokenEncoder } from '@solana-program/token'
import t from 'tap'
import { RENT_EXEMPT_RENT_EPOCH } from '../../localnet/chain/local-account.js'
import { toUiAmountString } from '../../localnet/chain/token-balances.js'
import { DEMO_MINT, DEMO_TOKEN_ACCOUNTS, DEMO_WALLET_LAMPORTS, DEMO_WALLETS } from '../../localnet/seed/demo-state.js'
import { startTestLocalnet } from '../helpers/localnet-start.js'

/** Solana answers u64::MAX (an unset rent epoch) as a JSON number, which a JS number reads as 2^64. */
const U64_MAX_AS_JSON_NUMBER = Number(2n ** 64n - 1n)

const UNKNOWN = address('7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU')
const TOKEN_2022 = address('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb')
const MINT = address('2b1kV6DkPAnxd5ixfnxCpjxmKwqjjaYmCZfHsFu24GXo')
const OWNER = address('7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU')
const PLAIN = address('HPeLHH3GN8Y9bJFCrZyrvVfVnbvvQGb3dXvCSbKu3BXG')
const EXTENDED = address('9wFFyRfZBsuAha4YcuxcXLKwMxJR43S7fPfQLusDBzvT')

t.test('read methods answer in Solana node shapes', async (t) => {
  const localnet = await startTestLocalnet(t)
  const slot = Number(localnet.chain.getSlot())
  const wallet = DEMO_WALLETS[0]
  const context = { apiVersion: '4.3.0', slot }

  const info = await localnet.call('getAccountInfo', [wallet, { encoding: 'base64' }])
  t.same(
    info.result,
    {
      context,
      value: {
        data: ['', 'base64'],
        executable: false,
        lamports: Number(DEMO_WALLET_LAMPORTS[0]),
        owner: '11111111111111111111111111111111',
        rentEpoch: U64_MAX_AS_JSON_NUMBER,
        space: 0,
      },
    },
    'getAccountInfo',
  )
  t.same(
    (await localnet.call('getAccountInfo', [UNKNOWN, { encoding: 'base64' }])).result,
    { context, value: null },
    'missing account is null',
  )

  const mint = await localnet.call('getAccountInfo', [DEMO_MINT, { encoding: 'base64', dataSlice: { offset: 44, length: 2 } }])
  t.same(mint.result.value.data, [Buffer.from([6, 1]).toString('base64'), 'base64'], 'dataSlice: decimals 6, initialized')
  t.equal(mint.result.value.space, 82, 'space is the full size even when sliced')
  const legacy = await localnet.call('getAccountInfo', [DEMO_MINT, { dataSlice: { offset: 44, length: 1 } }])
  t.equal(legacy.result.value.data, '7', 'no encoding: bare base58 string (legacy binary)')
  const tooBig = await localnet.call('getAccountInfo', [DEMO_TOKEN_ACCOUNTS[0], { encoding: 'base58' }])
  t.same(tooBig.error, {
    code: -32600,
    message: 'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.',
  })
  const parsed = await localnet.call('getAccountInfo', [wallet, { encoding: 'jsonParsed' }])
  t.same(parsed.result.value.data, ['', 'base64'], 'jsonParsed of a wallet: base64, as Agave falls back (rpc-json-parsed-accounts.test.ts)')
  const zstd = await localnet.call('getAccountInfo', [wallet, { encoding: 'base64+zstd' }])
  t.equal(zstd.error?.code, -32602, 'base64+zstd refused as invalid params')

  const multiple = await localnet.call('getMultipleAccounts', [[wallet, UNKNOWN, DEMO_MINT], { encoding: 'base64' }])
  t.equal(multiple.result.value.length, 3)
  t.equal(multiple.result.value[1], null)
  t.equal(multiple.result.value[2].owner, 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')
  const tooMany = await localnet.call('getMultipleAccounts', [Array(101).fill(wallet)])
  t.same(tooMany.error, { code: -32602, message: 'Too many inputs provided; max 100' })

  t.same((await localnet.call('getBalance', [wallet])).result, { context, value: Number(DEMO_WALLET_LAMPORTS[0]) })
  t.same((await localnet.call('getBalance', [UNKNOWN])).result, { context, value: 0 })
  t.same((await localnet.call('getBalance', ['not-base58!'])).error, { code: -32602, message: 'Invalid param: Invalid' })
  t.same((await localnet.call('getBalance', ['1111'])).error, { code: -32602, message: 'Invalid param: WrongSize' })
  t.equal((await localnet.call('getBalance', [])).error?.code, -32602, 'missing param')

  const latest = await localnet.call('getLatestBlockhash', [{ commitment: 'finalized' }])
  const { blockhash, lastValidBlockHeight } = localnet.chain.getLatestBlockhash()
  t.same(latest.result, { context, value: { blockhash, lastValidBlockHeight: Number(lastValidBlockHeight) } })
  t.same((await localnet.call('isBlockhashValid', [blockhash])).result, { context, value: true })
  t.same((await localnet.call('isBlockhashValid', ['4QjEBrJnATvydaCoPb7j4cneA5vSJNFsAYHQwRAjAjmQ'])).result, { context, value: false })

  t.equal((await localnet.call('getSlot')).result, slot)
  t.equal((await localnet.call('getBlockHeight')).result, Number(localnet.chain.getBlockHeight()))
  t.same((await localnet.call('getVersion')).result, { 'solana-core': '4.3.0', 'feature-set': 1353302811 })
  t.equal((await localnet.call('getHealth')).result, 'ok')
  t.equal((await localnet.call('getMinimumBalanceForRentExemption', [165])).result, 2039280, 'token account rent')

  const ahead = await localnet.call('getSlot', [{ minContextSlot: slot + 10 }])
  t.same(ahead.error, { code: -32016, message: 'Minimum context slot has not been reached', data: { contextSlot: slot } })

  localnet.chain.advanceSlot(3)
  t.equal((await localnet.call('getSlot', [{ commitment: 'processed' }])).result, slot + 3, 'slot follows the chain')
  t.equal((await localnet.call('getSlot', [{ commitment: 'confirmed' }])).result, slot + 2, 'confirmed: the slot before the open one')
  t.equal((await localnet.call('getSlot')).result, slot, 'no commitment is finalized, 32 slots behind: still the first block')
})

t.test("@solana/kit's RPC client reads the localnet", async (t) => {
  const localnet = await startTestLocalnet(t)
  const rpc = createSolanaRpc(localnet.rpcUrl)
  const { value: latest } = await rpc.getLatestBlockhash().send()
  t.equal(latest.blockhash, localnet.chain.getLatestBlockhash().blockhash)
  const { value: account } = await rpc.getAccountInfo(DEMO_WALLETS[1], { encoding: 'base64' }).send()
  t.equal(account?.lamports, DEMO_WALLET_LAMPORTS[1])
  // kit's types no longer list rentEpoch, but its parser passes it through as a bigint.
  t.equal((account as unknown as { rentEpoch: bigint }).rentEpoch, 18446744073709551615n, 'kit reads u64::MAX exactly')
  const { value: largest } = await rpc.getTokenLargestAccounts(DEMO_MINT).send()
  t.equal(largest[0]?.address, DEMO_TOKEN_ACCOUNTS[0])
})

t.test('getTokenLargestAccounts lists the demo token accounts, largest first', async (t) => {
  const localnet = await startTestLocalnet(t)
  const answer = await localnet.call('getTokenLargestAccounts', [DEMO_MINT])
  t.same(answer.result, {
    context: { apiVersion: '4.3.0', slot: Number(localnet.chain.getSlot()) },
    value: [
      { address: DEMO_TOKEN_ACCOUNTS[0], amount: '1000000000000', decimals: 6, uiAmount: 1000000, uiAmountString: '1000000' },
      { address: DEMO_TOKEN_ACCOUNTS[1], amount: '250000500000', decimals: 6, uiAmount: 250000.5, uiAmountString: '250000.5' },
      { address: DEMO_TOKEN_ACCOUNTS[2], amount: '42000000', decimals: 6, uiAmount: 42, uiAmountString: '42' },
    ],
  })
  t.same((await localnet.call('getTokenLargestAccounts', [DEMO_WALLETS[0]])).error, {
    code: -32602,
    message: 'Invalid param: Token mint could not be unpacked',
  })
  t.same((await localnet.call('getTokenLargestAccounts', ['7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU'])).error, {
    code: -32602,
    message: 'Invalid param: could not find mint',
  })
})

t.test('getTokenLargestAccounts reads Token-2022 accounts, with and without extensions', async (t) => {
  const localnet = await startTestLocalnet(t, { LOCALNET_DEMO: 'false' })
  const put = (addr: Address, data: Uint8Array) =>
    localnet.chain.setAccount(addr, {
      lamports: 10_000_000n,
      data,
      owner: TOKEN_2022,
      executable: false,
      rentEpoch: RENT_EXEMPT_RENT_EPOCH,
    })
  put(
    MINT,
    new Uint8Array(
      getMintEncoder().encode({ mintAuthority: none(), supply: 3_000n, decimals: 2, isInitialized: true, freezeAuthority: none() }),
    ),
  )
  const token = (amount: bigint) =>
    new Uint8Array(
      getTokenEncoder().encode({
        mint: MINT,
        owner: OWNER,
        amount,
        delegate: none(),
        state: AccountState.Initialized,
        isNative: none(),
        delegatedAmount: 0n,
        closeAuthority: some(OWNER),
      }),
    )
  put(PLAIN, token(1_000n))
  // An extended account: the base layout, then the account-type byte (2 = Account) and a TLV.
  const extended = new Uint8Array(175)
  extended.set(token(2_000n))
  extended[165] = 2
  put(EXTENDED, extended)

  const answer = await localnet.call('getTokenLargestAccounts', [MINT])
  t.same(answer.result.value, [
    { address: EXTENDED, amount: '2000', decimals: 2, uiAmount: 20, uiAmountString: '20' },
    { address: PLAIN, amount: '1000', decimals: 2, uiAmount: 10, uiAmountString: '10' },
  ])
})

t.test('uiAmountString trims like Agave', async (t) => {
  t.equal(toUiAmountString(0n, 6), '0')
  t.equal(toUiAmountString(1n, 6), '0.000001')
  t.equal(toUiAmountString(1_500_000n, 6), '1.5')
  t.equal(toUiAmountString(18446744073709551615n, 9), '18446744073.709551615')
  t.equal(toUiAmountString(42n, 0), '42')
})
