// What drains a signer, simulated on localnet with the real System and Token programs: the signer's
// wallet assigned away, its token account's owner handed over, a delegate approved, an account
// closed to someone else, and a durable-nonce advance. Each is one finding with its evidence, and
// the ownership ones make the transaction critical.
import t from 'tap'
import { generateKeyPairSigner, none, some, type Instruction } from '@solana/kit'
import { getAdvanceNonceAccountInstruction, getAssignInstruction } from '@solana-program/system'
import {
  AuthorityType,
  getApproveInstruction,
  getCloseAccountInstruction,
  getSetAuthorityInstruction,
  getTransferInstruction,
} from '@solana-program/token'
import { DEMO_TOKEN_ACCOUNTS, DEMO_TOKEN_AMOUNTS, DEMO_WALLETS } from '../../../../localnet/seed/demo-state.js'
import { startStack } from '../../../helpers/stack.js'
import { asSigner, buildTransaction, transferSol } from '../../../helpers/transactions.js'

const [wallet, otherWallet] = DEMO_WALLETS
const [tokenAccount, otherTokenAccount] = DEMO_TOKEN_ACCOUNTS

t.test('drains are found from the instructions and confirmed by the simulated state', async (t) => {
  const { engine, rpc } = await startStack(t)
  const attacker = (await generateKeyPairSigner()).address
  const { value } = await rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const simulate = async (instructions: Instruction[]) =>
    engine.simulate(await buildTransaction({ feePayer: wallet, blockhash: value.blockhash, instructions }))

  t.test("the signer's wallet assigned to another program", async (t) => {
    const response = await simulate([getAssignInstruction({ account: asSigner(wallet), programAddress: attacker })])
    t.equal(response.success, true, 'the runtime allows it')
    t.same(
      response.risk.findings,
      [
        {
          code: 'owner_reassigned',
          severity: 'critical',
          message: `the signer's account is assigned to program ${attacker}, which then controls it and everything sent to it`,
          instruction_index: 0,
          accounts: [wallet, attacker],
        },
      ],
      'one finding: the state check confirms the instruction and adds no duplicate',
    )
    t.equal(response.risk.risk_level, 'critical')
    t.equal(response.decision, 'block')
    t.same(
      response.balance_changes.filter((change) => change.account === wallet).map((change) => change.delta),
      ['-5000'],
      'balance changes alone show nothing but the fee',
    )
  })

  t.test("the signer's token account handed to someone else (SetAuthority AccountOwner)", async (t) => {
    const response = await simulate([
      getSetAuthorityInstruction({
        owned: tokenAccount,
        owner: asSigner(wallet),
        authorityType: AuthorityType.AccountOwner,
        newAuthority: some(attacker),
      }),
    ])
    t.equal(response.success, true)
    t.match(response.risk.findings, [
      { code: 'token_authority_transferred', severity: 'critical', instruction_index: 0, accounts: [tokenAccount, attacker] },
    ])
    t.equal(response.risk.findings.length, 1)
    t.equal(response.risk.risk_level, 'critical')
  })

  t.test('renouncing an authority (None) is not a finding', async (t) => {
    const response = await simulate([
      getSetAuthorityInstruction({
        owned: tokenAccount,
        owner: asSigner(wallet),
        authorityType: AuthorityType.CloseAccount,
        newAuthority: none(),
      }),
    ])
    t.same(response.risk.findings, [])
  })

  t.test('a delegate approved: medium for part of the balance, critical for all of it', async (t) => {
    const part = await simulate([
      getApproveInstruction({ source: tokenAccount, delegate: attacker, owner: asSigner(wallet), amount: 1_000n }),
    ])
    t.match(part.risk.findings, [
      { code: 'token_delegate_approved', severity: 'medium', instruction_index: 0, accounts: [tokenAccount, attacker] },
    ])
    t.equal(part.risk.risk_level, 'medium')
    t.equal(part.decision, 'warn')
    const all = await simulate([
      getApproveInstruction({ source: tokenAccount, delegate: attacker, owner: asSigner(wallet), amount: DEMO_TOKEN_AMOUNTS[0] }),
    ])
    t.match(all.risk.findings, [{ code: 'token_delegate_approved', severity: 'critical' }])
    t.equal(all.decision, 'block')
  })

  t.test('a token account swept to a stranger and closed to the attacker: both critical', async (t) => {
    const response = await simulate([
      getTransferInstruction({
        source: tokenAccount,
        destination: otherTokenAccount,
        authority: asSigner(wallet),
        amount: DEMO_TOKEN_AMOUNTS[0],
      }),
      getCloseAccountInstruction({ account: tokenAccount, destination: attacker, owner: asSigner(wallet) }),
    ])
    t.equal(response.success, true, response.failure_reason ?? '')
    t.same(
      response.risk.findings.map((finding) => [finding.code, finding.severity, finding.instruction_index]),
      [
        ['whole_balance_transfer', 'critical', 0],
        ['token_account_closed_to_other', 'critical', 1],
      ],
    )
    t.same(response.risk.findings[1]?.accounts, [tokenAccount, attacker])
    t.equal(response.decision, 'block')
  })

  t.test('closing to the signer itself is not a finding', async (t) => {
    const response = await simulate([
      getTransferInstruction({
        source: tokenAccount,
        destination: otherTokenAccount,
        authority: asSigner(wallet),
        amount: DEMO_TOKEN_AMOUNTS[0],
      }),
      getCloseAccountInstruction({ account: tokenAccount, destination: wallet, owner: asSigner(wallet) }),
    ])
    t.equal(response.success, true)
    t.same(
      response.risk.findings.map((finding) => finding.code),
      ['whole_balance_transfer'],
      'only the sweep: the rent comes back to the signer',
    )
  })

  t.test("the signer's own durable nonce: low, and approved", async (t) => {
    const nonce = (await generateKeyPairSigner()).address
    const response = await simulate([
      getAdvanceNonceAccountInstruction({ nonceAccount: nonce, nonceAuthority: asSigner(wallet) }),
      transferSol(wallet, otherWallet, 1_000_000n),
    ])
    t.match(response.risk.findings, [{ code: 'durable_nonce', severity: 'low', instruction_index: 0, accounts: [nonce, wallet] }])
  })

  t.test('the co-signer bypass: a fee payer that co-signs is no exemption', async (t) => {
    const feePayer = await generateKeyPairSigner()
    await rpc('requestAirdrop', [feePayer.address, 1_000_000_000])
    const coSigned = async (instructions: Instruction[]) =>
      engine.simulate(await buildTransaction({ feePayer: feePayer.address, blockhash: value.blockhash, instructions }))
    const owner = await coSigned([
      getSetAuthorityInstruction({
        owned: tokenAccount,
        owner: asSigner(wallet),
        authorityType: AuthorityType.AccountOwner,
        newAuthority: some(feePayer.address),
      }),
    ])
    t.match(owner.risk.findings, [
      { code: 'token_authority_transferred', severity: 'critical', accounts: [tokenAccount, feePayer.address] },
    ])
    t.equal(owner.decision, 'block')
    t.same(owner.summary, [
      { signer: feePayer.address, lines: ['The fee is 0.00001 SOL'] },
      {
        signer: wallet,
        lines: [`You give control of token account 5w43…J9PQ to ${feePayer.address.slice(0, 4)}…${feePayer.address.slice(-4)}`],
      },
    ])
    const approval = await coSigned([
      getApproveInstruction({ source: tokenAccount, delegate: feePayer.address, owner: asSigner(wallet), amount: 0xffff_ffff_ffff_ffffn }),
    ])
    t.match(approval.risk.findings, [{ code: 'token_delegate_approved', severity: 'critical' }])
    t.equal(approval.decision, 'block')
  })

  t.test('ordinary transfers the signer signs are no finding', async (t) => {
    const response = await simulate([
      transferSol(wallet, otherWallet, 5_000_000_000n),
      getTransferInstruction({ source: tokenAccount, destination: otherTokenAccount, authority: asSigner(wallet), amount: 10n }),
    ])
    t.equal(response.success, true)
    t.same(response.risk.findings, [])
    t.equal(response.risk.risk_level, 'safe')
    t.equal(response.decision, 'approve')
  })
})
