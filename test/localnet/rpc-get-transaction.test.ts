import {
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_UNSUPPORTED_TRANSACTION_VERSION,
  createSolanaRpc,
  generateKeyPairSigner,
  getBase58Decoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  isSolanaError,
  none,
  signature as toSignature,
  type Address,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  AccountState,
  TOKEN_PROGRAM_ADDRESS,
  getCreateAssociatedTokenIdempotentInstructionAsync,
  getMintEncoder,
  getTokenEncoder,
  getTransferCheckedInstruction,
} from '@solana-program/token'
import t, { type Test } from 'tap'
import { RENT_EXEMPT_RENT_EPOCH } from '../../localnet/chain/local-account.js'
import { createDemoWalletSigners, DEMO_MINT, DEMO_TOKEN_ACCOUNTS, DEMO_WALLETS } from '../../localnet/seed/demo-state.js'
import {
  advanceToFinalized,
  buildSignedTransaction,
  getMemoInstruction,
  MEMO_PROGRAM,
  putLookupTable,
  sendSigned,
} from '../helpers/history-transactions.js'
import { startTestLocalnet, type TestLocalnet } from '../helpers/localnet-start.js'

const SYSTEM_PROGRAM = '11111111111111111111111111111111'
const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address
const ATA_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'
const base58 = getBase58Decoder()
const messageDecoder = getCompiledTransactionMessageDecoder()
const transactionDecoder = getTransactionDecoder()
const VERSION_ERROR =
  'Transaction version (0) is not supported by the requesting client. Please try the request again with the following ' +
  'configuration parameter: "maxSupportedTransactionVersion": 0'

/** Sends `bytes` as they are; returns the signature. */
async function sendBytes(localnet: TestLocalnet, bytes: Uint8Array, skipPreflight = false): Promise<string> {
  const sent = await localnet.call('sendTransaction', [Buffer.from(bytes).toString('base64'), { encoding: 'base64', skipPreflight }])
  if (sent.error) throw new Error(JSON.stringify(sent.error))
  return sent.result as string
}

async function getTransaction(localnet: TestLocalnet, signature: string, config?: unknown) {
  return localnet.call('getTransaction', config === undefined ? [signature] : [signature, config])
}

/** A legacy transaction: a SOL transfer, a memo and a token transfer, in its own slot, finalized. */
async function landLegacy(t: Test) {
  const localnet = await startTestLocalnet(t)
  const [alice] = await createDemoWalletSigners()
  localnet.chain.advanceSlot()
  const bytes = await buildSignedTransaction(localnet, alice, [
    getTransferSolInstruction({ source: alice, destination: DEMO_WALLETS[1], amount: 1_000_000n }),
    getMemoInstruction('hello history', alice),
    getTransferCheckedInstruction({
      source: DEMO_TOKEN_ACCOUNTS[0],
      mint: DEMO_MINT,
      destination: DEMO_TOKEN_ACCOUNTS[1],
      authority: alice,
      amount: 1_500_000n,
      decimals: 6,
    }),
  ])
  const signature = await sendBytes(localnet, bytes)
  const landed = { slot: localnet.chain.getSlot(), blockTime: localnet.chain.getUnixTimestamp() }
  advanceToFinalized(localnet)
  return { localnet, alice, bytes, signature, ...landed }
}

t.test('binary encodings answer the wire bytes as sent', async (t) => {
  const { localnet, bytes, signature } = await landLegacy(t)
  const b64 = (await getTransaction(localnet, signature, { encoding: 'base64' })).result
  t.equal(b64.transaction[1], 'base64')
  t.same(new Uint8Array(Buffer.from(b64.transaction[0], 'base64')), bytes)
  const b58 = (await getTransaction(localnet, signature, { encoding: 'base58' })).result
  t.same(b58.transaction, [base58.decode(bytes), 'base58'])
  const binary = (await getTransaction(localnet, signature, { encoding: 'binary' })).result
  t.equal(binary.transaction, base58.decode(bytes), 'legacy binary: a bare base58 string')
  const deprecated = (await getTransaction(localnet, signature, 'base64')).result
  t.same(deprecated, b64, 'the deprecated form (the encoding alone) reads the same')
})

