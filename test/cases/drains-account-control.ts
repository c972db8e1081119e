/**
 * Drains that give away control of an account rather than its balance: the wallet itself assigned
 * to another program, the wallet's nonce account re-authorised, the wallet's stake account
 * re-authorised inside an unstake (the SwissBorg/Kiln pattern), a program's upgrade authority.
 */
import { getAddressEncoder, type Address } from '@solana/kit'
import { getAssignInstruction, getAuthorizeNonceAccountInstruction } from '@solana-program/system'
import { getMemoInstruction, MEMO_PROGRAM } from '../helpers/memo-instruction.js'
import { getAuthorizeStakeInstruction, getDeactivateStakeInstruction } from '../helpers/stake-instructions.js'
import { asSigner } from '../helpers/transactions.js'
import {
  createUpgradeableProgramAccounts,
  getProgramDataAddress,
  getSetUpgradeAuthorityInstruction,
  getUpgradeAuthority,
} from '../helpers/upgradeable-loader.js'
import type { CaseContext } from './case-context.js'
import { SOURCES } from './case-sources.js'
import type { TransactionCase } from './case-types.js'
import { createNonceAccount } from './nonce-setup.js'
import { createDelegatedStake } from './stake-setup.js'

export const ACCOUNT_CONTROL_DRAINS: readonly TransactionCase[] = [
  {
    id: 'assign-wallet-to-program',
    title: 'The wallet assigned to another program',
    kind: 'drain',
    technique: 'System Assign of the wallet: the new owner program controls its lamports from then on',
    source: SOURCES.drainerAnatomy,
    expected: 'block',
    async build(context) {
      const victim = await context.fund()
      const program = await deployProgram(context, (await context.fund()).address)
      const transaction = await context.compile({
        feePayer: victim.address,
        instructions: [getAssignInstruction({ account: asSigner(victim.address), programAddress: program })],
      })
      return { transaction, victim: victim.address }
    },
  },
  {
    id: 'nonce-authority-handed-away',
    title: "The authority of the wallet's durable-nonce account handed to another key",
    kind: 'drain',
    technique: "System AuthorizeNonceAccount of the wallet's nonce account to another key",
    source: SOURCES.drainerAnatomy,
    expected: 'block',
    async build(context) {
      const victim = await context.fund()
      const nonce = await createNonceAccount(context, victim, victim.address)
      const attacker = await context.createKey()
      const transaction = await context.compile({
        feePayer: victim.address,
        instructions: [
          getAuthorizeNonceAccountInstruction({
            nonceAccount: nonce.account,
            nonceAuthority: asSigner(victim.address),
            newNonceAuthority: attacker.address,
          }),
        ],
      })
      return { transaction, victim: victim.address }
    },
  },
  {
    id: 'stake-authorize-hidden-in-unstake',
    title: 'An unstake (Deactivate) that also hands the stake and withdraw authorities to another key',
    kind: 'drain',
    technique: "Stake Authorize (staker and withdrawer) hidden in a Deactivate of the wallet's stake account",
    source: SOURCES.swissborgKiln,
    expected: 'block',
    async build(context) {
      const victim = await context.fund(20_000_000_000n)
      const stake = await createDelegatedStake(context, victim, 5_000_000_000n)
      const attacker = await context.createKey()
      const authorize = (which: 'staker' | 'withdrawer') =>
        getAuthorizeStakeInstruction({ stake, authority: victim.address, newAuthority: attacker.address, which })
      const transaction = await context.compile({
        feePayer: victim.address,
        instructions: [getDeactivateStakeInstruction(stake, victim.address), authorize('staker'), authorize('withdrawer')],
      })
      return { transaction, victim: victim.address }
    },
  },
  {
    id: 'upgrade-authority-handed-away',
    title: "The upgrade authority of the wallet's program handed to another key",
    kind: 'drain',
    technique: 'BPF Loader Upgradeable SetAuthority of a program to another key (it can then replace the code)',
    source: SOURCES.upgradeAuthority,
    expected: 'block',
    async build(context) {
      const victim = await context.fund()
      const program = await deployProgram(context, victim.address)
      const programData = await getProgramDataAddress(program)
      const attacker = await context.createKey()
      const transaction = await context.compile({
        feePayer: victim.address,
        instructions: [getSetUpgradeAuthorityInstruction(programData, victim.address, attacker.address)],
      })
      return { transaction, victim: victim.address }
    },
  },
]

/**
 * An upgradeable program whose upgrade authority is `authority`, running a copy of the SPL Memo
 * program's code (the ELF LiteSVM ships): planted as `solana program deploy` leaves a program,
 * then proven to run by a memo sent through it.
 */
async function deployProgram(context: CaseContext, authority: Address): Promise<Address> {
  const memo = await context.readAccount(MEMO_PROGRAM)
  if (!memo) throw new Error('the SPL Memo program is missing')
  const program = (await context.createKey()).address
  const programData = await getProgramDataAddress(program)
  const rent = (length: bigint) => context.localnet.chain.getMinimumBalanceForRentExemption(length)
  const accounts = createUpgradeableProgramAccounts({
    programData,
    elf: memo.data,
    authority,
    slot: context.localnet.chain.getSlot(),
    rent,
  })
  // ProgramData first: the program account points at it.
  context.plant(programData, accounts.programData)
  context.plant(program, accounts.program)
  // A program deployed in this slot only runs from the next one (as on a cluster).
  context.localnet.chain.advanceSlot()
  const user = await context.fund()
  await context.send(user, [{ ...getMemoInstruction('deployed', [user.address]), programAddress: program }])
  const stored = (await context.readAccount(programData))?.data
  context.check(
    stored !== undefined && Buffer.from(getUpgradeAuthority(stored) ?? []).equals(Buffer.from(getAddressEncoder().encode(authority))),
    `program ${program} runs and its upgrade authority is ${authority}`,
  )
  return program
}
