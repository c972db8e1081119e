/**
 * Mints created on localnet by real transactions (SPL Token and the Token-2022 program LiteSVM
 * ships), read back with getAccountInfo: decodeMintFacts must report exactly what was set up, agree
 * field by field with @solana-program/token-2022's getMintDecoder, and getMintRisk must flag it.
 */
import { address, none, some, type Address } from '@solana/kit'
import {
  AuthorityType,
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstructionAsync,
  getMintToInstruction,
  getSetAuthorityInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { AccountState, extension, getPauseInstruction, getSetTransferFeeInstruction } from '@solana-program/token-2022'
import t, { type Test } from 'tap'
import { decodeMintFacts, type MintFacts } from '../../../../engine/detection/tokens/mint-facts.js'
import { getMintRisk } from '../../../../engine/detection/tokens/mint-risk.js'
import { startTestLocalnet } from '../../../helpers/localnet-start.js'
import {
  createTestMint,
  getLocalnetEpoch,
  getMintFactsFromClient,
  readMintAccount,
  sendInstructions,
  toKeyBytes,
  type CreateTestMintOptions,
  type TestMint,
} from '../../../helpers/token-2022-mints.js'
import { createPlainMintFacts } from '../../../helpers/plain-mint-facts.js'

const MEMO_PROGRAM = address('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr')
const U64_MAX = 2n ** 64n - 1n

const localnet = await startTestLocalnet(t)
const epoch = getLocalnetEpoch(localnet)

function baseFacts(mint: TestMint, program: MintFacts['tokenProgram'] = 'token-2022'): MintFacts {
  return createPlainMintFacts({ tokenProgram: program, mintAuthority: toKeyBytes(mint.authority.address) })
}

/** Reads the mint back and checks the engine's facts against `expected` and the client's decoder. */
async function readFacts(t: Test, mint: Address, program: MintFacts['tokenProgram'], atEpoch = epoch): Promise<MintFacts | null> {
  const account = await readMintAccount(localnet, mint)
  const facts = decodeMintFacts(account.owner, account.data, atEpoch)
  t.strictSame(facts, getMintFactsFromClient(program, account.data, atEpoch), 'agrees with @solana-program/token-2022 getMintDecoder')
  return facts
}

async function createAndCheck(t: Test, options: CreateTestMintOptions, expected: (mint: TestMint) => Partial<MintFacts>, flags: string[]) {
  const mint = await createTestMint(localnet, options)
  const facts = await readFacts(t, mint.mint, options.program)
  t.strictSame(facts, { ...baseFacts(mint, options.program), ...expected(mint) })
  t.strictSame(facts && getMintRisk(facts).flags, flags)
  return { mint, facts }
}

t.test('classic SPL mint with mint and freeze authority', async (t) => {
  const { facts } = await createAndCheck(
    t,
    { program: 'spl-token', freezeAuthority: true },
    (m) => ({
      freezeAuthority: toKeyBytes(m.authority.address),
    }),
    ['mint_authority', 'freeze_authority'],
  )
  t.equal(facts && getMintRisk(facts).riskScore, 0.35, 'mint 0.15 + freeze 0.2')
})

t.test('classic SPL mint after SetAuthority removed both authorities: supply fixed, nothing flagged', async (t) => {
  const mint = await createTestMint(localnet, { program: 'spl-token', freezeAuthority: true, decimals: 9 })
  const [ata] = await findAssociatedTokenPda({ mint: mint.mint, owner: mint.authority.address, tokenProgram: TOKEN_PROGRAM_ADDRESS })
  await sendInstructions(localnet, mint.authority, [
    await getCreateAssociatedTokenIdempotentInstructionAsync({ payer: mint.authority, owner: mint.authority.address, mint: mint.mint }),
    getMintToInstruction({ mint: mint.mint, token: ata, mintAuthority: mint.authority, amount: 1_000_000_000_000n }),
    getSetAuthorityInstruction({ owned: mint.mint, owner: mint.authority, authorityType: AuthorityType.MintTokens, newAuthority: null }),
    getSetAuthorityInstruction({ owned: mint.mint, owner: mint.authority, authorityType: AuthorityType.FreezeAccount, newAuthority: null }),
  ])
  const facts = await readFacts(t, mint.mint, 'spl-token')
  t.strictSame(facts, { ...baseFacts(mint, 'spl-token'), supply: 1_000_000_000_000n, decimals: 9, mintAuthority: null })
  t.strictSame(facts && getMintRisk(facts), { flags: [], riskScore: 0, reasons: [] })
})

t.test('Token-2022 transfer fee below the threshold', async (t) => {
  await createAndCheck(
    t,
    {
      program: 'token-2022',
      extensionsFor: (a) => [transferFee(a.address, 100, 1_000n)],
    },
    (m) => ({
      transferFee: { bps: 100, maximumFee: 1_000n, authority: toKeyBytes(m.authority.address) },
      extensions: ['transferFeeConfig'],
    }),
    ['mint_authority', 'transfer_fee'],
  )
})

t.test('Token-2022 transfer fee of 90 %: high and a honeypot', async (t) => {
  const { facts } = await createAndCheck(
    t,
    {
      program: 'token-2022',
      extensionsFor: (a) => [transferFee(a.address, 9_000, U64_MAX)],
    },
    (m) => ({
      transferFee: { bps: 9_000, maximumFee: U64_MAX, authority: toKeyBytes(m.authority.address) },
      extensions: ['transferFeeConfig'],
    }),
    ['mint_authority', 'transfer_fee', 'high_transfer_fee', 'honeypot'],
  )
  t.equal(facts && getMintRisk(facts).riskScore, 0.8, 'a honeypot scores at least 0.8')
  t.notOk(facts && getMintRisk(facts, { transferFeeThresholdBps: 9_000 }).flags.includes('high_transfer_fee'), 'not above a 90 % threshold')
})

t.test('SetTransferFee schedules a new fee two epochs ahead: the old one stays in force until then', async (t) => {
  const mint = await createTestMint(localnet, { program: 'token-2022', extensionsFor: (a) => [transferFee(a.address, 100, 1_000n)] })
  await sendInstructions(localnet, mint.authority, [
    getSetTransferFeeInstruction({
      mint: mint.mint,
      transferFeeConfigAuthority: mint.authority,
      transferFeeBasisPoints: 9_000,
      maximumFee: U64_MAX,
    }),
  ])
  const authority = toKeyBytes(mint.authority.address)
  const now = await readFacts(t, mint.mint, 'token-2022')
  t.strictSame(now?.transferFee, { bps: 100, maximumFee: 1_000n, authority })
  t.strictSame(now?.scheduledTransferFee, { bps: 9_000, maximumFee: U64_MAX, epoch: epoch + 2n })
  t.strictSame(now && getMintRisk(now).flags, ['mint_authority', 'transfer_fee', 'high_transfer_fee', 'transfer_fee_increase', 'honeypot'])

  const later = await readFacts(t, mint.mint, 'token-2022', epoch + 2n)
  t.strictSame(later?.transferFee, { bps: 9_000, maximumFee: U64_MAX, authority }, 'the newer fee from its epoch on')
  t.equal(later?.scheduledTransferFee, null)
})

t.test('Token-2022 permanent delegate', async (t) => {
  await createAndCheck(
    t,
    {
      program: 'token-2022',
      extensionsFor: (a) => [extension('PermanentDelegate', { delegate: a.address })],
    },
    (m) => ({
      permanentDelegate: toKeyBytes(m.authority.address),
      extensions: ['permanentDelegate'],
    }),
    ['mint_authority', 'permanent_delegate', 'honeypot'],
  )
})

t.test('Token-2022 transfer hook (the Memo program as hook)', async (t) => {
  await createAndCheck(
    t,
    {
      program: 'token-2022',
      extensionsFor: (a) => [extension('TransferHook', { authority: a.address, programId: MEMO_PROGRAM })],
    },
    (m) => ({
      transferHookProgram: toKeyBytes(MEMO_PROGRAM),
      transferHookAuthority: toKeyBytes(m.authority.address),
      extensions: ['transferHook'],
    }),
    ['mint_authority', 'transfer_hook', 'transfer_hook_authority', 'honeypot'],
  )
})

t.test('Token-2022 transfer hook extension without a program: no hook, but one can be set', async (t) => {
  await createAndCheck(
    t,
    {
      program: 'token-2022',
      // The all-zero address is the program's "none".
      extensionsFor: (a) => [extension('TransferHook', { authority: a.address, programId: address('11111111111111111111111111111111') })],
    },
    (m) => ({
      transferHookAuthority: toKeyBytes(m.authority.address),
      extensions: ['transferHook'],
    }),
    ['mint_authority', 'transfer_hook_authority'],
  )
})

t.test('Token-2022 default account state frozen', async (t) => {
  await createAndCheck(
    t,
    {
      program: 'token-2022',
      freezeAuthority: true,
      extensions: [extension('DefaultAccountState', { state: AccountState.Frozen })],
    },
    (m) => ({
      freezeAuthority: toKeyBytes(m.authority.address),
      defaultAccountStateFrozen: true,
      extensions: ['defaultAccountState'],
    }),
    ['mint_authority', 'freeze_authority', 'default_frozen', 'honeypot'],
  )
})

t.test('Token-2022 non-transferable', async (t) => {
  await createAndCheck(
    t,
    {
      program: 'token-2022',
      extensions: [extension('NonTransferable', {})],
    },
    () => ({
      nonTransferable: true,
      extensions: ['nonTransferable'],
    }),
    ['mint_authority', 'non_transferable', 'honeypot'],
  )
})

t.test('Token-2022 pausable, not paused', async (t) => {
  const { facts } = await createAndCheck(
    t,
    {
      program: 'token-2022',
      extensionsFor: (a) => [extension('PausableConfig', { authority: some(a.address), paused: false })],
    },
    (m) => ({
      pausable: { paused: false, authority: toKeyBytes(m.authority.address) },
      extensions: ['pausable'],
    }),
    ['mint_authority', 'pausable'],
  )
  t.equal(facts && getMintRisk(facts).riskScore, 0.25)
})

t.test('Token-2022 pausable, then paused by its authority', async (t) => {
  const mint = await createTestMint(localnet, {
    program: 'token-2022',
    extensionsFor: (a) => [extension('PausableConfig', { authority: some(a.address), paused: false })],
  })
  await sendInstructions(localnet, mint.authority, [getPauseInstruction({ mint: mint.mint, authority: mint.authority })])
  const facts = await readFacts(t, mint.mint, 'token-2022')
  t.strictSame(facts?.pausable, { paused: true, authority: toKeyBytes(mint.authority.address) })
  t.strictSame(facts && getMintRisk(facts).flags, ['mint_authority', 'pausable', 'paused', 'honeypot'])
})

t.test('Token-2022 mint close authority', async (t) => {
  await createAndCheck(
    t,
    {
      program: 'token-2022',
      extensionsFor: (a) => [extension('MintCloseAuthority', { closeAuthority: a.address })],
    },
    (m) => ({
      mintCloseAuthority: toKeyBytes(m.authority.address),
      extensions: ['mintCloseAuthority'],
    }),
    ['mint_authority', 'mint_close_authority'],
  )
})

t.test('Token-2022 metadata pointer to itself and token metadata: name, symbol, uri', async (t) => {
  await createAndCheck(
    t,
    {
      program: 'token-2022',
      extensionsFor: (a, mint) => [
        extension('MetadataPointer', { authority: some(a.address), metadataAddress: some(mint) }),
        extension('TokenMetadata', {
          updateAuthority: some(a.address),
          mint,
          name: 'Pre-flight Test Coin',
          symbol: 'PFT',
          uri: 'https://example.com/pft.json',
          additionalMetadata: new Map(),
        }),
      ],
    },
    (m) => ({
      metadataAddress: toKeyBytes(m.mint),
      metadata: { name: 'Pre-flight Test Coin', symbol: 'PFT', uri: 'https://example.com/pft.json' },
      extensions: ['metadataPointer', 'tokenMetadata'],
    }),
    ['mint_authority'],
  )
})

t.test('a metadata pointer without an address', async (t) => {
  await createAndCheck(
    t,
    {
      program: 'token-2022',
      extensionsFor: (a) => [extension('MetadataPointer', { authority: some(a.address), metadataAddress: none() })],
    },
    () => ({ extensions: ['metadataPointer'] }),
    ['mint_authority'],
  )
})

function transferFee(authority: Address, bps: number, maximumFee: bigint) {
  // InitializeTransferFeeConfig takes the newer fee; the program writes it as both, at the current epoch.
  const fee = { epoch: 0n, maximumFee, transferFeeBasisPoints: bps }
  return extension('TransferFeeConfig', {
    transferFeeConfigAuthority: authority,
    withdrawWithheldAuthority: authority,
    withheldAmount: 0n,
    olderTransferFee: fee,
    newerTransferFee: fee,
  })
}