t.test('json: the raw message and Agave’s meta', async (t) => {
  const { localnet, alice, bytes, signature, slot, blockTime } = await landLegacy(t)
  const answer = await getTransaction(localnet, signature)
  const result = answer.result
  const message = messageDecoder.decode(transactionDecoder.decode(bytes).messageBytes)
  if (message.version !== 'legacy') throw new Error('built as a legacy message')
  t.same(
    Object.keys(result),
    ['slot', 'transaction', 'meta', 'blockTime'],
    'no version for a client that sent no maxSupportedTransactionVersion',
  )
  t.equal(result.slot, Number(slot))
  t.equal(result.blockTime, Number(blockTime))
  t.same(result.transaction, {
    signatures: [signature],
    message: {
      header: {
        numRequiredSignatures: message.header.numSignerAccounts,
        numReadonlySignedAccounts: message.header.numReadonlySignerAccounts,
        numReadonlyUnsignedAccounts: message.header.numReadonlyNonSignerAccounts,
      },
      accountKeys: message.staticAccounts,
      recentBlockhash: message.lifetimeToken,
      instructions: message.instructions.map((ix) => ({
        programIdIndex: ix.programAddressIndex,
        accounts: ix.accountIndices ?? [],
        data: base58.decode(ix.data ?? new Uint8Array(0)),
        stackHeight: 1,
      })),
    },
  })
  const meta = result.meta
  const keys = message.staticAccounts
  t.same(Object.keys(meta), [
    'err',
    'status',
    'fee',
    'preBalances',
    'postBalances',
    'innerInstructions',
    'logMessages',
    'preTokenBalances',
    'postTokenBalances',
    'rewards',
    'loadedAddresses',
    'computeUnitsConsumed',
  ])
  t.match(meta, { err: null, status: { Ok: null }, fee: 5000, innerInstructions: [], rewards: [] })
  t.same(meta.loadedAddresses, { writable: [], readonly: [] })
  const balances = await Promise.all(keys.map(async (key) => (await localnet.call('getBalance', [key])).result.value))
  t.same(meta.postBalances, balances, 'post balances are the balances now')
  const alicePre = meta.preBalances[keys.indexOf(alice.address)]
  const alicePost = meta.postBalances[keys.indexOf(alice.address)]
  t.equal(alicePre - alicePost, 1_000_000 + 5000, 'alice paid the transfer and the fee')
  t.ok(meta.logMessages.includes('Program log: hello history'), 'the memo program’s log')
  t.ok(meta.computeUnitsConsumed > 0)
  const tokenAccount = keys.indexOf(DEMO_TOKEN_ACCOUNTS[0])
  t.same(
    meta.postTokenBalances.find((b: { accountIndex: number }) => b.accountIndex === tokenAccount),
    {
      accountIndex: tokenAccount,
      mint: DEMO_MINT,
      uiTokenAmount: { uiAmount: 999_998.5, decimals: 6, amount: '999998500000', uiAmountString: '999998.5' },
      owner: alice.address,
      programId: TOKEN_PROGRAM_ADDRESS,
    },
  )
  t.equal(
    meta.preTokenBalances.find((b: { accountIndex: number }) => b.accountIndex === tokenAccount).uiTokenAmount.amount,
    '1000000000000',
  )

  const versioned = (await getTransaction(localnet, signature, { maxSupportedTransactionVersion: 0 })).result
  t.equal(versioned.version, 'legacy', 'with maxSupportedTransactionVersion a legacy transaction says so')
  t.same(versioned.meta, meta)
})

t.test('jsonParsed: account keys with writable / signer / source, System, Memo and Token instructions parsed', async (t) => {
  const { localnet, alice, signature } = await landLegacy(t)
  const result = (await getTransaction(localnet, signature, { encoding: 'jsonParsed' })).result
  const { accountKeys, instructions } = result.transaction.message
  const key = (pubkey: string) => accountKeys.find((entry: { pubkey: string }) => entry.pubkey === pubkey)
  t.same(key(alice.address), { pubkey: alice.address, writable: true, signer: true, source: 'transaction' })
  t.same(key(DEMO_WALLETS[1]), { pubkey: DEMO_WALLETS[1], writable: true, signer: false, source: 'transaction' })
  t.same(key(DEMO_MINT), { pubkey: DEMO_MINT, writable: false, signer: false, source: 'transaction' })
  t.same(key(SYSTEM_PROGRAM), { pubkey: SYSTEM_PROGRAM, writable: false, signer: false, source: 'transaction' })
  t.same(instructions, [
    {
      program: 'system',
      programId: SYSTEM_PROGRAM,
      parsed: { info: { destination: DEMO_WALLETS[1], lamports: 1_000_000, source: alice.address }, type: 'transfer' },
      stackHeight: 1,
    },
    { program: 'spl-memo', programId: MEMO_PROGRAM, parsed: 'hello history', stackHeight: 1 },
    {
      program: 'spl-token',
      programId: TOKEN_PROGRAM_ADDRESS,
      parsed: {
        info: {
          authority: alice.address,
          destination: DEMO_TOKEN_ACCOUNTS[1],
          mint: DEMO_MINT,
          source: DEMO_TOKEN_ACCOUNTS[0],
          tokenAmount: { amount: '1500000', decimals: 6, uiAmount: 1.5, uiAmountString: '1.5' },
        },
        type: 'transferChecked',
      },
      stackHeight: 1,
    },
  ])
  t.notOk('addressTableLookups' in result.transaction.message, 'a legacy message has no lookups')
  t.notOk('loadedAddresses' in result.meta, 'jsonParsed meta leaves loaded addresses to the account keys')
  t.equal(result.meta.fee, 5000)
})

