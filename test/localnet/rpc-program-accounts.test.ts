import { address, createSolanaRpc, generateKeyPairSigner, getBase58Decoder, type Address, type Base58EncodedBytes } from '@solana/kit'
import t from 'tap'
import { RENT_EXEMPT_RENT_EPOCH, toAddressBytes } from '../../localnet/chain/local-account.js'
import { DEMO_MINT, DEMO_TOKEN_ACCOUNTS } from '../../localnet/seed/demo-state.js'
import { startTestLocalnet, type TestLocalnet } from '../helpers/localnet-start.js'

/** Solana answers u64::MAX (an unset rent epoch) as a JSON number, which a JS number reads as 2^64. */
const U64_MAX_AS_JSON_NUMBER = Number(2n ** 64n - 1n)

const PROGRAM = address('whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc')
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
const base58 = getBase58Decoder()

/** Three accounts of PROGRAM: two of 200 bytes with a marker at offset 40, one of 100 bytes; one closed. */
async function plant(localnet: TestLocalnet) {
  const keys = await Promise.all([0, 1, 2, 3].map(async () => (await generateKeyPairSigner()).address))
  const [a, b, c, closed] = keys as [Address, Address, Address, Address]
  const marker = Uint8Array.from([7, 7, 7, 7, 7, 7, 7, 7])
  const make = (size: number, withMarker: boolean) => {
    const data = new Uint8Array(size)
    data[0] = size & 0xff
    if (withMarker) data.set(marker, 40)
    return { lamports: 5_000_000n, data, owner: PROGRAM, executable: false, rentEpoch: RENT_EXEMPT_RENT_EPOCH }
  }
  localnet.chain.setAccount(a, make(200, true))
  localnet.chain.setAccount(b, make(200, false))
  localnet.chain.setAccount(c, make(100, true))
  localnet.chain.setAccount(closed, { ...make(200, true), lamports: 0n })
  return { a, b, c, closed, marker }
}

const sortedByBytes = (addresses: Address[]) => [...addresses].sort((x, y) => Buffer.compare(toAddressBytes(x), toAddressBytes(y)))

