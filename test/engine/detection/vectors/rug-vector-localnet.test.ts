// The rug vector end to end on localnet, with the real Orca pools of the fixtures loaded: each mint
// a transaction makes its signer receive gets its token_risk from the mint's authorities and
// extensions, the banned-token list, liquidity in a known pool and holder concentration; the verdict
// follows (rug-pull indicators are critical).
import t from 'tap'
import { address, generateKeyPairSigner, type Address } from '@solana/kit'
import { extension } from '@solana-program/token-2022'
import { findAssociatedTokenPda, getCreateAssociatedTokenIdempotentInstruction, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { TOKEN_2022_PROGRAM_ADDRESS } from '@solana-program/token-2022'
import { getMintEncoder } from '@solana-program/token'
import { ORCA_ACCOUNTS_DIR } from '../../../helpers/fixtures.js'
import { startStack } from '../../../helpers/stack.js'
import { createTestMint } from '../../../helpers/token-2022-mints.js'
import type { TestLocalnet } from '../../../helpers/localnet-start.js'
import { buildTransaction, asSigner } from '../../../helpers/transactions.js'
import { RENT_EXEMPT_RENT_EPOCH } from '../../../../localnet/chain/local-account.js'

const USDC = address('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')
const SAMO = address('7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU')
/** The first entry of Jupiter's banned-token list ("SAMOY scam coin"). */
const BANNED = address('3mXx1bNiB5bhgwznk4eeqM9eoy6DU3CeCkm1LPabeoEh')

t.test('token risk of received mints', async (t) => {
  const stack = await startStack(t, { accountsDir: ORCA_ACCOUNTS_DIR })
  const { engine, localnet, rpc } = stack
  const testLocalnet = {
    ...localnet,
    call: async (method: string, params?: unknown[]) => ({ result: await rpc(method, params) }),
  } as unknown as TestLocalnet
  const receiver = await generateKeyPairSigner()
  await rpc('requestAirdrop', [receiver.address, 1_000_000_000])

  /** A transaction creating the receiver's associated account of `mint`: the mint is received. */
  const receive = async (mint: Address, tokenProgram: Address = TOKEN_PROGRAM_ADDRESS, policy?: unknown) => {
    const [ata] = await findAssociatedTokenPda({ owner: receiver.address, mint, tokenProgram })
    const { value } = await rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
    const bytes = await buildTransaction({
      feePayer: receiver.address,
      blockhash: value.blockhash,
      instructions: [
        getCreateAssociatedTokenIdempotentInstruction({
          payer: asSigner(receiver.address),
          ata,
          owner: receiver.address,
          mint,
          tokenProgram,
        }),
      ],
    })
    return engine.simulate(bytes, policy === undefined ? {} : { policy: policy as never })
  }

  t.test('USDC: issuer-managed authorities, liquidity in both fixture pools', async (t) => {
    const response = await receive(USDC)
    t.equal(response.success, true, response.failure_reason ?? '')
    const token = response.risk.token_risk
    t.equal(token?.mint, USDC)
    t.same(token?.flags, ['mint_authority', 'freeze_authority'])
    t.equal(token?.has_mint_authority, true)
    t.equal(token?.has_freeze_authority, true)
    t.equal(token?.has_liquidity, true, 'the SOL/USDC and SAMO/USDC whirlpools hold USDC')
    t.equal(token?.risk_level, 'low')
    t.equal(token?.issuer, 'USDC (Circle)')
    t.match(token?.reasons, [/./, /./, /issuer-managed: USDC \(Circle\)/])
    t.type(token?.top_holder_concentration, 'number')
    t.equal(response.decision, 'approve')
    t.same(response.risk.token_risks, [token])
    const strict = await receive(USDC, TOKEN_PROGRAM_ADDRESS, 'strict')
    t.equal(strict.decision, 'approve', 'no preset blocks an issuer-managed stablecoin for its freeze authority')
  })

  t.test('SAMO: no authorities, liquidity in the SAMO/USDC pool', async (t) => {
    const token = (await receive(SAMO)).risk.token_risk
    t.same(token?.flags, [])
    t.equal(token?.has_liquidity, true)
    t.equal(token?.risk_level, 'safe')
  })

  t.test('a fresh mint whose authority can still mint: a risk of its own, not a rug pull', async (t) => {
    const { mint } = await createTestMint(testLocalnet, { program: 'spl-token', freezeAuthority: true })
    const response = await receive(mint)
    const token = response.risk.token_risk
    t.same(token?.flags, ['mint_authority', 'freeze_authority', 'no_known_liquidity'])
    t.equal(token?.has_liquidity, false)
    t.equal(token?.issuer, null)
    t.equal(token?.risk_level, 'medium', 'authorities and no pool: worth a warning, not a block')
    t.equal(response.decision, 'warn')
    const strict = await receive(mint, TOKEN_PROGRAM_ADDRESS, 'strict')
    t.same(
      strict.decision_reasons.map((reason) => reason.rule),
      ['block_token_flags'],
      'strict blocks a freeze authority held by nobody accountable',
    )
  })

  t.test('a Token-2022 mint with a permanent delegate: a honeypot', async (t) => {
    const { mint } = await createTestMint(testLocalnet, {
      program: 'token-2022',
      extensionsFor: (authority) => [extension('PermanentDelegate', { delegate: authority.address })],
    })
    const token = (await receive(mint, TOKEN_2022_PROGRAM_ADDRESS)).risk.token_risk
    t.ok(token?.flags.includes('permanent_delegate') && token.flags.includes('honeypot'), token?.flags.join(',') ?? 'no token risk')
    t.same(token?.extensions, ['permanentDelegate'])
    t.equal(token?.risk_level, 'medium', 'received for free (an account created): holding it costs nothing')
    t.ok(token?.reasons.some((reason) => reason.startsWith('received without paying for it')))
  })

  t.test('a mint on the banned-token list', async (t) => {
    // Planted at the listed address (nobody holds its key here); no authorities, so only the list speaks.
    const data = new Uint8Array(
      getMintEncoder().encode({ mintAuthority: null, supply: 1_000_000n, decimals: 6, isInitialized: true, freezeAuthority: null }),
    )
    localnet.chain.setAccount(BANNED, {
      lamports: 1_461_600n,
      data,
      owner: TOKEN_PROGRAM_ADDRESS,
      executable: false,
      rentEpoch: RENT_EXEMPT_RENT_EPOCH,
    })
    const token = (await receive(BANNED)).risk.token_risk
    t.same(token?.flags, ['banned', 'rug_pull', 'no_known_liquidity'])
    t.match(token?.reasons, [/SAMOY scam coin/])
    t.equal(token?.risk_score, 1)
  })

  t.test('without the rug vector nothing is screened', async (t) => {
    const { mint } = await createTestMint(testLocalnet, { program: 'spl-token' })
    const [ata] = await findAssociatedTokenPda({ owner: receiver.address, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
    const { value } = await rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
    const bytes = await buildTransaction({
      feePayer: receiver.address,
      blockhash: value.blockhash,
      instructions: [
        getCreateAssociatedTokenIdempotentInstruction({ payer: asSigner(receiver.address), ata, owner: receiver.address, mint }),
      ],
    })
    const response = await engine.simulate(bytes, { vectors: ['simulation', 'program'] })
    t.equal(response.risk.token_risk, null)
    t.same(response.risk.token_risks, [])
  })
})
