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
import { DEMO_TOKEN_ACCOUNTS, DEMO_TOKEN_AMOUNTS, DEMO_WALLETS } from '../../../localnet/seed/demo-state.js'
import { startStack } from '../../helpers/stack.js'
import { asSigner, buildTransaction, transferSol } from '../../helpers/transactions.js'

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

  t.test('a delegate approved: high for part of the balance, critical for all of it', async (t) => {
    const part = await simulate([
      getApproveInstruction({ source: tokenAccount, delegate: attacker, owner: asSigner(wallet), amount: 1_000n }),
    ])
    t.match(part.risk.findings, [
      { code: 'token_delegate_approved', severity: 'high', instruction_index: 0, accounts: [tokenAccount, attacker] },
    ])
    t.equal(part.risk.risk_level, 'high')
    t.equal(part.decision, 'warn')
    const all = await simulate([
      getApproveInstruction({ source: tokenAccount, delegate: attacker, owner: asSigner(wallet), amount: DEMO_TOKEN_AMOUNTS[0] }),
    ])
    t.match(all.risk.findings, [{ code: 'token_delegate_approved', severity: 'critical' }])
    t.equal(all.decision, 'block')
  })

  t.test('a token account emptied and closed to a foreign destination', async (t) => {
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
      [['token_account_closed_to_other', 'high', 1]],
    )
    t.same(response.risk.findings[0]?.accounts, [tokenAccount, attacker])
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
    t.same(response.risk.findings, [])
  })

  t.test('a durable-nonce transaction can be replayed later: medium', async (t) => {
    const nonce = (await generateKeyPairSigner()).address
    const response = await simulate([
      getAdvanceNonceAccountInstruction({ nonceAccount: nonce, nonceAuthority: asSigner(wallet) }),
      transferSol(wallet, otherWallet, 1_000_000n),
    ])
    t.match(response.risk.findings, [{ code: 'durable_nonce', severity: 'medium', instruction_index: 0, accounts: [nonce, wallet] }])
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