t.test('inner instructions: compiled in json, parsed in jsonParsed, with their stack height', async (t) => {
  const localnet = await startTestLocalnet(t)
  const [alice] = await createDemoWalletSigners()
  const owner = (await generateKeyPairSigner()).address
  const create = await getCreateAssociatedTokenIdempotentInstructionAsync({ payer: alice, owner, mint: DEMO_MINT })
  const signature = await sendSigned(localnet, alice, [create])
  advanceToFinalized(localnet)
  const json = (await getTransaction(localnet, signature)).result
  t.equal(json.meta.innerInstructions.length, 1, 'one group: the ATA instruction’s CPIs')
  const group = json.meta.innerInstructions[0]
  t.equal(group.index, 0)
  t.ok(group.instructions.length >= 3)
  t.ok(
    group.instructions.every((ix: { stackHeight: number; programIdIndex: number }) => ix.stackHeight === 2 && ix.programIdIndex >= 0),
    'compiled, called from the top level (height 2)',
  )
  const parsed = (await getTransaction(localnet, signature, { encoding: 'jsonParsed' })).result
  const top = parsed.transaction.message.instructions[0]
  t.same(top, {
    program: 'spl-associated-token-account',
    programId: ATA_PROGRAM,
    parsed: {
      info: {
        account: create.accounts[1]!.address,
        mint: DEMO_MINT,
        source: alice.address,
        systemProgram: SYSTEM_PROGRAM,
        tokenProgram: TOKEN_PROGRAM_ADDRESS,
        wallet: owner,
      },
      type: 'createIdempotent',
    },
    stackHeight: 1,
  })
  const inner = parsed.meta.innerInstructions[0].instructions as Array<{ program: string; parsed: { type: string }; stackHeight: number }>
  t.same(
    inner.map((ix) => [ix.program, ix.parsed.type, ix.stackHeight]),
    [
      ['spl-token', 'getAccountDataSize', 2],
      ['system', 'createAccount', 2],
      ['spl-token', 'initializeImmutableOwner', 2],
      ['spl-token', 'initializeAccount3', 2],
    ],
  )
  t.same(inner[3]!.parsed, {
    info: { account: create.accounts[1]!.address, mint: DEMO_MINT, owner },
    type: 'initializeAccount3',
  })
})