t.test('getProgramAccounts filters by size and bytes, sorted by pubkey, as Agave answers', async (t) => {
  const localnet = await startTestLocalnet(t)
  const { a, b, c, closed, marker } = await plant(localnet)
  const slot = Number(localnet.chain.getSlot())

  const all = await localnet.call('getProgramAccounts', [PROGRAM, { encoding: 'base64' }])
  t.same(
    all.result.map((x: { pubkey: string }) => x.pubkey),
    sortedByBytes([a, b, c]),
    'every live account, sorted by key bytes; the closed one absent',
  )
  t.notOk(all.result.some((x: { pubkey: string }) => x.pubkey === closed))
  const first = all.result.find((x: { pubkey: string }) => x.pubkey === c)
  t.same(first.account, {
    data: [Buffer.from(localnet.chain.getAccount(c)!.data).toString('base64'), 'base64'],
    executable: false,
    lamports: 5_000_000,
    owner: PROGRAM,
    rentEpoch: U64_MAX_AS_JSON_NUMBER,
    space: 100,
  })

  const sized = await localnet.call('getProgramAccounts', [PROGRAM, { encoding: 'base64', filters: [{ dataSize: 200 }] }])
  t.same(
    sized.result.map((x: { pubkey: string }) => x.pubkey),
    sortedByBytes([a, b]),
    'dataSize',
  )

  const memcmp58 = await localnet.call('getProgramAccounts', [
    PROGRAM,
    { encoding: 'base64', filters: [{ dataSize: 200 }, { memcmp: { offset: 40, bytes: base58.decode(marker) } }] },
  ])
  t.same(
    memcmp58.result.map((x: { pubkey: string }) => x.pubkey),
    [a],
    'memcmp, base58 by default, ANDed with dataSize',
  )
  const memcmp64 = await localnet.call('getProgramAccounts', [
    PROGRAM,
    { encoding: 'base64', filters: [{ memcmp: { offset: 40, bytes: Buffer.from(marker).toString('base64'), encoding: 'base64' } }] },
  ])
  t.same(
    memcmp64.result.map((x: { pubkey: string }) => x.pubkey),
    sortedByBytes([a, c]),
    'memcmp base64',
  )
  const memcmpRaw = await localnet.call('getProgramAccounts', [
    PROGRAM,
    { encoding: 'base64', filters: [{ memcmp: { offset: 40, bytes: [...marker] } }] },
  ])
  t.same(
    memcmpRaw.result.map((x: { pubkey: string }) => x.pubkey),
    sortedByBytes([a, c]),
    'memcmp with a raw byte array',
  )
  const pastEnd = await localnet.call('getProgramAccounts', [
    PROGRAM,
    { encoding: 'base64', filters: [{ memcmp: { offset: 96, bytes: [100, 0, 0, 0, 0, 0] } }] },
  ])
  t.same(pastEnd.result, [], 'bytes running past the end of the data do not match')
  const atStart = await localnet.call('getProgramAccounts', [
    PROGRAM,
    { encoding: 'base64', filters: [{ memcmp: { offset: 0, bytes: [100] } }] },
  ])
  t.same(
    atStart.result.map((x: { pubkey: string }) => x.pubkey),
    [c],
  )

  const withContext = await localnet.call('getProgramAccounts', [
    PROGRAM,
    { encoding: 'base64', withContext: true, filters: [{ dataSize: 100 }], dataSlice: { offset: 0, length: 2 } },
  ])
  t.same(
    withContext.result,
    {
      context: { apiVersion: '4.3.0', slot },
      value: [
        {
          pubkey: c,
          account: {
            data: [Buffer.from([100, 0]).toString('base64'), 'base64'],
            executable: false,
            lamports: 5_000_000,
            owner: PROGRAM,
            rentEpoch: U64_MAX_AS_JSON_NUMBER,
            space: 100,
          },
        },
      ],
    },
    'withContext wraps the list; dataSlice slices, space stays the full size',
  )

  const legacy = await localnet.call('getProgramAccounts', [PROGRAM, { filters: [{ dataSize: 100 }], dataSlice: { offset: 0, length: 1 } }])
  t.equal(legacy.result[0].account.data, base58.decode(Uint8Array.from([100])), 'no encoding: a bare base58 string')
  const tooBig = await localnet.call('getProgramAccounts', [PROGRAM, { filters: [{ dataSize: 200 }] }])
  t.same(tooBig.error, {
    code: -32600,
    message: 'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.',
  })
  t.same(
    (await localnet.call('getProgramAccounts', [address('11111111111111111111111111111112')])).result,
    [],
    'a program with no accounts',
  )
})

t.test('tokenAccountState keeps initialized token accounts only', async (t) => {
  const localnet = await startTestLocalnet(t)
  const byMint = await localnet.call('getProgramAccounts', [
    TOKEN_PROGRAM,
    {
      encoding: 'base64',
      filters: ['tokenAccountState', { memcmp: { offset: 0, bytes: DEMO_MINT } }],
      dataSlice: { offset: 0, length: 0 },
    },
  ])
  t.same(
    byMint.result.map((x: { pubkey: string }) => x.pubkey).sort(),
    [...DEMO_TOKEN_ACCOUNTS].sort(),
    'the demo token accounts of the demo mint, not the mint itself',
  )
  const mintOnly = await localnet.call('getProgramAccounts', [
    TOKEN_PROGRAM,
    { encoding: 'base64', filters: [{ dataSize: 82 }, { memcmp: { offset: 0, bytes: DEMO_MINT } }] },
  ])
  t.same(mintOnly.result, [], 'a mint does not start with its own address')
})

