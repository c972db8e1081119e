/**
 * GET /api/v1/solana/wallets/{address}/approvals over a real socket, on real delegations: a demo
 * wallet approves, on localnet with the real SPL Token and Token-2022 programs, u64::MAX to a
 * person's key, a small amount to a Jupiter program authority, a tenth of a balance to a stranger,
 * a whole balance to an unknown program's PDA, and hands a close authority to someone else. The
 * scan lists and scores each; the revoke transaction it returns simulates to success through the
 * engine (REST simulate), lands once the wallet signs it, and a new scan finds no risky delegation
 * left — the foreign close authority stays, since only it can remove itself. Also: the credential,
 * bad addresses and the rate limit, each answered with the Error envelope.
 */
import t from 'tap'
import type { LightMyRequestResponse } from 'fastify'
import {
  address,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase58Decoder,
  getBase64EncodedWireTransaction,
  getCompiledTransactionMessageDecoder,
  getProgramDerivedAddress,
  getTransactionDecoder,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransaction,
  signTransactionMessageWithSigners,
  some,
  type Address,
  type Blockhash,
  type Instruction,
  type KeyPairSigner,
} from '@solana/kit'
import { getCreateAccountInstruction } from '@solana-program/system'
import {
  AuthorityType,
  getApproveInstruction,
  getInitializeAccount3Instruction,
  getMintToInstruction,
  getSetAuthorityInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import {
  findAssociatedTokenPda,
  getApproveInstruction as getApproveInstruction2022,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMint2Instruction,
  getMintToInstruction as getMintToInstruction2022,
  TOKEN_2022_PROGRAM_ADDRESS,
} from '@solana-program/token-2022'
import { createInProcessEngineClient } from '../../engine/client/engine-client.js'
import { createEdgeServer } from '../../edge/server.js'
import type { ApprovalsResponse, TokenApproval } from '../../engine/contract/approvals-response.js'
import type { SimulateResponse } from '../../engine/contract/simulate-response.js'
import type { AdmissionCharge } from '../../lib/limits/admission.js'
import { createInProcessAdmission } from '../../lib/limits/in-process-admission.js'
import { createDemoWalletSigners, DEMO_MINT, DEMO_TOKEN_ACCOUNTS, DEMO_TOKEN_AMOUNTS } from '../../localnet/seed/demo-state.js'
import { assertErrorEnvelope, createTestEdgeWithUser } from '../helpers/edge-inject.js'
import { quietLogger, startStack, type Stack } from '../helpers/stack.js'
import { createTestUserService, registerTestUser } from '../helpers/user-service.js'

const UNLIMITED = 2n ** 64n - 1n
/** Jupiter v6's program authority 0 (seeds ["authority", [0]]): a known authority. */
const JUPITER_AUTHORITY = address('GGztQqQ6pCPaJQnNpXBgELr5cs3WwDakRbh1iEMzjgSJ')
const TOKEN_ACCOUNT_SIZE = 165n
const MINT_SIZE = 82n
const REVOKE = 5

/** Signs with every signer the instructions carry (the payer first) and lands the transaction. */
async function send(stack: Stack, payer: KeyPairSigner, instructions: Instruction[]): Promise<string> {
  const blockhash = stack.localnet.chain.getLatestBlockhash().blockhash as Blockhash
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash, lastValidBlockHeight: 0n }, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  const signed = await signTransactionMessageWithSigners(message)
  return stack.rpc<string>('sendTransaction', [getBase64EncodedWireTransaction(signed), { encoding: 'base64' }])
}

async function getRent(stack: Stack, space: bigint): Promise<bigint> {
  return BigInt(await stack.rpc<number>('getMinimumBalanceForRentExemption', [Number(space)]))
}