t.test('a v0 transaction: refused without maxSupportedTransactionVersion, else version 0 with its lookups', async (t) => {
  const localnet = await startTestLocalnet(t)
  const [alice] = await createDemoWalletSigners()
  const recipients = await Promise.all([1, 2].map(async () => (await generateKeyPairSigner()).address))
  const table = await putLookupTable(localnet, recipients)
  localnet.chain.advanceSlot()
  const instructions = recipients.map((destination) => getTransferSolInstruction({ source: alice, destination, amount: 2_000_000n }))
  const bytes = await buildSignedTransaction(localnet, alice, instructions, {
    version: 0,
    lookupTables: { [table]: recipients } as Record<Address, Address[]>,
  })
  const signature = await sendBytes(localnet, bytes)
  advanceToFinalized(localnet)
  for (const config of [undefined, { encoding: 'json' }, { encoding: 'base64' }, 'jsonParsed']) {
    t.same((await getTransaction(localnet, signature, config)).error, { code: -32015, message: VERSION_ERROR }, JSON.stringify(config))
  }
  const message = messageDecoder.decode(transactionDecoder.decode(bytes).messageBytes)
  const lookup = message.version === 0 ? message.addressTableLookups![0]! : undefined
  const json = (await getTransaction(localnet, signature, { maxSupportedTransactionVersion: 0 })).result
  t.equal(json.version, 0)
  t.same(json.transaction.message.addressTableLookups, [
    { accountKey: table, writableIndexes: lookup?.writableIndexes, readonlyIndexes: lookup?.readonlyIndexes },
  ])
  const loaded = lookup!.writableIndexes.map((i) => recipients[i])
  t.same(json.meta.loadedAddresses, { writable: loaded, readonly: [] })
  const staticCount = json.transaction.message.accountKeys.length
  t.same(json.meta.preBalances.length, staticCount + 2, 'balances cover the loaded keys too')
  t.same(json.meta.postBalances.slice(staticCount), [2_000_000, 2_000_000])

  const parsed = (await getTransaction(localnet, signature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 })).result
  t.same(parsed.transaction.message.accountKeys.slice(staticCount), [
    { pubkey: loaded[0], writable: true, signer: false, source: 'lookupTable' },
    { pubkey: loaded[1], writable: true, signer: false, source: 'lookupTable' },
  ])
  t.same(
    parsed.transaction.message.instructions.map((ix: { parsed: { info: { destination: string } } }) => ix.parsed.info.destination),
    recipients,
    'instructions name the loaded keys',
  )
  t.same(parsed.transaction.message.addressTableLookups, json.transaction.message.addressTableLookups)
  const b64 = (await getTransaction(localnet, signature, { encoding: 'base64', maxSupportedTransactionVersion: 0 })).result
  t.same(new Uint8Array(Buffer.from(b64.transaction[0], 'base64')), bytes)
})

t.test('a failed transaction: err and status Err, its fee charged; Token-2022 parsed as spl-token', async (t) => {
  const localnet = await startTestLocalnet(t)
  const [alice] = await createDemoWalletSigners()
  const rent = (size: number) => localnet.chain.getMinimumBalanceForRentExemption(BigInt(size))
  const mint = (await generateKeyPairSigner()).address
  const [from, to] = [(await generateKeyPairSigner()).address, (await generateKeyPairSigner()).address]
  const mintData = getMintEncoder().encode({
    mintAuthority: none(),
    supply: 100n,
    decimals: 2,
    isInitialized: true,
    freezeAuthority: none(),
  })
  localnet.chain.setAccount(mint, {
    lamports: rent(82),
    data: new Uint8Array(mintData),
    owner: TOKEN_2022_PROGRAM,
    executable: false,
    rentEpoch: RENT_EXEMPT_RENT_EPOCH,
  })
  for (const account of [from, to]) {
    const data = getTokenEncoder().encode({
      mint,
      owner: alice.address,
      amount: 100n,
      delegate: none(),
      state: AccountState.Initialized,
      isNative: none(),
      delegatedAmount: 0n,
      closeAuthority: none(),
    })
    localnet.chain.setAccount(account, {
      lamports: rent(165),
      data: new Uint8Array(data),
      owner: TOKEN_2022_PROGRAM,
      executable: false,
      rentEpoch: RENT_EXEMPT_RENT_EPOCH,
    })
  }
  const transfer = (amount: bigint) =>
    getTransferCheckedInstruction(
      { source: from, mint, destination: to, authority: alice, amount, decimals: 2 },
      { programAddress: TOKEN_2022_PROGRAM },
    )
  const failed = await sendSigned(localnet, alice, [transfer(1_000n)], { skipPreflight: true })
  advanceToFinalized(localnet)
  const json = (await getTransaction(localnet, failed)).result
  t.same(json.meta.err, { InstructionError: [0, { Custom: 1 }] }, 'insufficient funds')
  t.same(json.meta.status, { Err: { InstructionError: [0, { Custom: 1 }] } })
  t.equal(json.meta.fee, 5000)
  t.equal(json.meta.preBalances[0] - json.meta.postBalances[0], 5000, 'the fee payer paid the fee')
  t.same(json.meta.postTokenBalances, json.meta.preTokenBalances, 'no token moved')

  const ok = await sendSigned(localnet, alice, [transfer(42n)])
  advanceToFinalized(localnet)
  const parsed = (await getTransaction(localnet, ok, { encoding: 'jsonParsed' })).result
  t.same(parsed.transaction.message.instructions[0], {
    program: 'spl-token',
    programId: TOKEN_2022_PROGRAM,
    parsed: {
      info: {
        authority: alice.address,
        destination: to,
        mint,
        source: from,
        tokenAmount: { amount: '42', decimals: 2, uiAmount: 0.42, uiAmountString: '0.42' },
      },
      type: 'transferChecked',
    },
    stackHeight: 1,
  })
  t.same(
    parsed.meta.postTokenBalances
      .map((b: { programId: string; uiTokenAmount: { uiAmountString: string } }) => [b.programId, b.uiTokenAmount.uiAmountString])
      .sort(),
    [
      [TOKEN_2022_PROGRAM, '0.58'],
      [TOKEN_2022_PROGRAM, '1.42'],
    ],
  )
})

