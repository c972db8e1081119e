/**
 * getTokenAccountsByOwner and getTokenAccountsByDelegate as Agave answers them: the `{mint}` or
 * `{programId}` filter, base64 / base58 / binary with dataSlice, jsonParsed (delegate, close
 * authority, wrapped SOL, Token-2022 extensions), sorting by address, what is left out, and the
 * error of each malformed param, in Agave's order. The same answers read through @solana/kit's RPC
 * client, as a wallet would.
 */
import { address, createSolanaRpc, generateKeyPairSigner, getAddressEncoder, none, some, type Address } from '@solana/kit'
import { AccountState, getMintEncoder, getTokenEncoder, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { extension, getTokenEncoder as getToken2022Encoder, TOKEN_2022_PROGRAM_ADDRESS } from '@solana-program/token-2022'
import t from 'tap'
import { RENT_EXEMPT_RENT_EPOCH } from '../../localnet/chain/local-account.js'
import { DEMO_MINT, DEMO_TOKEN_ACCOUNTS, DEMO_TOKEN_AMOUNTS, DEMO_WALLETS } from '../../localnet/seed/demo-state.js'
import { startTestLocalnet, type TestLocalnet } from '../helpers/localnet-start.js'

const NATIVE_MINT = address('So11111111111111111111111111111111111111112')
const SYSTEM_PROGRAM = address('11111111111111111111111111111111')
const U64_MAX = 2n ** 64n - 1n
const TOKEN_ACCOUNT_RENT = 2_039_280n

interface TokenFields {
  mint: Address
  owner: Address
  amount: bigint
  delegate?: Address
  delegatedAmount?: bigint
  closeAuthority?: Address
  state?: AccountState
  nativeReserve?: bigint
}

function encodeToken(fields: TokenFields): Uint8Array {
  return new Uint8Array(
    getTokenEncoder().encode({
      mint: fields.mint,
      owner: fields.owner,
      amount: fields.amount,
      delegate: fields.delegate ? some(fields.delegate) : none(),
      state: fields.state ?? AccountState.Initialized,
      isNative: fields.nativeReserve === undefined ? none() : some(fields.nativeReserve),
      delegatedAmount: fields.delegatedAmount ?? 0n,
      closeAuthority: fields.closeAuthority ? some(fields.closeAuthority) : none(),
    }),
  )
}

function put(localnet: TestLocalnet, at: Address, data: Uint8Array, owner: Address = TOKEN_PROGRAM_ADDRESS, lamports = TOKEN_ACCOUNT_RENT) {
  localnet.chain.setAccount(at, { lamports, data, owner, executable: false, rentEpoch: RENT_EXEMPT_RENT_EPOCH })
}

const newAddress = async () => (await generateKeyPairSigner()).address
const toBytes = (at: Address) => new Uint8Array(getAddressEncoder().encode(at))
const base64 = (data: Uint8Array) => Buffer.from(data).toString('base64')
const uiAmount = (amount: string, decimals: number, ui: number, uiString: string) => ({
  uiAmount: ui,
  decimals,
  amount,
  uiAmountString: uiString,
})

t.test('getTokenAccountsByOwner', async (t) => {
  const localnet = await startTestLocalnet(t)
  const slot = Number(localnet.chain.getSlot())
  const context = { apiVersion: '4.3.0', slot }
  const [wallet] = DEMO_WALLETS
  const delegate = await newAddress()
  const closer = await newAddress()
  // A second account of the wallet, with a delegate and a close authority: listed after or before the ATA by address.
  const second = await newAddress()
  put(
    localnet,
    second,
    encodeToken({ mint: DEMO_MINT, owner: wallet, amount: 5_000_000n, delegate, delegatedAmount: U64_MAX, closeAuthority: closer }),
  )
  const ata = DEMO_TOKEN_ACCOUNTS[0]

  t.test('base64: every token account of the owner under the program, sorted by address', async (t) => {
    const answer = await localnet.call('getTokenAccountsByOwner', [wallet, { programId: TOKEN_PROGRAM_ADDRESS }, { encoding: 'base64' }])
    t.equal(answer.error, undefined)
    t.same(answer.result.context, context)
    const expectedOrder = [ata, second].sort((a, b) => Buffer.compare(toBytes(a), toBytes(b)))
    t.same(
      answer.result.value.map((item: { pubkey: string }) => item.pubkey),
      expectedOrder,
      'sorted by the 32 address bytes, as Agave scans',
    )
    const ataItem = answer.result.value.find((item: { pubkey: string }) => item.pubkey === ata)
    t.same(ataItem.account, {
      data: [base64(localnet.chain.getAccount(ata)?.data ?? new Uint8Array()), 'base64'],
      executable: false,
      lamports: Number(localnet.chain.getAccount(ata)?.lamports),
      owner: TOKEN_PROGRAM_ADDRESS,
      rentEpoch: Number(U64_MAX),
      space: 165,
    })
  })

  t.test('the {mint} filter, and a mint the owner does not hold', async (t) => {
    const byMint = await localnet.call('getTokenAccountsByOwner', [wallet, { mint: DEMO_MINT }, { encoding: 'base64' }])
    t.equal(byMint.result.value.length, 2)
    const otherMint = await newAddress()
    put(
      localnet,
      otherMint,
      new Uint8Array(
        getMintEncoder().encode({ mintAuthority: none(), supply: 0n, decimals: 0, isInitialized: true, freezeAuthority: none() }),
      ),
    )
    t.same((await localnet.call('getTokenAccountsByOwner', [wallet, { mint: otherMint }, { encoding: 'base64' }])).result.value, [])
    t.same(
      (await localnet.call('getTokenAccountsByOwner', [wallet, { programId: TOKEN_2022_PROGRAM_ADDRESS }, { encoding: 'base64' }])).result
        .value,
      [],
      'no Token-2022 account',
    )
  })

  t.test('dataSlice, base58 and the binary default', async (t) => {
    const sliced = await localnet.call('getTokenAccountsByOwner', [
      wallet,
      { mint: DEMO_MINT },
      { encoding: 'base64', dataSlice: { offset: 32, length: 32 } },
    ])
    for (const item of sliced.result.value as Array<{ account: { data: [string, string]; space: number } }>) {
      t.same(Buffer.from(item.account.data[0], 'base64'), Buffer.from(toBytes(wallet)), 'the owner field')
      t.equal(item.account.space, 165, 'space is the whole account')
    }
    const base58 = await localnet.call('getTokenAccountsByOwner', [
      wallet,
      { mint: DEMO_MINT },
      { encoding: 'base58', dataSlice: { offset: 32, length: 32 } },
    ])
    t.same(
      base58.result.value.map((item: { account: { data: [string, string] } }) => item.account.data),
      [
        [wallet, 'base58'],
        [wallet, 'base58'],
      ],
      'the owner field, in base58',
    )
    t.same((await localnet.call('getTokenAccountsByOwner', [wallet, { mint: DEMO_MINT }])).error, {
      code: -32600,
      message: 'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.',
    })
  })

  t.test('jsonParsed: amounts with the mint decimals, delegate and close authority only when set', async (t) => {
    const answer = await localnet.call('getTokenAccountsByOwner', [
      wallet,
      { programId: TOKEN_PROGRAM_ADDRESS },
      { encoding: 'jsonParsed', dataSlice: { offset: 0, length: 1 } },
    ])
    const byPubkey = Object.fromEntries(
      (answer.result.value as Array<{ pubkey: string; account: unknown }>).map((item) => [item.pubkey, item.account]),
    )
    t.same(byPubkey[ata], {
      data: {
        program: 'spl-token',
        parsed: {
          type: 'account',
          info: {
            mint: DEMO_MINT,
            owner: wallet,
            tokenAmount: uiAmount(String(DEMO_TOKEN_AMOUNTS[0]), 6, 1_000_000, '1000000'),
            state: 'initialized',
            isNative: false,
          },
        },
        space: 165,
      },
      executable: false,
      lamports: Number(localnet.chain.getAccount(ata)?.lamports),
      owner: TOKEN_PROGRAM_ADDRESS,
      rentEpoch: Number(U64_MAX),
      space: 165,
    })
    t.same(
      (byPubkey[second] as { data: { parsed: { info: unknown } } }).data.parsed.info,
      {
        mint: DEMO_MINT,
        owner: wallet,
        tokenAmount: uiAmount('5000000', 6, 5, '5'),
        delegate,
        state: 'initialized',
        isNative: false,
        delegatedAmount: uiAmount(String(U64_MAX), 6, Number(U64_MAX) / 1e6, '18446744073709.551615'),
        closeAuthority: closer,
      },
      'dataSlice is ignored; u64::MAX delegated',
    )
  })

  t.test('what is left out: closed, uninitialized and other owners', async (t) => {
    const owner = await newAddress()
    const [closed, uninitialized, frozen, foreign] = await Promise.all([newAddress(), newAddress(), newAddress(), newAddress()])
    put(localnet, closed, encodeToken({ mint: DEMO_MINT, owner, amount: 0n }), TOKEN_PROGRAM_ADDRESS, 0n)
    put(localnet, uninitialized, encodeToken({ mint: DEMO_MINT, owner, amount: 0n, state: AccountState.Uninitialized }))
    put(localnet, frozen, encodeToken({ mint: DEMO_MINT, owner, amount: 7n, state: AccountState.Frozen }))
    put(localnet, foreign, encodeToken({ mint: DEMO_MINT, owner: wallet, amount: 1n }), SYSTEM_PROGRAM)
    const answer = await localnet.call('getTokenAccountsByOwner', [owner, { mint: DEMO_MINT }, { encoding: 'jsonParsed' }])
    t.same(
      answer.result.value.map((item: { pubkey: string; account: { data: { parsed: { info: { state: string } } } } }) => [
        item.pubkey,
        item.account.data.parsed.info.state,
      ]),
      [[frozen, 'frozen']],
      'only the frozen one is a live token account',
    )
    const walletAnswer = await localnet.call('getTokenAccountsByOwner', [wallet, { mint: DEMO_MINT }, { encoding: 'base64' }])
    t.notOk(
      walletAnswer.result.value.some((item: { pubkey: string }) => item.pubkey === foreign),
      'token-shaped data under another program is no token account',
    )
  })

  t.test('wrapped SOL: isNative and rentExemptReserve, over the native mint localnet holds from genesis', async (t) => {
    const owner = await newAddress()
    const wrapped = await newAddress()
    put(
      localnet,
      wrapped,
      encodeToken({ mint: NATIVE_MINT, owner, amount: 1_500_000_000n, nativeReserve: TOKEN_ACCOUNT_RENT }),
      TOKEN_PROGRAM_ADDRESS,
      TOKEN_ACCOUNT_RENT + 1_500_000_000n,
    )
    t.ok(localnet.chain.getAccount(NATIVE_MINT), 'the native mint exists, as on every cluster')
    const answer = await localnet.call('getTokenAccountsByOwner', [owner, { mint: NATIVE_MINT }, { encoding: 'jsonParsed' }])
    t.same(answer.result.value[0]?.account.data.parsed.info, {
      mint: NATIVE_MINT,
      owner,
      tokenAmount: uiAmount('1500000000', 9, 1.5, '1.5'),
      state: 'initialized',
      isNative: true,
      rentExemptReserve: uiAmount('2039280', 9, 0.00203928, '0.00203928'),
    })
  })

  t.test('Token-2022: program name and the account extensions', async (t) => {
    const owner = await newAddress()
    const mint = await newAddress()
    const [immutable, memo, padded] = await Promise.all([newAddress(), newAddress(), newAddress()])
    put(
      localnet,
      mint,
      new Uint8Array(
        getMintEncoder().encode({ mintAuthority: none(), supply: 0n, decimals: 2, isInitialized: true, freezeAuthority: none() }),
      ),
      TOKEN_2022_PROGRAM_ADDRESS,
    )
    const base = {
      mint,
      owner,
      amount: 250n,
      delegate: none<Address>(),
      state: AccountState.Initialized,
      isNative: none<bigint>(),
      delegatedAmount: 0n,
    }
    put(
      localnet,
      immutable,
      new Uint8Array(
        getToken2022Encoder().encode({
          ...base,
          closeAuthority: none(),
          extensions: some([extension('ImmutableOwner', {}), extension('TransferFeeAmount', { withheldAmount: 3n })]),
        }),
      ),
      TOKEN_2022_PROGRAM_ADDRESS,
    )
    put(
      localnet,
      memo,
      new Uint8Array(
        getToken2022Encoder().encode({
          ...base,
          closeAuthority: none(),
          extensions: some([extension('MemoTransfer', { requireIncomingTransferMemos: true }), extension('CpiGuard', { lockCpi: false })]),
        }),
      ),
      TOKEN_2022_PROGRAM_ADDRESS,
    )
    // The base, the Account type byte and zeroes: an Uninitialized type ends the list at once.
    const zeroPadded = new Uint8Array(175)
    zeroPadded.set(encodeToken({ mint, owner, amount: 250n }))
    zeroPadded[165] = 2
    put(localnet, padded, zeroPadded, TOKEN_2022_PROGRAM_ADDRESS)

    const answer = await localnet.call('getTokenAccountsByOwner', [
      owner,
      { programId: TOKEN_2022_PROGRAM_ADDRESS },
      { encoding: 'jsonParsed' },
    ])
    const byPubkey = new Map<string, { data: { program: string; space: number; parsed: { info: { extensions?: unknown } } } }>(
      answer.result.value.map((item: { pubkey: string; account: never }) => [item.pubkey, item.account]),
    )
    t.equal(byPubkey.size, 3)
    t.equal(byPubkey.get(immutable)?.data.program, 'spl-token-2022')
    t.same(byPubkey.get(immutable)?.data.parsed.info.extensions, [
      { extension: 'immutableOwner' },
      { extension: 'transferFeeAmount', state: { withheldAmount: 3 } },
    ])
    t.same(byPubkey.get(memo)?.data.parsed.info.extensions, [
      { extension: 'memoTransfer', state: { requireIncomingTransferMemos: true } },
      { extension: 'cpiGuard', state: { lockCpi: false } },
    ])
    t.notOk('extensions' in (byPubkey.get(padded)?.data.parsed.info ?? {}), 'no extensions: the key is left out')
    t.equal(byPubkey.get(padded)?.data.space, 175)
    const byMint = await localnet.call('getTokenAccountsByOwner', [owner, { mint }, { encoding: 'base64' }])
    t.equal(byMint.result.value.length, 3, "a Token-2022 mint selects its program's accounts")
  })

  t.test("jsonParsed leaves out an account whose mint cannot be read, as Agave's parser does", async (t) => {
    const owner = await newAddress()
    const orphan = await newAddress()
    put(localnet, orphan, encodeToken({ mint: await newAddress(), owner, amount: 1n }))
    t.same(
      (await localnet.call('getTokenAccountsByOwner', [owner, { programId: TOKEN_PROGRAM_ADDRESS }, { encoding: 'jsonParsed' }])).result
        .value,
      [],
    )
    t.equal(
      (await localnet.call('getTokenAccountsByOwner', [owner, { programId: TOKEN_PROGRAM_ADDRESS }, { encoding: 'base64' }])).result.value
        .length,
      1,
      'base64 still lists it',
    )
  })

  t.test("@solana/kit's client reads both encodings", async (t) => {
    const rpc = createSolanaRpc(localnet.rpcUrl)
    const { value } = await rpc.getTokenAccountsByOwner(wallet, { mint: DEMO_MINT }, { encoding: 'jsonParsed' }).send()
    const ataItem = value.find((item) => item.pubkey === ata)
    t.equal(ataItem?.account.data.parsed.info.tokenAmount.amount, String(DEMO_TOKEN_AMOUNTS[0]))
    t.equal(ataItem?.account.data.program, 'spl-token')
    const raw = await rpc.getTokenAccountsByOwner(wallet, { programId: TOKEN_PROGRAM_ADDRESS }, { encoding: 'base64' }).send()
    t.equal(raw.value.length, 2)
  })
})

t.test('getTokenAccountsByDelegate', async (t) => {
  const localnet = await startTestLocalnet(t)
  const [delegate, other, owner, mint2022] = await Promise.all([newAddress(), newAddress(), newAddress(), newAddress()])
  const [a, b, c] = await Promise.all([newAddress(), newAddress(), newAddress()])
  put(localnet, a, encodeToken({ mint: DEMO_MINT, owner, amount: 10n, delegate, delegatedAmount: 4n }))
  put(localnet, b, encodeToken({ mint: DEMO_MINT, owner: DEMO_WALLETS[1], amount: 10n, delegate: other, delegatedAmount: 4n }))
  // A delegate key left in the bytes with the tag at None is no delegate.
  const untagged = encodeToken({ mint: DEMO_MINT, owner, amount: 10n, delegate, delegatedAmount: 4n })
  untagged[72] = 0
  put(localnet, c, untagged)

  const answer = await localnet.call('getTokenAccountsByDelegate', [
    delegate,
    { programId: TOKEN_PROGRAM_ADDRESS },
    { encoding: 'jsonParsed' },
  ])
  t.same(
    answer.result.value.map((item: { pubkey: string }) => item.pubkey),
    [a],
  )
  t.same(answer.result.value[0].account.data.parsed.info.delegatedAmount, uiAmount('4', 6, 0.000004, '0.000004'))
  t.same(
    (await localnet.call('getTokenAccountsByDelegate', [delegate, { mint: DEMO_MINT }, { encoding: 'base64' }])).result.value.map(
      (item: { pubkey: string }) => item.pubkey,
    ),
    [a],
    'by mint too',
  )
  put(
    localnet,
    mint2022,
    new Uint8Array(
      getMintEncoder().encode({ mintAuthority: none(), supply: 0n, decimals: 0, isInitialized: true, freezeAuthority: none() }),
    ),
    TOKEN_2022_PROGRAM_ADDRESS,
  )
  t.same(
    (await localnet.call('getTokenAccountsByDelegate', [delegate, { mint: mint2022 }, { encoding: 'base64' }])).result.value,
    [],
    'a Token-2022 mint looks under Token-2022 only',
  )
  t.same(
    (await localnet.call('getTokenAccountsByDelegate', [owner, { programId: TOKEN_PROGRAM_ADDRESS }, { encoding: 'base64' }])).result.value,
    [],
    'the owner is no delegate',
  )
  t.same((await localnet.call('getTokenAccountsByDelegate', [delegate, {}])).error, {
    code: -32602,
    message: 'Invalid params: invalid value: map, expected map with a single key.',
  })
})

t.test('errors, in the order Agave checks', async (t) => {
  const localnet = await startTestLocalnet(t)
  const slot = Number(localnet.chain.getSlot())
  const wallet = DEMO_WALLETS[0]
  const token = { programId: TOKEN_PROGRAM_ADDRESS }
  const cases: Array<[string, unknown[], number, string]> = [
    ['no params', [], -32602, 'Invalid params: invalid length 0, expected a owner pubkey.'],
    ['no filter', [wallet], -32602, 'Invalid params: invalid length 1, expected a token accounts filter.'],
    ['a string filter', [wallet, 'mint'], -32602, 'Invalid params: invalid type: unit variant, expected newtype variant.'],
    ['a number filter', [wallet, 5], -32602, 'Invalid params: invalid type: number 5, expected string or map.'],
    ['an empty filter', [wallet, {}], -32602, 'Invalid params: invalid value: map, expected map with a single key.'],
    [
      'two filters',
      [wallet, { mint: DEMO_MINT, programId: TOKEN_PROGRAM_ADDRESS }],
      -32602,
      'Invalid params: invalid value: map, expected map with a single key.',
    ],
    ['an unknown filter', [wallet, { owner: wallet }], -32602, 'Invalid params: unknown variant `owner`, expected `mint` or `programId`.'],
    ['a filter of the wrong type', [wallet, { mint: 5 }], -32602, 'Invalid params: invalid type: number 5, expected a string.'],
    [
      'an unknown encoding (before the key)',
      ['x', token, { encoding: 'hex' }],
      -32602,
      'Invalid params: unknown variant `hex`, expected one of `binary`, `base64`, `base58`, `base64+zstd`, `jsonParsed`.',
    ],
    ['a short key', ['abc', token], -32602, 'Invalid param: WrongSize'],
    ['a key that is not base58', ['0'.repeat(44), token], -32602, 'Invalid param: Invalid'],
    ['a bad filter address', [wallet, { programId: 'nope' }], -32602, 'Invalid param: WrongSize'],
    [
      'a program that is not a token program',
      [wallet, { programId: SYSTEM_PROGRAM }],
      -32602,
      'Invalid param: unrecognized Token program id',
    ],
    ['an unknown mint', [wallet, { mint: '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU' }], -32602, 'Invalid param: could not find mint'],
    ['a wallet as the mint', [wallet, { mint: DEMO_WALLETS[1] }], -32602, 'Invalid param: Token mint could not be unpacked'],
    ['a token account as the mint', [wallet, { mint: DEMO_TOKEN_ACCOUNTS[1] }], -32602, 'Invalid param: Token mint could not be unpacked'],
  ]
  for (const [label, params, code, message] of cases) {
    t.same((await localnet.call('getTokenAccountsByOwner', params)).error, { code, message }, label)
  }
  t.same(
    (await localnet.call('getTokenAccountsByDelegate', [])).error,
    { code: -32602, message: 'Invalid params: invalid length 0, expected a delegate pubkey.' },
    'the delegate method names its key',
  )
  t.same(
    (await localnet.call('getTokenAccountsByOwner', [wallet, { programId: SYSTEM_PROGRAM }, { minContextSlot: slot + 5 }])).error,
    { code: -32016, message: 'Minimum context slot has not been reached', data: { contextSlot: slot } },
    'the slot is checked before the program',
  )
  // An account that unpacks as a mint, owned by another program.
  const fake = await newAddress()
  put(
    localnet,
    fake,
    new Uint8Array(
      getMintEncoder().encode({ mintAuthority: none(), supply: 0n, decimals: 0, isInitialized: true, freezeAuthority: none() }),
    ),
    SYSTEM_PROGRAM,
  )
  t.same((await localnet.call('getTokenAccountsByOwner', [wallet, { mint: fake }])).error, {
    code: -32602,
    message: 'Invalid param: not a Token mint',
  })
})
