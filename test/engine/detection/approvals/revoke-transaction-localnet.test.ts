/**
 * The revoke transaction's limits and what it leaves out, each shown on localnet with the real
 * token programs: 24 Revokes across both programs fit one transaction and run; a 25th does not
 * fit; the owner cannot remove a foreign close authority (the token program wants the close
 * authority's signature), and cannot Revoke on a frozen account — so neither is in the
 * transaction. A wallet with more approvals than a scan lists is answered riskiest first,
 * `truncated`.
 */
import t from 'tap'
import {
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  none,
  signTransaction,
  some,
  type Address,
} from '@solana/kit'
import {
  AccountState,
  AuthorityType,
  getMintEncoder,
  getSetAuthorityInstruction,
  getTokenEncoder,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { TOKEN_2022_PROGRAM_ADDRESS } from '@solana-program/token-2022'
import { MAX_LISTED_APPROVALS } from '../../../../engine/detection/approvals/approval-scanner.js'
import {
  createRevokeTransaction,
  MAX_REVOKES_PER_TRANSACTION,
  type RevokeTarget,
} from '../../../../engine/detection/approvals/revoke-transaction.js'
import { RENT_EXEMPT_RENT_EPOCH } from '../../../../localnet/chain/local-account.js'
import { DEMO_MINT } from '../../../../localnet/seed/demo-state.js'
import { startStack, type Stack } from '../../../helpers/stack.js'
import { asSigner, buildTransaction } from '../../../helpers/transactions.js'

const UNLIMITED = 2n ** 64n - 1n
/** The most bytes a transaction may have on the wire. */
const PACKET_DATA_SIZE = 1232
const MINT_2022 = 'Gz1ag2QdCoQXyhZBusBqgFDSQLrbaqY3uEX2hHdy7WfR' as Address

interface SeededAccount {
  delegate?: Address
  delegatedAmount?: bigint
  closeAuthority?: Address
  state?: AccountState
  program?: Address
  amount?: bigint
}

/** Writes a token account of `owner` (the demo mint, or a Token-2022 mint) straight into the chain. */
async function seedTokenAccount(stack: Stack, owner: Address, fields: SeededAccount): Promise<Address> {
  const account = (await generateKeyPairSigner()).address
  const program = fields.program ?? TOKEN_PROGRAM_ADDRESS
  const data = getTokenEncoder().encode({
    mint: program === TOKEN_PROGRAM_ADDRESS ? DEMO_MINT : MINT_2022,
    owner,
    amount: fields.amount ?? 1_000n,
    delegate: fields.delegate ? some(fields.delegate) : none(),
    state: fields.state ?? AccountState.Initialized,
    isNative: none(),
    delegatedAmount: fields.delegatedAmount ?? 0n,
    closeAuthority: fields.closeAuthority ? some(fields.closeAuthority) : none(),
  })
  stack.localnet.chain.setAccount(account, {
    lamports: 2_039_280n,
    data: new Uint8Array(data),
    owner: program,
    executable: false,
    rentEpoch: RENT_EXEMPT_RENT_EPOCH,
  })
  return account
}

t.test('the revoke transaction on localnet', async (t) => {
  const stack = await startStack(t)
  // A Token-2022 mint with 0 decimals, so its accounts are live token accounts of a real mint.
  stack.localnet.chain.setAccount(MINT_2022, {
    lamports: 1_461_600n,
    data: new Uint8Array(
      getMintEncoder().encode({ mintAuthority: none(), supply: 0n, decimals: 0, isInitialized: true, freezeAuthority: none() }),
    ),
    owner: TOKEN_2022_PROGRAM_ADDRESS,
    executable: false,
    rentEpoch: RENT_EXEMPT_RENT_EPOCH,
  })
  const blockhash = async () => (await stack.rpc<{ value: { blockhash: string } }>('getLatestBlockhash')).value.blockhash
  const newWallet = async () => {
    const wallet = await generateKeyPairSigner()
    await stack.rpc('requestAirdrop', [wallet.address, 1_000_000_000])
    return wallet
  }

  t.test(`${MAX_REVOKES_PER_TRANSACTION} Revokes across both programs fit one transaction and run`, async (t) => {
    const wallet = await newWallet()
    const thief = (await generateKeyPairSigner()).address
    const targets: RevokeTarget[] = []
    for (let i = 0; i < MAX_REVOKES_PER_TRANSACTION; i++) {
      const program = i % 6 === 0 ? TOKEN_2022_PROGRAM_ADDRESS : TOKEN_PROGRAM_ADDRESS
      targets.push({
        address: await seedTokenAccount(stack, wallet.address, { delegate: thief, delegatedAmount: UNLIMITED, program }),
        tokenProgram: program,
      })
    }
    const encoded = createRevokeTransaction(wallet.address, await blockhash(), targets)
    const bytes = Buffer.from(encoded, 'base64')
    t.ok(bytes.length <= PACKET_DATA_SIZE, `${bytes.length} bytes on the wire, at most ${PACKET_DATA_SIZE}`)
    const simulated = await stack.engine.simulate(bytes)
    t.equal(simulated.success, true, simulated.failure_reason ?? '')
    t.equal(simulated.call_tree.length, MAX_REVOKES_PER_TRANSACTION)
    const signed = await signTransaction([wallet.keyPair], getTransactionDecoder().decode(bytes))
    await stack.rpc('sendTransaction', [getBase64EncodedWireTransaction(signed), { encoding: 'base64' }])
    // At processed: the revoke lands in the open slot; finalized (the default) still holds the
    // seeded delegations.
    const left = await stack.rpc<{ value: unknown[] }>('getTokenAccountsByDelegate', [
      thief,
      { programId: TOKEN_PROGRAM_ADDRESS },
      { encoding: 'base64', commitment: 'processed' },
    ])
    t.same(left.value, [], 'landed: no delegation left')

    t.throws(
      () =>
        createRevokeTransaction(wallet.address, 'EETubP5AKHgjPAhzPAFcb8BAY1hMH639CWCFTqi3hq1k', [...targets, targets[0] as RevokeTarget]),
      RangeError,
      'a 25th does not fit',
    )
    t.throws(() => createRevokeTransaction(wallet.address, 'EETubP5AKHgjPAhzPAFcb8BAY1hMH639CWCFTqi3hq1k', []), RangeError, 'nor does none')
  })

  t.test('the owner cannot remove a foreign close authority; the close authority can', async (t) => {
    const wallet = await newWallet()
    const closer = await generateKeyPairSigner()
    await stack.rpc('requestAirdrop', [closer.address, 1_000_000_000])
    const account = await seedTokenAccount(stack, wallet.address, { closeAuthority: closer.address })
    const renounce = (signer: Address) =>
      getSetAuthorityInstruction({
        owned: account,
        owner: asSigner(signer),
        authorityType: AuthorityType.CloseAccount,
        newAuthority: none(),
      })
    const byOwner = await stack.engine.simulate(
      await buildTransaction({ feePayer: wallet.address, blockhash: await blockhash(), instructions: [renounce(wallet.address)] }),
    )
    t.equal(byOwner.success, false, 'the token program refuses the owner')
    t.match(byOwner.logs.join('\n'), /owner does not match/)
    const byCloser = await stack.engine.simulate(
      await buildTransaction({ feePayer: closer.address, blockhash: await blockhash(), instructions: [renounce(closer.address)] }),
    )
    t.equal(byCloser.success, true, byCloser.failure_reason ?? '')

    const scan = await stack.engine.scanApprovals(wallet.address)
    t.match(scan.approvals, [{ token_account: account, close_authority: closer.address, risk_level: 'critical' }])
    t.equal(scan.revoke_transaction, null, 'nothing the wallet could sign would remove it')
  })

  t.test('a frozen account is reported, not revoked: the token program refuses Revoke on it', async (t) => {
    const wallet = await newWallet()
    const thief = (await generateKeyPairSigner()).address
    const frozen = await seedTokenAccount(stack, wallet.address, {
      delegate: thief,
      delegatedAmount: UNLIMITED,
      state: AccountState.Frozen,
    })
    const live = await seedTokenAccount(stack, wallet.address, { delegate: thief, delegatedAmount: UNLIMITED })
    const scan = await stack.engine.scanApprovals(wallet.address)
    t.same(scan.revoke_accounts, [live])
    const reasons = scan.approvals.find((approval) => approval.token_account === frozen)?.reasons ?? []
    t.match(reasons, [/on the ed25519 curve/, /frozen/])
    t.equal(scan.approvals.find((approval) => approval.token_account === frozen)?.risk_level, 'critical', 'still critical')
    const attempt = await stack.engine.simulate(
      Buffer.from(
        createRevokeTransaction(wallet.address, await blockhash(), [{ address: frozen, tokenProgram: TOKEN_PROGRAM_ADDRESS }]),
        'base64',
      ),
    )
    t.equal(attempt.success, false, 'Revoke on a frozen account fails')
    t.match(attempt.logs.join('\n'), /frozen/i)
    const revoked = await stack.engine.simulate(Buffer.from(scan.revoke_transaction ?? '', 'base64'))
    t.equal(revoked.success, true, "the scan's own transaction runs")
  })

  t.test(`more than ${MAX_LISTED_APPROVALS} approvals: the riskiest listed, truncated`, async (t) => {
    const wallet = await newWallet()
    const thief = (await generateKeyPairSigner()).address
    // One safe approval per listed slot (a close authority that is the owner), and 30 critical ones.
    for (let i = 0; i < MAX_LISTED_APPROVALS; i++) await seedTokenAccount(stack, wallet.address, { closeAuthority: wallet.address })
    const critical = new Set<string>()
    for (let i = 0; i < 30; i++)
      critical.add(await seedTokenAccount(stack, wallet.address, { delegate: thief, delegatedAmount: UNLIMITED }))
    const scan = await stack.engine.scanApprovals(wallet.address)
    t.equal(scan.token_accounts_scanned, MAX_LISTED_APPROVALS + 30)
    t.equal(scan.approvals.length, MAX_LISTED_APPROVALS)
    t.equal(scan.truncated, true)
    t.same(
      scan.approvals.slice(0, 30).map((approval) => critical.has(approval.token_account)),
      Array(30).fill(true),
      'the critical ones first',
    )
    const addresses = scan.approvals.slice(0, 30).map((approval) => approval.token_account)
    t.same(addresses, [...addresses].sort(), 'then by address')
    t.equal(scan.revoke_accounts.length, MAX_REVOKES_PER_TRANSACTION, 'one transaction revokes what it can hold')
    t.same(scan.revoke_accounts, addresses.slice(0, MAX_REVOKES_PER_TRANSACTION))
  })
})