t.test('getProgramAccounts refuses what Agave refuses, with its codes and messages', async (t) => {
  const localnet = await startTestLocalnet(t)
  const call = async (config: unknown, program: string = PROGRAM) => (await localnet.call('getProgramAccounts', [program, config])).error

  t.same(await call({ filters: [{ dataSize: 1 }, { dataSize: 2 }, { dataSize: 3 }, { dataSize: 4 }, { dataSize: 5 }] }), {
    code: -32602,
    message: 'Too many filters provided; max 4',
  })
  t.same(
    await call({ filters: [{ memcmp: { offset: 0, bytes: '1'.repeat(129) } }] }),
    { code: -32602, message: 'Invalid param: DataTooLarge' },
    '129 decoded bytes',
  )
  t.same(
    await call({ filters: [{ memcmp: { offset: 0, bytes: '1'.repeat(176) } }] }),
    { code: -32602, message: 'Invalid param: DataTooLarge' },
    'over 175 base58 characters',
  )
  t.same(
    await call({ filters: [{ memcmp: { offset: 0, bytes: Buffer.alloc(129).toString('base64'), encoding: 'base64' } }] }),
    { code: -32602, message: 'Invalid param: DataTooLarge' },
    'over 172 base64 characters',
  )
  t.same(
    await call({ filters: [{ memcmp: { offset: 0, bytes: Array(129).fill(1) } }] }),
    { code: -32602, message: 'Invalid param: DataTooLarge' },
    '129 raw bytes',
  )
  t.notOk(
    await call({ encoding: 'base64', filters: [{ memcmp: { offset: 0, bytes: '1'.repeat(128) } }] }),
    '128 bytes is the limit, allowed',
  )
  t.same(await call({ filters: [{ memcmp: { offset: 0, bytes: 'I1' } }] }), {
    code: -32602,
    message: "Invalid param: Base58DecodeError(InvalidCharacter { character: 'I', index: 0 })",
  })
  t.same(await call({ filters: [{ memcmp: { offset: 0, bytes: 'AA!A', encoding: 'base64' } }] }), {
    code: -32602,
    message: 'Invalid param: Base64DecodeError(InvalidByte(2, 33))',
  })
  t.same(await call({ filters: [{ memcmp: { offset: 0, bytes: 'AA', encoding: 'base64' } }] }), {
    code: -32602,
    message: 'Invalid param: Base64DecodeError(InvalidPadding)',
  })
  t.same(await call({ filters: [{ sizeOf: 1 }] }), {
    code: -32602,
    message: 'Invalid params: unknown variant `sizeOf`, expected one of `dataSize`, `memcmp`, `tokenAccountState`.',
  })
  t.same(await call({ filters: [{ memcmp: { bytes: '1' } }] }), { code: -32602, message: 'Invalid params: missing field `offset`.' })
  t.same(await call({ filters: [{ memcmp: { offset: 0, bytes: '1', encoding: 'base32' } }] }), {
    code: -32602,
    message: 'Invalid params: unknown variant `base32`, expected one of `base58`, `base64`, `bytes`.',
  })
  t.same(await call({ filters: [{ dataSize: 'big' }] }), {
    code: -32602,
    message: 'Invalid params: invalid type: string "big", expected u64.',
  })
  t.same(await call({ filters: { dataSize: 1 } }), { code: -32602, message: 'Invalid params: invalid type: map, expected a sequence.' })
  t.same(await call({}, '1111'), { code: -32602, message: 'Invalid param: WrongSize' })
  const ahead = await call({ minContextSlot: Number(localnet.chain.getSlot()) + 10 })
  t.equal(ahead?.code, -32016, 'minContextSlot ahead of the chain')
})

t.test("@solana/kit's RPC client reads the answers", async (t) => {
  const localnet = await startTestLocalnet(t)
  const { a, marker } = await plant(localnet)
  const rpc = createSolanaRpc(localnet.rpcUrl)
  const found = await rpc
    .getProgramAccounts(PROGRAM, {
      encoding: 'base64',
      filters: [{ dataSize: 200n }, { memcmp: { offset: 40n, bytes: base58.decode(marker) as Base58EncodedBytes, encoding: 'base58' } }],
    })
    .send()
  t.equal(found.length, 1)
  t.equal(found[0]?.pubkey, a)
  t.equal(found[0]?.account.space, 200n)
  const withContext = await rpc.getProgramAccounts(PROGRAM, { encoding: 'base64', withContext: true, filters: [{ dataSize: 100n }] }).send()
  t.equal(withContext.value.length, 1)
  t.equal(withContext.context.slot, localnet.chain.getSlot())
})
