/**
 * The benchmark's transactions, built once with @solana/kit against localnet's demo state and
 * left unsigned (zero signature slots, as a pre-flight caller sends them). Deterministic except
 * for localnet's blockhash, so every path of a run simulates the very same bytes.
 */
import { createHash } from 'node:crypto'
import {
  type Address,
  appendTransactionMessageInstruction,
  blockhash as toBlockhash,
  compileTransaction,
  createTransactionMessage,
  getAddressDecoder,
  getTransactionEncoder,
  type Instruction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type TransactionSigner,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { getTransferInstruction } from '@solana-program/token'
import { DEMO_TOKEN_ACCOUNTS, DEMO_WALLETS } from '../../localnet/seed/demo-state.js'
import type { CaseName } from './bench-settings.js'

export interface BenchCase {
  name: CaseName
  description: string
  /** The wire transaction every path simulates. */
  bytes: Uint8Array
  /** The REST request body: {"transaction": base64}. */
  restBody: Buffer
}

/** An address nobody holds: sha256 of a label (any 32 bytes are an address). */
function getLabelAddress(label: string): Address {
  return getAddressDecoder().decode(createHash('sha256').update(label).digest())
}

/** A signer-shaped placeholder: the transaction stays unsigned. */
function asSigner(address: Address): TransactionSigner {
  return { address, signTransactions: async () => [] } as unknown as TransactionSigner
}

function buildV0(feePayer: Address, blockhash: string, instruction: Instruction): Uint8Array {
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(feePayer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: toBlockhash(blockhash), lastValidBlockHeight: 0n }, m),
    (m) => appendTransactionMessageInstruction(instruction, m),
  )
  return new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))
}

function toRestBody(bytes: Uint8Array): Buffer {
  return Buffer.from(JSON.stringify({ transaction: Buffer.from(bytes).toString('base64') }))
}

/** Builds the named case on `blockhash` (localnet's latest). */
export function createBenchCase(name: CaseName, blockhash: string): BenchCase {
  switch (name) {
    case 'sol-transfer': {
      const payer = DEMO_WALLETS[1]
      const recipient = getLabelAddress('engine-simulate-bench-recipient')
      const bytes = buildV0(
        payer,
        blockhash,
        getTransferSolInstruction({ source: asSigner(payer), destination: recipient, amount: 1_000_000n }),
      )
      return { name, description: 'v0 SOL transfer, demo wallet 1 → a new address, 0.001 SOL', bytes, restBody: toRestBody(bytes) }
    }
    case 'spl-transfer': {
      const owner = DEMO_WALLETS[0]
      const instruction = getTransferInstruction({
        source: DEMO_TOKEN_ACCOUNTS[0],
        destination: DEMO_TOKEN_ACCOUNTS[1],
        authority: asSigner(owner),
        amount: 1_000_000n,
      })
      const bytes = buildV0(owner, blockhash, instruction)
      return {
        name,
        description: 'v0 SPL Token transfer, demo token account 0 → 1, owner/fee payer demo wallet 0, 1 token',
        bytes,
        restBody: toRestBody(bytes),
      }
    }
    case 'token-receive': {
      // The receiver pays and signs: the rug vector screens the mint it receives (the demo mint,
      // whose authority can still mint: a critical token risk, so the verdict is block).
      const instruction = getTransferInstruction({
        source: DEMO_TOKEN_ACCOUNTS[0],
        destination: DEMO_TOKEN_ACCOUNTS[1],
        authority: asSigner(DEMO_WALLETS[0]),
        amount: 1_000_000n,
      })
      const bytes = buildV0(DEMO_WALLETS[1], blockhash, instruction)
      return {
        name,
        description: 'v0 SPL Token transfer received by the fee payer (demo wallet 1), sent by demo wallet 0: every vector runs',
        bytes,
        restBody: toRestBody(bytes),
      }
    }
  }
}