t.test('unknown signature: null; bad params: -32602 with Agave’s messages', async (t) => {
  const localnet = await startTestLocalnet(t)
  const [alice] = await createDemoWalletSigners()
  const signature = await sendSigned(localnet, alice, [getMemoInstruction('x', alice)])
  const unknown = base58.decode(new Uint8Array(64).fill(7))
  t.same(await getTransaction(localnet, unknown), { jsonrpc: '2.0', result: null, id: 1 })
  t.same((await getTransaction(localnet, 'abc')).error, { code: -32602, message: 'Invalid param: WrongSize' })
  t.same((await getTransaction(localnet, '0'.repeat(88))).error, { code: -32602, message: 'Invalid param: Invalid' })
  const untagged = { code: -32602, message: 'Invalid params: data did not match any variant of untagged enum RpcEncodingConfigWrapper.' }
  t.same((await getTransaction(localnet, signature, { encoding: 'base64+zstd' })).error, untagged)
  t.same((await getTransaction(localnet, signature, 'hex')).error, untagged)
  t.same((await getTransaction(localnet, signature, { maxSupportedTransactionVersion: 256 })).error, untagged)
  t.same((await getTransaction(localnet, signature, { commitment: 'recent' })).error, untagged)
  t.same((await getTransaction(localnet, signature, { commitment: 'processed' })).error, {
    code: -32602,
    message: 'Method does not support commitment below `confirmed`',
  })
  t.equal((await getTransaction(localnet, signature, { commitment: 'confirmed' })).result, null, 'processed: not even confirmed yet')
  localnet.chain.advanceSlot()
  t.equal((await getTransaction(localnet, signature, { commitment: 'confirmed' })).result.transaction.signatures[0], signature)
  t.equal((await getTransaction(localnet, signature)).result, null, 'the default commitment, finalized, waits for finality')
  t.equal((await getTransaction(localnet, signature, { commitment: 'finalized' })).result, null)
  advanceToFinalized(localnet)
  t.equal((await getTransaction(localnet, signature)).result.transaction.signatures[0], signature)
})

t.test('@solana/kit decodes every encoding and recognises the version error', async (t) => {
  const { localnet, bytes, signature } = await landLegacy(t)
  const rpc = createSolanaRpc(localnet.rpcUrl)
  const sig = toSignature(signature)
  const json = await rpc.getTransaction(sig, { encoding: 'json', maxSupportedTransactionVersion: 0 }).send()
  t.equal(json?.meta?.fee, 5000n, 'u64 fields as bigints')
  t.equal(json?.version, 'legacy')
  t.equal(json?.transaction.message.instructions[1]?.stackHeight, 1)
  const b64 = await rpc.getTransaction(sig, { encoding: 'base64', maxSupportedTransactionVersion: 0 }).send()
  t.same(new Uint8Array(Buffer.from(b64!.transaction[0], 'base64')), bytes)
  const parsed = await rpc.getTransaction(sig, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 }).send()
  const transfer = parsed!.transaction.message.instructions[0]!
  t.ok('parsed' in transfer && transfer.program === 'system')
  t.equal(parsed!.transaction.message.accountKeys[0]!.signer, true)

  const [alice] = await createDemoWalletSigners()
  const v0 = toSignature(await sendSigned(localnet, alice, [getMemoInstruction('v0', alice)], { version: 0 }))
  advanceToFinalized(localnet)
  const refused = await rpc
    .getTransaction(v0, { encoding: 'json' })
    .send()
    .then(
      () => undefined,
      (e: unknown) => e,
    )
  t.ok(isSolanaError(refused, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_UNSUPPORTED_TRANSACTION_VERSION), 'kit’s own error for -32015')
  t.equal((await rpc.getTransaction(v0, { encoding: 'json', maxSupportedTransactionVersion: 0 }).send())?.version, 0)
})