t.test('the approval scan on real delegations', async (t) => {
  const stack = await startStack(t)
  const { app, user } = await createTestEdgeWithUser(t, stack)
  const base = await app.listen({ host: '127.0.0.1', port: 0 })
  const [wallet] = await createDemoWalletSigners()
  const get = (path: string, headers: Record<string, string> = { 'x-api-key': user.apiKey }) => fetch(`${base}${path}`, { headers })
  const scanPath = `/api/v1/solana/wallets/${wallet.address}/approvals`
  const scan = async (): Promise<ApprovalsResponse> => {
    const response = await get(scanPath)
    t.equal(response.status, 200, 'the scan answers 200')
    return (await response.json()) as ApprovalsResponse
  }

  // Who receives what.
  const person = (await generateKeyPairSigner()).address
  const stranger = (await generateKeyPairSigner()).address
  const closer = (await generateKeyPairSigner()).address
  const [unknownPda] = await getProgramDerivedAddress({
    programAddress: (await generateKeyPairSigner()).address,
    seeds: [new TextEncoder().encode('vault')],
  })

  // Four more SPL Token accounts of the wallet for the demo mint (the wallet is its mint authority).
  const accountRent = await getRent(stack, TOKEN_ACCOUNT_SIZE)
  const newTokenAccount = async (amount: bigint): Promise<Address> => {
    const account = await generateKeyPairSigner()
    await send(stack, wallet, [
      getCreateAccountInstruction({
        payer: wallet,
        newAccount: account,
        lamports: accountRent,
        space: TOKEN_ACCOUNT_SIZE,
        programAddress: TOKEN_PROGRAM_ADDRESS,
      }),
      getInitializeAccount3Instruction({ account: account.address, mint: DEMO_MINT, owner: wallet.address }),
      getMintToInstruction({ mint: DEMO_MINT, token: account.address, mintAuthority: wallet, amount }),
    ])
    return account.address
  }
  const unlimitedToPerson = DEMO_TOKEN_ACCOUNTS[0]
  const smallToJupiter = await newTokenAccount(1_000_000n)
  const foreignCloser = await newTokenAccount(500n)
  const tenthToStranger = await newTokenAccount(1_000_000n)
  const allToPda = await newTokenAccount(1_000n)

  // A Token-2022 mint and the wallet's associated account (ImmutableOwner: 170 bytes).
  const mint2022 = await generateKeyPairSigner()
  const [ata2022] = await findAssociatedTokenPda({
    owner: wallet.address,
    mint: mint2022.address,
    tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
  })
  await send(stack, wallet, [
    getCreateAccountInstruction({
      payer: wallet,
      newAccount: mint2022,
      lamports: await getRent(stack, MINT_SIZE),
      space: MINT_SIZE,
      programAddress: TOKEN_2022_PROGRAM_ADDRESS,
    }),
    getInitializeMint2Instruction({ mint: mint2022.address, decimals: 9, mintAuthority: wallet.address }),
    getCreateAssociatedTokenIdempotentInstruction({ payer: wallet, ata: ata2022, owner: wallet.address, mint: mint2022.address }),
    getMintToInstruction2022({ mint: mint2022.address, token: ata2022, mintAuthority: wallet, amount: 7_000_000_000n }),
  ])

  // The approvals, each in a real transaction signed by the wallet.
  await send(stack, wallet, [
    getApproveInstruction({ source: unlimitedToPerson, delegate: person, owner: wallet, amount: UNLIMITED }),
    getApproveInstruction({ source: smallToJupiter, delegate: JUPITER_AUTHORITY, owner: wallet, amount: 1_000n }),
    getSetAuthorityInstruction({
      owned: foreignCloser,
      owner: wallet,
      authorityType: AuthorityType.CloseAccount,
      newAuthority: some(closer),
    }),
    getApproveInstruction({ source: tenthToStranger, delegate: stranger, owner: wallet, amount: 100_000n }),
    getApproveInstruction({ source: allToPda, delegate: unknownPda, owner: wallet, amount: 1_000n }),
    getApproveInstruction2022({ source: ata2022, delegate: person, owner: wallet, amount: UNLIMITED }),
  ])

  const before = await scan()
  const byAccount = new Map<string, TokenApproval>(before.approvals.map((approval) => [approval.token_account, approval]))

  t.test('lists every account with a delegate or a close authority, scored', async (t) => {
    t.equal(before.wallet, wallet.address)
    t.ok(before.slot > 0, 'a real slot')
    t.equal(before.token_accounts_scanned, 6, 'five SPL Token accounts and one Token-2022 account')
    t.equal(before.truncated, false)
    t.equal(before.approvals.length, 6)
    t.same(byAccount.get(unlimitedToPerson), {
      token_account: unlimitedToPerson,
      mint: DEMO_MINT,
      symbol: null,
      token_program: TOKEN_PROGRAM_ADDRESS,
      balance: String(DEMO_TOKEN_AMOUNTS[0]),
      decimals: 6,
      delegate: person,
      delegated_amount: String(UNLIMITED),
      close_authority: null,
      risk_level: 'critical',
      reasons: byAccount.get(unlimitedToPerson)?.reasons,
      known_authority: null,
    })
    t.match(byAccount.get(unlimitedToPerson)?.reasons, [/unlimited delegation to .*on the ed25519 curve/])
    t.match(byAccount.get(smallToJupiter), {
      delegate: JUPITER_AUTHORITY,
      delegated_amount: '1000',
      balance: '1000000',
      risk_level: 'safe',
      known_authority: 'Jupiter v6 program authority 0',
    })
    t.match(byAccount.get(foreignCloser), {
      delegate: null,
      delegated_amount: '0',
      close_authority: closer,
      risk_level: 'critical',
      reasons: [/close authority is .*not the owner/],
    })
    t.match(byAccount.get(tenthToStranger), { delegate: stranger, delegated_amount: '100000', risk_level: 'medium', reasons: [/10 %/] })
    t.match(byAccount.get(allToPda), { delegate: unknownPda, risk_level: 'high', reasons: [/off the ed25519 curve/] })
    t.match(byAccount.get(ata2022), {
      mint: mint2022.address,
      token_program: TOKEN_2022_PROGRAM_ADDRESS,
      balance: '7000000000',
      decimals: 9,
      delegate: person,
      risk_level: 'critical',
    })
    const levels = before.approvals.map((approval) => approval.risk_level)
    t.same(levels, ['critical', 'critical', 'critical', 'high', 'medium', 'safe'], 'riskiest first')
  })

  t.test('the revoke transaction: unsigned, paid by the wallet, one Revoke per risky delegation', async (t) => {
    t.same(
      [...before.revoke_accounts].sort(),
      [unlimitedToPerson, ata2022, allToPda, tenthToStranger].sort(),
      'the critical, high and medium delegations; not the known authority, not the close authority',
    )
    t.type(before.revoke_transaction, 'string')
    const transaction = getTransactionDecoder().decode(Buffer.from(before.revoke_transaction ?? '', 'base64'))
    t.same(Object.keys(transaction.signatures), [wallet.address], 'one signer: the wallet')
    t.equal(transaction.signatures[wallet.address], null, 'not signed yet')
    const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)
    if (message.version !== 'legacy') throw new Error(`a ${message.version} message, not legacy`)
    t.equal(message.staticAccounts[0], wallet.address, 'the wallet pays the fee')
    t.equal(message.header.numSignerAccounts, 1)
    const valid = await stack.rpc<{ value: boolean }>('isBlockhashValid', [message.lifetimeToken])
    t.equal(valid.value, true, 'a recent blockhash')
    const instructions = message.instructions.map((instruction) => ({
      program: message.staticAccounts[instruction.programAddressIndex],
      accounts: (instruction.accountIndices ?? []).map((index) => message.staticAccounts[index]),
      data: [...(instruction.data ?? [])],
    }))
    t.same(
      instructions,
      before.revoke_accounts.map((account) => ({
        program: account === ata2022 ? TOKEN_2022_PROGRAM_ADDRESS : TOKEN_PROGRAM_ADDRESS,
        accounts: [account, wallet.address],
        data: [REVOKE],
      })),
      'in revoke_accounts order, each under its own token program',
    )
  })

  t.test('it simulates to success through the engine, lands once signed, and a new scan finds no risky delegation', async (t) => {
    const simulated = await fetch(`${base}/api/v1/solana/tx/simulate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': user.apiKey },
      body: JSON.stringify({ transaction: before.revoke_transaction }),
    })
    t.equal(simulated.status, 200)
    const simulation = (await simulated.json()) as SimulateResponse
    t.equal(simulation.success, true, simulation.failure_reason ?? '')
    t.same(
      simulation.call_tree.map((node) => [node.program_id, node.success]),
      before.revoke_accounts.map((account) => [account === ata2022 ? TOKEN_2022_PROGRAM_ADDRESS : TOKEN_PROGRAM_ADDRESS, true]),
      'every Revoke ran',
    )

    // At processed: the approvals and the revoke land in the open slot, and at finalized (the
    // default) neither would be seen, so "before" would fail and "after" hold for nothing.
    const delegatedToPerson = async (program: Address) =>
      (
        await stack.rpc<{ value: Array<{ pubkey: string }> }>('getTokenAccountsByDelegate', [
          person,
          { programId: program },
          { encoding: 'base64', commitment: 'processed' },
        ])
      ).value.map((item) => item.pubkey)
    t.same(await delegatedToPerson(TOKEN_PROGRAM_ADDRESS), [unlimitedToPerson], 'before: the person is a delegate (SPL Token)')
    t.same(await delegatedToPerson(TOKEN_2022_PROGRAM_ADDRESS), [ata2022], 'before: and on Token-2022')

    const unsigned = getTransactionDecoder().decode(Buffer.from(before.revoke_transaction ?? '', 'base64'))
    const signed = await signTransaction([wallet.keyPair], unsigned)
    const signature = await stack.rpc<string>('sendTransaction', [getBase64EncodedWireTransaction(signed), { encoding: 'base64' }])
    t.equal(signature, getBase58Decoder().decode(signed.signatures[wallet.address] as Uint8Array), 'landed')
    t.same(await delegatedToPerson(TOKEN_PROGRAM_ADDRESS), [], 'after: no delegation to the person (SPL Token)')
    t.same(await delegatedToPerson(TOKEN_2022_PROGRAM_ADDRESS), [], 'after: nor on Token-2022')

    const after = await scan()
    t.same(
      after.approvals.map((approval) => [approval.token_account, approval.risk_level, approval.delegate, approval.close_authority]),
      [
        [foreignCloser, 'critical', null, closer],
        [smallToJupiter, 'safe', JUPITER_AUTHORITY, null],
      ],
      'left: the close authority the owner cannot remove, and the safe delegation',
    )
    t.equal(after.revoke_transaction, null, 'nothing left to revoke')
    t.same(after.revoke_accounts, [])
    t.equal(after.token_accounts_scanned, 6)
  })

  t.test('a bearer token works too; a wallet without token accounts has nothing', async (t) => {
    const empty = (await generateKeyPairSigner()).address
    const response = await get(`/api/v1/solana/wallets/${empty}/approvals`, { authorization: `Bearer ${user.token}` })
    t.equal(response.status, 200)
    const { slot, ...rest } = (await response.json()) as ApprovalsResponse
    t.ok(slot > 0)
    t.same(rest, {
      wallet: empty,
      approvals: [],
      revoke_transaction: null,
      revoke_accounts: [],
      truncated: false,
      token_accounts_scanned: 0,
    })
  })

  t.test('every refusal is the Error envelope', async (t) => {
    const envelope = async (path: string, headers: Record<string, string> | undefined, code: Parameters<typeof assertErrorEnvelope>[2]) => {
      const response = await get(path, headers)
      const body = await response.text()
      return assertErrorEnvelope(
        t,
        { statusCode: response.status, headers: { 'x-request-id': response.headers.get('x-request-id') ?? undefined }, body },
        code,
        `${path} ${code}`,
      )
    }
    await envelope(scanPath, {}, 'unauthorized')
    await envelope(scanPath, { 'x-api-key': 'pf_live_not_a_key' }, 'unauthorized')
    const pattern = await envelope(`/api/v1/solana/wallets/${'O'.repeat(40)}/approvals`, undefined, 'validation_error')
    t.match(pattern?.message, /^address: /, 'names the parameter')
    // 44 characters of base58 that decode to more than 32 bytes.
    const long = await envelope(`/api/v1/solana/wallets/${'z'.repeat(44)}/approvals`, undefined, 'validation_error')
    t.equal(long?.message, 'address: must be a base58 address of 32 bytes')
    const short = await envelope(`/api/v1/solana/wallets/${'1'.repeat(31)}/approvals`, undefined, 'validation_error')
    t.match(short?.message, /^address: /)
    await envelope(`/api/v1/solana/wallets/${'1'.repeat(101)}/approvals`, undefined, 'not_found')
    const unknown = await envelope(`${scanPath}?limit=5`, undefined, 'validation_error')
    t.equal(unknown?.message, 'limit: is not a parameter of this route')
  })
})

t.test("the caller's rate limit applies; the daily quota of simulations does not", async (t) => {
  const stack = await startStack(t)
  const users = await createTestUserService(t)
  // The real admission, with every charge it is asked for noted.
  const admission = createInProcessAdmission()
  const charges: AdmissionCharge[] = []
  const app = createEdgeServer({
    engine: createInProcessEngineClient(stack.engine),
    userService: users.userService,
    signingKey: users.signingKey,
    invalidations: users.bus,
    // The clock stands still: the free plan's bucket (10) does not refill.
    now: users.clock.now,
    logger: quietLogger,
    bodyLimitBytes: 256 * 1024,
    admission: {
      admit: (caller, charge, nowMs) => {
        charges.push(charge)
        return admission.admit(caller, charge, nowMs)
      },
      close: () => admission.close(),
    },
  })
  await app.ready()
  t.teardown(() => app.close())
  const caller = await registerTestUser(app, 'approvals-limited')
  const path = `/api/v1/solana/wallets/${(await generateKeyPairSigner()).address}/approvals`
  const before = charges.length
  const statuses: number[] = []
  let last: LightMyRequestResponse | undefined
  // The free plan's burst is 10 requests (creating the key spent one of them).
  for (let i = 0; i < 11; i++) {
    last = await app.inject({ method: 'GET', url: path, headers: { 'x-api-key': caller.apiKey } })
    statuses.push(last.statusCode)
    if (last.statusCode === 200) t.type(last.headers['ratelimit-remaining'], 'string', 'an admitted scan says what is left')
  }
  const firstRefused = statuses.indexOf(429)
  t.ok(firstRefused >= 8, 'the burst admits scans', { statuses })
  t.same(statuses.slice(0, firstRefused), Array<number>(firstRefused).fill(200))
  t.same(statuses.slice(firstRefused), Array<number>(statuses.length - firstRefused).fill(429), 'then every scan is refused')
  if (last) assertErrorEnvelope(t, last, 'rate_limited', 'a scan past the burst')
  t.type(last?.headers['retry-after'], 'string')
  t.same(charges.slice(before), Array(11).fill({ requests: 1, simulations: 0 }), 'each scan is one request and no simulation')
})
