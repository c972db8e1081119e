// A wallet's counterparties read from its landed transactions on localnet (getSignaturesForAddress,
// getTransaction), and what the drain analysis makes of them: the whole balance to a key the wallet
// has paid before is a payment, to a stranger a sweep, and to an address sharing the first and
// last four characters of a counterparty a poisoned address.
import t from 'tap'
import { generateKeyPairSigner, getAddressDecoder, getAddressEncoder, type Address } from '@solana/kit'
import { createJsonRpcClient } from '../../../../engine/hot-path/rpc/json-rpc-client.js'
import { fromBase58Address, toBase58Address } from '../../../../engine/hot-path/state/account-key.js'
import { createCounterpartyHistory } from '../../../../engine/detection/wallets/counterparty-history.js'
import { startStack } from '../../../helpers/stack.js'
import { buildTransaction, transferSol, toBase64 } from '../../../helpers/transactions.js'

/** An address sharing `address`'s first and last four base58 characters, with no key behind it. */
function toLookalike(address: Address): Address {
  const bytes = getAddressEncoder().encode(address)
  let value = 0n
  for (const byte of bytes) value = (value << 8n) | BigInt(byte)
  // Adding a multiple of 58^4 keeps the last four digits; a small multiple keeps the leading ones.
  value += 58n ** 4n * 1_000_003n
  const out = new Uint8Array(32)
  for (let i = 31; i >= 0; i--) {
    out[i] = Number(value & 0xffn)
    value >>= 8n
  }
  return getAddressDecoder().decode(out)
}

t.test('counterparties and the verdicts they change', async (t) => {
  const { engine, localnet, rpc } = await startStack(t)
  const wallet = await generateKeyPairSigner()
  const friend = (await generateKeyPairSigner()).address
  await rpc('requestAirdrop', [wallet.address, 10_000_000_000])
  const blockhash = async () => (await rpc<{ value: { blockhash: string } }>('getLatestBlockhash')).value.blockhash
  const paid = await buildTransaction({
    feePayer: wallet.address,
    blockhash: await blockhash(),
    instructions: [transferSol(wallet.address, friend, 1_000_000n)],
    signers: [wallet],
  })
  await rpc('sendTransaction', [toBase64(paid), { encoding: 'base64' }])
  localnet.chain.advanceSlot(2)

  t.test('the history names whom the wallet paid', async (t) => {
    const history = createCounterpartyHistory({ rpc: createJsonRpcClient({ urls: [localnet.rpcUrl], requestTimeoutMs: 5_000 }) })
    t.equal(history.get(fromBase58Address(wallet.address)), undefined, 'nothing before the first read')
    const read = await history.load(fromBase58Address(wallet.address))
    t.same([...read.keys].map(toBase58Address), [friend])
    t.equal(history.get(fromBase58Address(wallet.address)), read, 'then answered from memory')
    const stranger = await history.load(fromBase58Address((await generateKeyPairSigner()).address))
    t.equal(stranger.keys.size, 0, 'a wallet with no transactions has no counterparties')
  })

  const sendAll = async (to: Address) =>
    engine.simulate(
      await buildTransaction({
        feePayer: wallet.address,
        blockhash: await blockhash(),
        instructions: [transferSol(wallet.address, to, 9_990_000_000n)],
      }),
    )

  t.test('the whole balance to a counterparty: a payment', async (t) => {
    const response = await sendAll(friend)
    t.equal(response.success, true, response.failure_reason ?? '')
    t.same(response.risk.findings, [])
    t.equal(response.decision, 'approve')
    t.same(response.summary, [
      { signer: wallet.address, lines: [`You send 9.99 SOL to ${friend.slice(0, 4)}…${friend.slice(-4)}`, 'The fee is 0.000005 SOL'] },
    ])
  })

  t.test('the whole balance to a stranger: a sweep, blocked', async (t) => {
    const response = await sendAll((await generateKeyPairSigner()).address)
    t.match(response.risk.findings, [{ code: 'whole_balance_transfer', severity: 'critical', instruction_index: 0 }])
    t.equal(response.decision, 'block')
  })

  t.test('a look-alike of the counterparty: address poisoning, blocked even for a small amount', async (t) => {
    const lookalike = toLookalike(friend)
    t.not(lookalike, friend)
    t.equal(lookalike.slice(0, 4), friend.slice(0, 4))
    t.equal(lookalike.slice(-4), friend.slice(-4))
    const response = await engine.simulate(
      await buildTransaction({
        feePayer: wallet.address,
        blockhash: await blockhash(),
        instructions: [transferSol(wallet.address, lookalike, 1_000_000n)],
      }),
    )
    t.match(response.risk.findings, [{ code: 'address_poisoning', severity: 'critical', accounts: [lookalike, friend, wallet.address] }])
    t.equal(response.decision, 'block')
  })
})
