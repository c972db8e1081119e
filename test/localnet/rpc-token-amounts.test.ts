/**
 * getTokenAccountBalance and getTokenSupply as Agave answers them, after real token transactions
 * (a transfer and a mint): UiTokenAmounts in the `{context, value}` envelope, and Agave's
 * invalid-params answers for an account that is missing, not a token account, or not a mint.
 */
import { getMintToCheckedInstruction, getTransferCheckedInstruction } from '@solana-program/token'
import t from 'tap'
import {
  createDemoWalletSigners,
  DEMO_MINT,
  DEMO_MINT_DECIMALS,
  DEMO_TOKEN_ACCOUNTS,
  DEMO_TOKEN_AMOUNTS,
  DEMO_WALLETS,
} from '../../localnet/seed/demo-state.js'
import { sendSigned } from '../helpers/history-transactions.js'
import { startTestLocalnet } from '../helpers/localnet-start.js'

const UNKNOWN = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU'
const NATIVE_MINT = 'So11111111111111111111111111111111111111112'

/** The UiTokenAmount of `amount` base units of the demo mint (6 decimals). */
function demoAmount(amount: bigint) {
  const text = (Number(amount) / 10 ** DEMO_MINT_DECIMALS).toString()
  return { amount: amount.toString(), decimals: DEMO_MINT_DECIMALS, uiAmount: Number(text), uiAmountString: text }
}

t.test('balances and supply follow a transfer and a mint', async (t) => {
  const localnet = await startTestLocalnet(t)
  const [alice] = await createDemoWalletSigners()
  const supply = DEMO_TOKEN_AMOUNTS.reduce((sum, amount) => sum + amount, 0n)
  const before = await localnet.call('getTokenSupply', [DEMO_MINT])
  t.same(before.result, { context: { apiVersion: '4.3.0', slot: Number(localnet.chain.getSlot()) }, value: demoAmount(supply) })

  await sendSigned(localnet, alice, [
    getTransferCheckedInstruction({
      source: DEMO_TOKEN_ACCOUNTS[0],
      mint: DEMO_MINT,
      destination: DEMO_TOKEN_ACCOUNTS[1],
      authority: alice,
      amount: 1_250_000n,
      decimals: DEMO_MINT_DECIMALS,
    }),
    getMintToCheckedInstruction({ mint: DEMO_MINT, token: DEMO_TOKEN_ACCOUNTS[2], mintAuthority: alice, amount: 7n, decimals: 6 }),
  ])
  // At processed: the transfer and the mint landed in the open slot.
  const balances = await Promise.all(
    DEMO_TOKEN_ACCOUNTS.map((account) => localnet.call('getTokenAccountBalance', [account, { commitment: 'processed' }])),
  )
  t.same(
    balances.map((answer) => answer.result.value),
    [
      demoAmount(DEMO_TOKEN_AMOUNTS[0] - 1_250_000n),
      demoAmount(DEMO_TOKEN_AMOUNTS[1] + 1_250_000n),
      demoAmount(DEMO_TOKEN_AMOUNTS[2] + 7n),
    ],
    'each account after the transfer and the mint',
  )
  t.same(
    (await localnet.call('getTokenSupply', [DEMO_MINT, { commitment: 'confirmed' }])).result.value,
    demoAmount(supply),
    'confirmed: not yet the mint of the open slot',
  )
  localnet.chain.advanceSlot()
  t.same(
    (await localnet.call('getTokenSupply', [DEMO_MINT, { commitment: 'confirmed' }])).result.value,
    demoAmount(supply + 7n),
    'supply + the mint, confirmed once the next block opens',
  )
  t.same(
    (await localnet.call('getTokenSupply', [NATIVE_MINT])).result.value,
    {
      amount: '0',
      decimals: 9,
      uiAmount: 0,
      uiAmountString: '0',
    },
    'the native mint: supply 0, 9 decimals',
  )
})

t.test('accounts that are not token accounts or mints answer Agave invalid params', async (t) => {
  const localnet = await startTestLocalnet(t)
  const error = (message: string) => ({ code: -32602, message })
  t.same((await localnet.call('getTokenAccountBalance', [UNKNOWN])).error, error('Invalid param: could not find account'))
  t.same((await localnet.call('getTokenAccountBalance', [DEMO_WALLETS[0]])).error, error('Invalid param: not a Token account'))
  t.same((await localnet.call('getTokenAccountBalance', [DEMO_MINT])).error, error('Invalid param: not a Token account'), 'a mint')
  t.same((await localnet.call('getTokenAccountBalance', ['nope'])).error, error('Invalid param: WrongSize'))
  t.same((await localnet.call('getTokenSupply', [UNKNOWN])).error, error('Invalid param: could not find account'))
  t.same((await localnet.call('getTokenSupply', [DEMO_WALLETS[0]])).error, error('Invalid param: not a Token mint'))
  t.same(
    (await localnet.call('getTokenSupply', [DEMO_TOKEN_ACCOUNTS[0]])).error,
    error('Invalid param: mint could not be unpacked'),
    'a token account',
  )
  t.equal((await localnet.call('getTokenSupply', [])).error?.code, -32602, 'no mint')
})
