/**
 * What a case builds its state and transaction with, on a running localnet: funded keys,
 * setup transactions sent through JSON-RPC sendTransaction, seen through getSignatureStatuses and
 * confirmed by the next block, accounts planted where a real cluster would already have them, and the
 * transaction to judge compiled and signed by its co-signers only. One context per case: it keeps
 * what that case landed and checked, for the report.
 */
import {
  appendTransactionMessageInstructions,
  compileTransaction,
  createTransactionMessage,
  createKeyPairSignerFromPrivateKeyBytes,
  getTransactionEncoder,
  partiallySignTransaction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  setTransactionMessageLifetimeUsingDurableNonce,
  signTransaction,
  type Address,
  type Blockhash,
  type Instruction,
  type KeyPairSigner,
  type Nonce,
} from '@solana/kit'
import { createHash, randomUUID } from 'node:crypto'
import type { LocalAccount } from '../../localnet/chain/local-account.js'
import type { TestLocalnet } from '../helpers/localnet-start.js'
import { toBase64 } from '../helpers/transactions.js'

/** A durable nonce to use as the transaction's lifetime (its AdvanceNonceAccount goes first). */
export interface DurableNonce {
  account: Address
  authority: Address
  /** The nonce value the account holds now. */
  value: string
}

export interface CompileOptions {
  feePayer: Address
  instructions: readonly Instruction[]
  /** Co-signers that sign now (a sponsor, an attacker's fee payer); everyone else's slot stays empty. */
  signers?: readonly KeyPairSigner[]
  nonce?: DurableNonce
}

export interface RawAccount {
  lamports: bigint
  owner: Address
  data: Uint8Array
}

export interface CaseContext {
  readonly localnet: TestLocalnet
  /** Signatures of the setup transactions that landed, in order. */
  readonly landed: string[]
  /** What the build checked of its own state, each a sentence that held. */
  readonly checks: string[]
  /** A new key with `lamports` airdropped (10 SOL by default). */
  fund(lamports?: bigint): Promise<KeyPairSigner>
  /** A new key nobody funded (a stranger, an attacker's receiving address). */
  createKey(): Promise<KeyPairSigner>
  /** Sends a setup transaction signed by `feePayer` and `signers`; resolves once its status is a success. */
  send(feePayer: KeyPairSigner, instructions: readonly Instruction[], signers?: readonly KeyPairSigner[]): Promise<string>
  /** The wire bytes of the transaction to judge. */
  compile(options: CompileOptions): Promise<Uint8Array>
  getRent(dataLength: bigint): Promise<bigint>
  /** Writes an account directly, where a real cluster would already hold it. */
  plant(address: Address, account: LocalAccount): void
  readAccount(address: Address): Promise<RawAccount | null>
  /** Records a fact the case relies on; throws with `fact` when it does not hold. */
  check(holds: boolean, fact: string): void
}

const STATUS_POLLS = 50
const STATUS_POLL_MS = 20

type StatusAnswer = { err: unknown; confirmationStatus?: string } | null

/**
 * A context for one case on `localnet`. Its keys derive from `seed` and their order: the case set
 * passes each case's id, so every run of a case meets the same addresses and a verdict that depends
 * on them (an address that happens to look like a well-known one) is the same in every run, never
 * a flake. Without a seed (tests building several contexts on one localnet) each context is new.
 */
export function createCaseContext(localnet: TestLocalnet, seed: string = randomUUID()): CaseContext {
  let keys = 0
  const deriveKey = () => createKeyPairSignerFromPrivateKeyBytes(createHash('sha256').update(`${seed}/${keys++}`).digest())
  const landed: string[] = []
  const checks: string[] = []
  const blockhash = () => localnet.chain.getLatestBlockhash().blockhash as Blockhash

  async function waitForStatus(signature: string): Promise<void> {
    for (let poll = 0; poll < STATUS_POLLS; poll++) {
      const status = (await localnet.call('getSignatureStatuses', [[signature]])).result?.value?.[0] as StatusAnswer | undefined
      if (status) {
        if (status.err !== null) throw new Error(`setup transaction ${signature} failed: ${JSON.stringify(status.err)}`)
        return
      }
      await new Promise((resolve) => setTimeout(resolve, STATUS_POLL_MS))
    }
    throw new Error(`setup transaction ${signature} has no status`)
  }

  function toMessage(feePayer: Address, instructions: readonly Instruction[], nonce?: DurableNonce) {
    const base = pipe(createTransactionMessage({ version: 0 }), (m) => setTransactionMessageFeePayer(feePayer, m))
    const withLifetime = nonce
      ? setTransactionMessageLifetimeUsingDurableNonce(
          { nonce: nonce.value as Nonce, nonceAccountAddress: nonce.account, nonceAuthorityAddress: nonce.authority },
          base,
        )
      : setTransactionMessageLifetimeUsingBlockhash({ blockhash: blockhash(), lastValidBlockHeight: 0n }, base)
    return appendTransactionMessageInstructions(instructions, withLifetime)
  }

  return {
    localnet,
    landed,
    checks,
    async fund(lamports = 10_000_000_000n) {
      const signer = await deriveKey()
      const airdrop = await localnet.call('requestAirdrop', [signer.address, Number(lamports)])
      if (airdrop.error) throw new Error(`airdrop to ${signer.address}: ${airdrop.error.message}`)
      return signer
    },
    createKey: deriveKey,
    async send(feePayer, instructions, signers = []) {
      const compiled = compileTransaction(toMessage(feePayer.address, instructions))
      const signed = await signTransaction(
        [feePayer, ...signers].map((signer) => signer.keyPair),
        compiled,
      )
      const bytes = new Uint8Array(getTransactionEncoder().encode(signed))
      const sent = await localnet.call('sendTransaction', [toBase64(bytes), { encoding: 'base64' }])
      if (sent.error) {
        const logs = (sent.error.data?.logs as string[] | undefined)?.join('\n') ?? ''
        throw new Error(`setup transaction refused: ${sent.error.message}\n${logs}`)
      }
      const signature = sent.result as string
      await waitForStatus(signature)
      // A setup script waits for `confirmed` before going on: the next block confirms the one it
      // landed in (localnet, like a cluster, shows history at confirmed commitment only then).
      localnet.chain.advanceSlot()
      landed.push(signature)
      return signature
    },
    async compile({ feePayer, instructions, signers = [], nonce }) {
      const compiled = compileTransaction(toMessage(feePayer, instructions, nonce))
      const signed =
        signers.length > 0
          ? await partiallySignTransaction(
              [...signers].map((s) => s.keyPair),
              compiled,
            )
          : compiled
      return new Uint8Array(getTransactionEncoder().encode(signed))
    },
    async getRent(dataLength) {
      return BigInt((await localnet.call('getMinimumBalanceForRentExemption', [Number(dataLength)])).result as number)
    },
    plant(address, account) {
      localnet.chain.setAccount(address, account)
    },
    async readAccount(address) {
      // At processed, as the engine reads: a case checks the state it just built, and an airdrop
      // (fund) is not followed by a block, so at confirmed or finalized (the default) it is unseen.
      const value = (await localnet.call('getAccountInfo', [address, { encoding: 'base64', commitment: 'processed' }])).result?.value as {
        lamports: number
        owner: Address
        data: [string, string]
      } | null
      if (!value) return null
      return { lamports: BigInt(value.lamports), owner: value.owner, data: new Uint8Array(Buffer.from(value.data[0], 'base64')) }
    },
    check(holds, fact) {
      if (!holds) throw new Error(`check failed: ${fact}`)
      checks.push(fact)
    },
  }
}
