import { createKeyPairSignerFromPrivateKeyBytes } from '@solana/kit'
import { TOKEN_PROGRAM_ADDRESS, findAssociatedTokenPda, getMintDecoder, getTokenDecoder } from '@solana-program/token'
import t from 'tap'
import { createLocalChain } from '../../localnet/chain.js'
import {
  createDemoWalletSigners,
  DEMO_MINT,
  DEMO_MINT_AUTHORITY,
  DEMO_MINT_SEED,
  DEMO_TOKEN_ACCOUNTS,
  DEMO_TOKEN_AMOUNTS,
  DEMO_WALLETS,
  seedDemoState,
} from '../../localnet/seed/demo-state.js'

t.test('the demo addresses derive from the exported seeds', async (t) => {
  const signers = await createDemoWalletSigners()
  t.same(
    signers.map((s) => s.address),
    DEMO_WALLETS,
    'wallets = keypairs of DEMO_WALLET_SEEDS',
  )
  t.equal((await createKeyPairSignerFromPrivateKeyBytes(DEMO_MINT_SEED)).address, DEMO_MINT)
  for (const [i, owner] of DEMO_WALLETS.entries()) {
    const [ata] = await findAssociatedTokenPda({ owner, mint: DEMO_MINT, tokenProgram: TOKEN_PROGRAM_ADDRESS })
    t.equal(ata, DEMO_TOKEN_ACCOUNTS[i], `token account ${i} is the wallet's ATA`)
  }
})

t.test("the demo mint and token accounts decode with the token program's codecs", async (t) => {
  const chain = createLocalChain({ slotMs: 400, autoAdvance: false })
  t.teardown(chain.stop)
  seedDemoState(chain)
  const mint = chain.getAccount(DEMO_MINT)
  t.equal(mint?.owner, TOKEN_PROGRAM_ADDRESS)
  const decoded = getMintDecoder().decode(mint?.data ?? new Uint8Array(82))
  t.equal(decoded.decimals, 6)
  t.same(decoded.mintAuthority, { __option: 'Some', value: DEMO_MINT_AUTHORITY })
  t.equal(
    decoded.supply,
    DEMO_TOKEN_AMOUNTS.reduce((a, b) => a + b, 0n),
    'supply = sum of balances',
  )
  for (const [i, address] of DEMO_TOKEN_ACCOUNTS.entries()) {
    const account = chain.getAccount(address)
    const token = getTokenDecoder().decode(account?.data ?? new Uint8Array(165))
    t.equal(token.owner, DEMO_WALLETS[i])
    t.equal(token.amount, DEMO_TOKEN_AMOUNTS[i])
    t.equal(account?.lamports, chain.getMinimumBalanceForRentExemption(165n), 'rent exempt')
  }
})
