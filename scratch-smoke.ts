import { address, AccountRole, createSolanaRpc } from '@solana/kit'
import { readConfig } from './lib/config.js'
import { createLogger } from './lib/logger.js'
import { localnetConfigSchema } from './localnet/config.js'
import { createLocalnet } from './localnet/localnet.js'
import { createDemoWalletSigners, DEMO_TOKEN_ACCOUNTS, DEMO_MINT } from './localnet/seed/demo-state.js'
import { buildTransaction } from './test/helpers/localnet-transactions.js'
import { getTransferCheckedInstruction } from '@solana-program/token'
import { getTransferSolInstruction } from '@solana-program/system'
const config = readConfig(localnetConfigSchema, { LOCALNET_RPC_PORT: '0', LOCALNET_GEYSER_PORT: '0', LOG_LEVEL: 'silent' })
const ln = await createLocalnet(config, createLogger('x', 'silent'), { autoAdvance: false })
const call = async (method: string, params: unknown[]) => (await (await fetch(ln.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })).json())
const [alice, bob] = await createDemoWalletSigners()
const bytes = await buildTransaction({ feePayer: alice, blockhash: ln.chain.getLatestBlockhash().blockhash, version: 'legacy', instructions: [
  getTransferSolInstruction({ source: alice, destination: bob.address, amount: 5n }),
  { programAddress: address('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'), accounts: [{ address: alice.address, role: AccountRole.READONLY_SIGNER }], data: new TextEncoder().encode('hi there') },
  getTransferCheckedInstruction({ source: DEMO_TOKEN_ACCOUNTS[0], mint: DEMO_MINT, destination: DEMO_TOKEN_ACCOUNTS[1], authority: alice, amount: 1500000n, decimals: 6 }),
]})
const sig = (await call('sendTransaction', [Buffer.from(bytes).toString('base64'), { encoding: 'base64' }])).result
console.log(sig)
console.log(JSON.stringify(await call('getSignaturesForAddress', [alice.address])))
for (const enc of ['json', 'jsonParsed', 'base64']) console.log(JSON.stringify(await call('getTransaction', [sig, { encoding: enc }]), null, 1).slice(0, 6000))
const rpc = createSolanaRpc(ln.rpcUrl)
console.log(await rpc.getSignaturesForAddress(alice.address).send())
console.log((await rpc.getTransaction(sig, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 }).send())?.transaction.message.instructions)
await ln.close()
