// Token balance changes where the set of token accounts changes within the transaction: a new
// associated token account created and funded, and a token account closed.
import t from 'tap'
import { type Address, generateKeyPairSigner } from '@solana/kit'
import {
  findAssociatedTokenPda,
  getCloseAccountInstruction,
  getCreateAssociatedTokenIdempotentInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { DEMO_MINT, DEMO_TOKEN_ACCOUNTS, DEMO_TOKEN_AMOUNTS, DEMO_WALLETS } from '../../../../localnet/seed/demo-state.js'
import { startStack } from '../../../helpers/stack.js'
import { asSigner, buildTransaction, transferToken } from '../../../helpers/transactions.js'

const wallet = (i: number) => DEMO_WALLETS[i] as Address
const tokenAccount = (i: number) => DEMO_TOKEN_ACCOUNTS[i] as Address

t.test('creating the recipient ATA and funding it in one transaction', async (t) => {
  const { engine, rpc } = await startStack(t)
  const { value } = await rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const recipient = (await generateKeyPairSigner()).address
  const [ata] = await findAssociatedTokenPda({ owner: recipient, mint: DEMO_MINT, tokenProgram: TOKEN_PROGRAM_ADDRESS })
  const bytes = await buildTransaction({
    feePayer: wallet(0),
    blockhash: value.blockhash,
    instructions: [
      getCreateAssociatedTokenIdempotentInstruction({ payer: asSigner(wallet(0)), ata, owner: recipient, mint: DEMO_MINT }),
      transferToken(tokenAccount(0), ata, wallet(0), 2_500_000n),
    ],
  })
  const response = await engine.simulate(bytes)
  t.equal(response.success, true, response.failure_reason ?? '')
  // Rows follow the message's account order, which depends on the (random) addresses.
  const tokens = response.balance_changes.filter((change) => change.mint !== null)
  t.same(
    tokens.map((change) => [change.account, change.owner, change.pre, change.post, change.decimals]).sort(),
    [
      [tokenAccount(0), wallet(0), String(DEMO_TOKEN_AMOUNTS[0]), String((DEMO_TOKEN_AMOUNTS[0] as bigint) - 2_500_000n), 6],
      [ata, recipient, '0', '2500000', 6],
    ].sort(),
  )
  const ataRent = response.balance_changes.find((change) => change.account === ata && change.mint === null)
  t.equal(ataRent?.pre, '0')
  t.ok(Number(ataRent?.post) > 2_000_000, 'the new account was funded for rent')
})

t.test('closing an emptied token account returns its rent and ends its token balance', async (t) => {
  const { engine, rpc } = await startStack(t)
  const { value } = await rpc<{ value: { blockhash: string } }>('getLatestBlockhash')
  const amount = DEMO_TOKEN_AMOUNTS[2] as bigint
  const bytes = await buildTransaction({
    feePayer: wallet(2),
    blockhash: value.blockhash,
    instructions: [
      transferToken(tokenAccount(2), tokenAccount(0), wallet(2), amount),
      getCloseAccountInstruction({ account: tokenAccount(2), destination: wallet(2), owner: asSigner(wallet(2)) }),
    ],
  })
  const response = await engine.simulate(bytes)
  t.equal(response.success, true, response.failure_reason ?? '')
  const closed = response.balance_changes.find((change) => change.account === tokenAccount(2) && change.mint !== null)
  t.same([closed?.pre, closed?.post, closed?.delta], [String(amount), '0', String(-amount)])
  const closedSol = response.balance_changes.find((change) => change.account === tokenAccount(2) && change.mint === null)
  t.equal(closedSol?.post, '0', 'its lamports left')
  const walletSol = response.balance_changes.find((change) => change.account === wallet(2) && change.mint === null)
  t.equal(BigInt(walletSol!.delta), BigInt(closedSol!.pre) - 5000n, 'to the wallet, less the fee')
})
