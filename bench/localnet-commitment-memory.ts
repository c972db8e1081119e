/**
 * What localnet's state by commitment costs in memory (localnet/chain/account-pre-images.ts): a
 * chain with mainnet's 32 finality slots takes a steady write load slot after slot, then the kept
 * pre-images are measured twice — as counted (entries, bytes) and as the heap they really hold
 * (heap after a GC, minus the heap once 33 quiet slots have let them go).
 *
 *   node --expose-gc --import tsx bench/localnet-commitment-memory.ts [--slots 100] [--transfers 200] [--big-kb 10]
 *
 * Load per slot: `transfers` signed SOL transfers (10 payers to 100 recipients, so each slot
 * writes 110 accounts however many transfers it holds), and one write of an account of `big-kb`
 * KB (a pool's size) through an airdrop.
 */
import { generateKeyPairSigner, type KeyPairSigner } from '@solana/kit'
import { createLocalChain } from '../localnet/chain.js'
import { RENT_EXEMPT_RENT_EPOCH, SYSTEM_PROGRAM_ADDRESS } from '../localnet/chain/local-account.js'
import { buildTransaction, transferSol } from '../test/helpers/transactions.js'
import { readFlags } from './support/command-line.js'

const COMMAND = 'node --expose-gc --import tsx bench/localnet-commitment-memory.ts'

const { values } = readFlags(COMMAND, {
  options: {
    slots: { type: 'string', default: '100' },
    transfers: { type: 'string', default: '200' },
    'big-kb': { type: 'string', default: '10' },
  },
})
const slots = Number(values.slots)
const transfersPerSlot = Number(values.transfers)
const bigBytes = Number(values['big-kb']) * 1024
const gc = (globalThis as { gc?: () => void }).gc
if (!gc) throw new Error('run with node --expose-gc')

function heapAfterGc(): number {
  gc?.()
  gc?.()
  return process.memoryUsage().heapUsed
}

const chain = createLocalChain({ slotMs: 400, autoAdvance: false, historyCapacity: 0, finalitySlots: 32 })
const system = { data: new Uint8Array(0), owner: SYSTEM_PROGRAM_ADDRESS, executable: false, rentEpoch: RENT_EXEMPT_RENT_EPOCH }
const payers: KeyPairSigner[] = await Promise.all(Array.from({ length: 10 }, () => generateKeyPairSigner()))
for (const payer of payers) chain.setAccount(payer.address, { ...system, lamports: 1_000_000_000_000n })
const recipients = await Promise.all(Array.from({ length: 100 }, async () => (await generateKeyPairSigner()).address))
const big = (await generateKeyPairSigner()).address
chain.setAccount(big, { ...system, lamports: 1_000_000_000n, data: new Uint8Array(bigBytes) })

const started = performance.now()
let sent = 0
for (let slot = 0; slot < slots; slot++) {
  const blockhash = chain.getLatestBlockhash()
  for (let i = 0; i < transfersPerSlot; i++) {
    const payer = payers[i % payers.length] as KeyPairSigner
    const bytes = await buildTransaction({
      feePayer: payer.address,
      blockhash: blockhash.blockhash,
      instructions: [transferSol(payer.address, recipients[i % recipients.length]!, 1_000_000n + BigInt(sent))],
      signers: [payer],
    })
    if (chain.send(bytes).landed) sent++
  }
  chain.airdrop(big, 1n)
  chain.advanceSlot()
}
const loadMs = performance.now() - started
const kept = chain.getPreImageSize()
const withPreImages = heapAfterGc()
chain.advanceSlot(33)
const afterQuiet = chain.getPreImageSize()
const without = heapAfterGc()
console.log(
  JSON.stringify(
    {
      slots,
      transfersPerSlot,
      bigAccountBytes: bigBytes,
      landed: sent,
      loadSeconds: Number((loadMs / 1000).toFixed(1)),
      kept,
      keptAfterQuietSlots: afterQuiet,
      heapHeldBytes: withPreImages - without,
      heapHeldPerEntryBytes: Math.round((withPreImages - without) / Math.max(1, kept.entries - afterQuiet.entries)),
    },
    null,
    2,
  ),
)
