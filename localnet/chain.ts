/**
 * The local chain: one LiteSVM instance that produces a block every slotMs (new slot, block
 * height, blockhash and clock), checks blockhashes against a 151-block window like Agave, and
 * records what landed for getSignatureStatuses, getRecentPrioritizationFees, getTransaction,
 * getSignaturesForAddress (a bounded history, chain/transaction-history.ts) and getBlock (the recent
 * blocks, chain/block-store.ts). A transaction lands
 * in the open slot (processed), is confirmed once the next block opens and finalized
 * `finalitySlots` slots later (chain/slot-commitment.ts). Observers (the geyser server) hear
 * every block, landed transaction and account write through listen(). A bundle (the relay's)
 * lands all its transactions through the same path, or none (chain/bundle-trial.ts).
 */
import { randomBytes } from 'node:crypto'
import { address, getBase58Decoder, getBase58Encoder, type Address } from '@solana/kit'
import { createAccountPreImages } from './chain/account-pre-images.js'
import { addProgramAtomically, getProgramDataAddress } from './chain/add-program.js'
import { createBlockStore, DEFAULT_BLOCK_CAPACITY, type StoredBlock } from './chain/block-store.js'
import { runBundleTrial } from './chain/bundle-trial.js'
import { createChainEvents, type ChainEventListener, type ChainTransactionEvent } from './chain/chain-events.js'
import { isDurableNonceValid } from './chain/durable-nonce.js'
import { createBlockhashWindow, type BlockhashEntry } from './chain/blockhash-window.js'
import { isFailedResult, toExecutionResult, toRejectedResult, type ExecutionResult } from './chain/execution-result.js'
import { decodeLandedMessage, getLandedAccountKeys, isLandedKeyWritable, type LandedMessage } from './chain/landed-message.js'
import { getMessageFee } from './chain/message-fee.js'
import { getTransactionFeeLamports } from './chain/transaction-fee.js'
import { LiteSvm } from '../lib/native-svm.js'
import { fromNativeTransactionError, type TransactionErrorJson } from '../lib/transaction-error.js'
import {
  RENT_EXEMPT_RENT_EPOCH,
  SYSTEM_PROGRAM_ADDRESS,
  U64_MAX,
  fromAddressBytes,
  fromNativeAccount,
  toAddressBytes,
  toNativeAccount,
  type LocalAccount,
} from './chain/local-account.js'
import { createPriorityFeeTracker, type PrioritizationFee } from './chain/priority-fee-tracker.js'
import { createSignatureStatuses, type SignatureStatus } from './chain/signature-statuses.js'
import { SLOTS_PER_EPOCH, createSlotClock } from './chain/slot-clock.js'
import { DEFAULT_FINALITY_SLOTS, createSlotCommitments, type CommitmentStatus, type SlotCommitment } from './chain/slot-commitment.js'
import { decodeTransactionFacts, getWritableLookupAccounts, type TransactionFacts } from './chain/transaction-facts.js'
import { createTransactionHistory } from './chain/transaction-history.js'
import { getTokenBalances, type LocalTokenBalance } from './chain/token-balances.js'
import { DEFAULT_LEADER_IDENTITY, createSlotLeaders } from './chain/slot-leaders.js'

export { SLOTS_PER_EPOCH }

export type LocalChainOptions = {
  /** Slot length; also how far the clock's unix time moves per slot. */
  slotMs: number
  /** Clock start in unix seconds; the wall clock when absent. */
  startUnixTime?: number
  /** false: no timer, slots move only through advanceSlot() (deterministic tests). */
  autoAdvance?: boolean
  /** How many signature statuses to remember. */
  statusCapacity?: number
  /** How many landed transactions getTransaction / getSignaturesForAddress remember (0: none). */
  historyCapacity?: number
  /** Validator identities that lead 4 slots each in turn (default: DEFAULT_LEADER_IDENTITY). */
  leaders?: readonly Address[]
  /** Slots after which a slot is finalized (default 32, at least 1). */
  finalitySlots?: number
  /** How many recent blocks getBlock / getBlocks / getBlockTime remember (default 4,096 slots). */
  blockCapacity?: number
}

export type SimulateOptions = {
  sigVerify: boolean
  replaceRecentBlockhash: boolean
  innerInstructions?: boolean
  /** Accounts to return as they are after the transaction (Agave's `accounts.addresses`). */
  accountAddresses?: readonly Address[]
}

/** What send did: the execution, and whether it landed (status, history and observers have it). */
export type SendResult = ExecutionResult & { readonly landed: boolean }

/** What sendBundle did in `slot`: every transaction landed (their results, in order), or none did. */
export type BundleSendResult =
  | { readonly landed: true; readonly slot: bigint; readonly results: readonly SendResult[] }
  | {
      readonly landed: false
      readonly slot: bigint
      /** The first transaction that failed, and its error. */
      readonly failedIndex: number
      readonly err: TransactionErrorJson
      /** Empty: nothing ran for real (only if the commit ever differed from its trial would it hold what landed). */
      readonly results: readonly SendResult[]
    }

export type SimulationResult = ExecutionResult & {
  readonly replacementBlockhash: BlockhashEntry | null
  readonly accounts: ReadonlyArray<LocalAccount | null> | null
  /** What the transaction would pay and move, as a landed one's meta holds it; null when it was refused before it ran. */
  readonly balances: SimulatedBalances | null
}

/** A simulation's fee, balances before and after (nothing is committed), and the addresses its lookup tables loaded. */
export type SimulatedBalances = {
  readonly fee: bigint
  readonly preBalances: readonly bigint[]
  readonly postBalances: readonly bigint[]
  readonly preTokenBalances: readonly LocalTokenBalance[]
  readonly postTokenBalances: readonly LocalTokenBalance[]
  readonly loadedAddresses: { readonly writable: readonly Address[]; readonly readonly: readonly Address[] }
}

const CLOCK_SYSVAR_ADDRESS = address('SysvarC1ock11111111111111111111111111111111')
const SLOT_HASHES_SYSVAR_ADDRESS = address('SysvarS1otHashes111111111111111111111111111')
/** Hash::default() in base58: the previous blockhash Agave answers for a block without a parent. */
const DEFAULT_HASH = '11111111111111111111111111111111'
/** Landed transactions kept by default: a few KB each, some tens of MB at most. */
export const DEFAULT_HISTORY_CAPACITY = 10_000

/** What a landed transaction's event needs from before it ran. */
type LandedBefore = {
  readonly message: LandedMessage
  readonly keys: Address[]
  readonly invoked: ReadonlySet<number>
  readonly preBalances: bigint[]
  readonly preTokenBalances: LocalTokenBalance[]
}

/** The chain as one commitment sees it: the slot of its bank, its newest block, and the accounts as of that slot. */
export type ChainState = {
  readonly slot: bigint
  /** The newest block at or before `slot`: its blockhash and, 150 blocks on, its last valid height. */
  readonly block: BlockhashEntry
  getAccount(address: Address): LocalAccount | null
  getProgramAccounts(program: Address): Array<{ address: Address; account: LocalAccount }>
}

export type LocalChain = ReturnType<typeof createLocalChain>

/** Creates the chain and, unless autoAdvance is false, starts producing slots. */
export function createLocalChain(options: LocalChainOptions) {
  const { slotMs } = options
  const svm = new LiteSvm()
  // The window below is the blockhash check; LiteSVM's own accepts only its latest blockhash.
  svm.setBlockhashCheck(false)
  const clock = createSlotClock(svm, { slotMs, startUnixTime: options.startUnixTime ?? Date.now() / 1000 })
  const window = createBlockhashWindow({
    blockhash: svm.latestBlockhash(),
    slot: clock.getSlot(),
    blockHeight: clock.getBlockHeight(),
  })
  const statuses = createSignatureStatuses(options.statusCapacity ?? 65_536)
  const history = createTransactionHistory(options.historyCapacity ?? DEFAULT_HISTORY_CAPACITY)
  const fees = createPriorityFeeTracker()
  const base58 = getBase58Decoder()
  const base58Bytes = getBase58Encoder()
  const events = createChainEvents()
  const leaders = createSlotLeaders(options.leaders ?? [DEFAULT_LEADER_IDENTITY])
  const finalitySlots = options.finalitySlots ?? DEFAULT_FINALITY_SLOTS
  if (!Number.isSafeInteger(finalitySlots) || finalitySlots < 1) throw new RangeError('finalitySlots must be an integer of at least 1')
  const commitments = createSlotCommitments({ finalitySlots, firstSlot: clock.getSlot() })
  // What confirmed and finalized reads see: each account's state before its first write in each unfinalized slot.
  const preImages = createAccountPreImages(getAccount)
  let transactionsInSlot = 0
  /** Transactions landed since the chain started (getTransactionCount, getEpochInfo). */
  let transactionCount = 0n
  const blockHooks = new Set<(slot: bigint) => void>()
  // Blocks hold the same transaction objects as the history, and no more of them.
  const blocks = createBlockStore({
    slotCapacity: options.blockCapacity ?? DEFAULT_BLOCK_CAPACITY,
    transactionCapacity: history.capacity,
  })
  // The first block has no parent here: Agave's genesis answers the default hash and the slot itself.
  blocks.open({
    slot: clock.getSlot(),
    parentSlot: clock.getSlot() > 0n ? clock.getSlot() - 1n : 0n,
    blockhash: window.latest().blockhash,
    previousBlockhash: DEFAULT_HASH,
    blockHeight: clock.getBlockHeight(),
    blockTime: clock.getUnixTimestamp(),
  })

  function recordBlock(): void {
    const parent = window.latest()
    const entry = window.push(svm.latestBlockhash(), clock.getSlot(), clock.getBlockHeight())
    fees.pruneBefore(window.oldestSlot())
    const finalizedSlots = commitments.openBlock(entry.slot)
    preImages.forgetThrough(commitments.getHighestSlot('finalized', entry.slot))
    transactionsInSlot = 0
    blocks.open({
      slot: entry.slot,
      parentSlot: parent.slot,
      blockhash: entry.blockhash,
      previousBlockhash: parent.blockhash,
      blockHeight: clock.getBlockHeight(),
      blockTime: clock.getUnixTimestamp(),
    })
    if (events.hasListeners()) emitBlock(entry, parent, finalizedSlots)
    // After the block and its clock are streamed, so what the hooks land follows them.
    for (const hook of blockHooks) hook(entry.slot)
  }

  function emitBlock(entry: BlockhashEntry, parent: BlockhashEntry, finalizedSlots: bigint[]): void {
    events.emit({
      kind: 'block',
      slot: entry.slot,
      parentSlot: parent.slot,
      finalizedSlots,
      blockhash: entry.blockhash,
      parentBlockhash: parent.blockhash,
      blockHeight: clock.getBlockHeight(),
      unixTimestamp: clock.getUnixTimestamp(),
    })
    // A validator stores the Clock sysvar at every slot, and its geyser plugin streams that write.
    emitAccount(CLOCK_SYSVAR_ADDRESS, null)
  }

  /** Tells listeners an account's state now, as written by `txnSignature` (null: a direct write). */
  function emitAccount(address: Address, txnSignature: Uint8Array | null): void {
    events.emit({ kind: 'account', slot: clock.getSlot(), address, account: getAccount(address), txnSignature })
  }

  // Observers read the same few accounts over and over: their raw keys are kept (bounded).
  const addressBytes = new Map<Address, Uint8Array>()
  function toKeyBytes(address: Address): Uint8Array {
    let bytes = addressBytes.get(address)
    if (!bytes) {
      if (addressBytes.size >= 10_000) addressBytes.clear()
      bytes = toAddressBytes(address)
      addressBytes.set(address, bytes)
    }
    return bytes
  }

  function getLamports(address: Address): bigint {
    return svm.getAccount(toKeyBytes(address))?.lamports() ?? 0n
  }

  /** An account's owner bytes and data, without converting either (token balances read many). */
  function readRawAccount(address: Address): { owner: Uint8Array; data: Uint8Array } | null {
    const account = svm.getAccount(toKeyBytes(address))
    return account && account.lamports() > 0n ? { owner: account.owner(), data: account.data() } : null
  }

  /** What observers need from before a transaction runs: its decoded message, balances and token balances. */
  function observeBefore(bytes: Uint8Array): LandedBefore {
    const message = decodeLandedMessage(bytes, (table) => getAccount(table)?.data)
    const keys = getLandedAccountKeys(message)
    // Agave skips the programs the top-level instructions invoke.
    const invoked = new Set(message.instructions.map((instruction) => instruction.programIdIndex))
    return {
      message,
      keys,
      invoked,
      preBalances: keys.map(getLamports),
      preTokenBalances: getTokenBalances(keys, invoked, readRawAccount),
    }
  }

  /** A landed transaction with everything observers and the history keep of it. */
  function toTransactionEvent(
    before: LandedBefore,
    facts: TransactionFacts,
    result: ExecutionResult,
    bytes: Uint8Array,
  ): ChainTransactionEvent {
    return {
      kind: 'transaction',
      slot: clock.getSlot(),
      index: transactionsInSlot++,
      signature: facts.signature,
      // A copy: the caller's buffer may be reused once send returns.
      wireBytes: Uint8Array.from(bytes),
      blockTime: clock.getUnixTimestamp(),
      message: before.message,
      accountKeys: before.keys,
      err: result.err,
      logs: result.logs,
      unitsConsumed: result.unitsConsumed,
      innerInstructions: result.innerInstructions ?? [],
      returnData: result.returnData,
      preBalances: before.preBalances,
      postBalances: before.keys.map(getLamports),
      preTokenBalances: before.preTokenBalances,
      postTokenBalances: getTokenBalances(before.keys, before.invoked, readRawAccount),
      priceMicroLamports: facts.priceMicroLamports,
    }
  }

  /** Emits the accounts a landed transaction wrote, then the transaction itself. */
  function emitLanded(before: LandedBefore, facts: TransactionFacts, result: ExecutionResult, event: ChainTransactionEvent): void {
    // A failed transaction commits only its fee (and a durable nonce's advance); a successful one
    // stores every writable account, changed or not, as Agave does.
    const written = new Set<Address>()
    if (result.err === null) {
      before.keys.forEach((key, i) => {
        if (isLandedKeyWritable(before.message, i)) written.add(key)
      })
    } else {
      const payer = before.keys[0]
      if (payer) written.add(payer)
      if (facts.nonceAccount) written.add(facts.nonceAccount)
    }
    for (const address of written) emitAccount(address, facts.signatureBytes)
    events.emit(event)
  }

  /** Runs a decoded transaction and, if it lands, records it everywhere sendTransaction's do. */
  function land(bytes: Uint8Array, facts: TransactionFacts): SendResult {
    if (!isLifetimeValid(facts)) return { ...toRejectedResult(facts.signature, 'BlockhashNotFound'), landed: false }
    svm.setSigverify(true)
    // The history and observers need what a transaction found before it ran, and its CPIs.
    const observed = history.capacity > 0 || events.hasListeners()
    const before = observed ? observeBefore(bytes) : null
    const lookupWritable = getWritableLookupAccounts(facts, (table) => getAccount(table)?.data)
    // Every account the transaction may write (a failure writes only the fee payer and a nonce, both among them).
    const slot = clock.getSlot()
    for (const key of facts.writableStaticAccounts) preImages.beforeWrite(slot, key)
    for (const key of lookupWritable) preImages.beforeWrite(slot, key)
    const native = svm.sendVersionedTransaction(bytes)
    const result = toExecutionResult(native, facts.signature, { innerInstructions: observed })
    // A failure lands (fee charged, status kept) only if LiteSVM put it in its history;
    // a duplicate must not overwrite the status of the original.
    const landed = !isFailedResult(native) || (result.err !== 'AlreadyProcessed' && svm.getTransaction(facts.signatureBytes) !== null)
    if (landed) {
      transactionCount++
      statuses.record(facts.signature, { slot: clock.getSlot(), err: result.err })
      fees.record(clock.getSlot(), facts.priceMicroLamports, [...facts.writableStaticAccounts, ...lookupWritable])
      if (before) {
        const event = toTransactionEvent(before, facts, result, bytes)
        history.record(event)
        blocks.addTransaction(event)
        if (events.hasListeners()) emitLanded(before, facts, result, event)
      }
    }
    return { ...result, landed }
  }

  function advanceSlot(count = 1): void {
    for (let i = 0; i < count; i++) {
      // Opening a slot writes its Clock: the previous one is what the slots before it saw.
      preImages.beforeWrite(clock.getSlot() + 1n, CLOCK_SYSVAR_ADDRESS)
      clock.advance()
      recordBlock()
    }
    syncSlotHashes()
  }

  function syncSlotHashes(): void {
    preImages.beforeWrite(clock.getSlot(), SLOT_HASHES_SYSVAR_ADDRESS)
    clock.syncSlotHashes()
  }

  /** Keeps the slot at or after the epoch real loaded state was last touched in. */
  function raiseSlotFloor(rentEpoch: bigint): void {
    if (rentEpoch === RENT_EXEMPT_RENT_EPOCH || rentEpoch * SLOTS_PER_EPOCH <= clock.getSlot()) return
    preImages.beforeWrite(rentEpoch * SLOTS_PER_EPOCH, CLOCK_SYSVAR_ADDRESS)
    clock.jumpTo(rentEpoch * SLOTS_PER_EPOCH)
    recordBlock()
    syncSlotHashes()
  }

  function getAccount(address: Address): LocalAccount | null {
    const account = svm.getAccount(toAddressBytes(address))
    // LiteSVM keeps zero-lamport accounts it has seen; for clients they do not exist.
    return account && account.lamports() > 0n ? fromNativeAccount(account) : null
  }

  function getLiveProgramAccounts(program: Address): Array<{ address: Address; account: LocalAccount }> {
    return svm.getProgramAccounts(toAddressBytes(program)).map((entry) => ({
      address: fromAddressBytes(entry.address),
      account: fromNativeAccount(entry.account()),
    }))
  }

  /** The state `commitment` sees: the live state for processed, else as of its highest slot (chain/account-pre-images.ts). */
  function getStateAt(commitment: CommitmentStatus): ChainState {
    const current = clock.getSlot()
    if (commitment === 'processed') return { slot: current, block: window.latest(), getAccount, getProgramAccounts: getLiveProgramAccounts }
    // The bank is the newest block at or before the commitment's slot (after a slot jump, slots
    // without a block lie between). On a young chain, finalized: the first block, holding what was set directly.
    const visible = commitments.getHighestSlot(commitment, current)
    const block = window.latestAtOrBefore(visible)
    return {
      slot: block.slot,
      block,
      getAccount(address) {
        const kept = preImages.read(address, visible)
        return kept === undefined ? getAccount(address) : kept
      },
      getProgramAccounts(program) {
        const live = getLiveProgramAccounts(program)
        const changed = preImages.changedAfter(visible)
        if (changed.size === 0) return live
        const accounts = live.filter((entry) => !changed.has(entry.address))
        for (const [address, account] of changed) if (account?.owner === program) accounts.push({ address, account })
        return accounts
      },
    }
  }

  function isLifetimeValid(facts: TransactionFacts): boolean {
    return window.has(facts.lifetimeToken) || isDurableNonceValid(facts, getAccount)
  }

  const timer = options.autoAdvance === false ? undefined : setInterval(() => advanceSlot(), slotMs)
  // The chain must never be what keeps a process (or a test) alive.
  timer?.unref()

  return {
    slotMs,
    getSlot: clock.getSlot,
    getBlockHeight: clock.getBlockHeight,
    getEpoch: clock.getEpoch,
    getUnixTimestamp: clock.getUnixTimestamp,
    getLatestBlockhash: (): BlockhashEntry => window.latest(),
    /** The leader of `slot` (the rotation of LocalChainOptions.leaders). */
    getSlotLeader: leaders.getSlotLeader,
    /** The leaders of `limit` slots from `startSlot` on. */
    getSlotLeaders: leaders.getSlotLeaders,
    isBlockhashValid: (blockhash: string): boolean => window.has(blockhash),
    advanceSlot,
    getAccount,
    /** The chain as `commitment` sees it (processed: the newest state). */
    getStateAt,
    /** What the confirmed and finalized views keep now (the bounded cost of getStateAt). */
    getPreImageSize: preImages.size,
    /** Writes an account outside any slot (a fixture, a test's set-up): every commitment sees it at once. */
    setAccount(address: Address, account: LocalAccount): void {
      svm.setAccount(toAddressBytes(address), toNativeAccount(account))
      preImages.forgetAddress(address)
      raiseSlotFloor(account.rentEpoch)
      if (events.hasListeners()) emitAccount(address, null)
    },
    /** The newest state of the accounts `program` owns (zero-lamport ones included). */
    getProgramAccounts: getLiveProgramAccounts,
    /** Deploys outside any slot, as setAccount writes: every commitment sees the program at once. */
    addProgram(programId: Address, bytes: Uint8Array): void {
      const programKey = toAddressBytes(programId)
      addProgramAtomically(svm, programKey, bytes)
      const programDataBytes = getProgramDataAddress(svm.getAccount(programKey))
      const programData = programDataBytes ? fromAddressBytes(programDataBytes) : null
      preImages.forgetAddress(programId)
      if (programData) preImages.forgetAddress(programData)
      if (!events.hasListeners()) return
      emitAccount(programId, null)
      if (programData) emitAccount(programData, null)
    },
    getMinimumBalanceForRentExemption: (dataLength: bigint): bigint => svm.minimumBalanceForRentExemption(dataLength),

    /** Credits lamports (creating a system account if needed); returns a signature-like id. */
    airdrop(address: Address, lamports: bigint): string {
      const existing = getAccount(address)
      const total = (existing?.lamports ?? 0n) + lamports
      if (total > U64_MAX) throw new RangeError('airdrop would overflow the account balance (u64)')
      const account = existing ?? {
        data: new Uint8Array(0),
        owner: SYSTEM_PROGRAM_ADDRESS,
        executable: false,
        rentEpoch: RENT_EXEMPT_RENT_EPOCH,
      }
      // An airdrop is the faucet's transfer on a cluster: it goes through the commitments as one does.
      preImages.beforeWrite(clock.getSlot(), address)
      svm.setAccount(toAddressBytes(address), toNativeAccount({ ...account, lamports: total }))
      const signatureBytes = randomBytes(64)
      const signature = base58.decode(signatureBytes)
      statuses.record(signature, { slot: clock.getSlot(), err: null })
      // Not a transaction here, so only the account is streamed, tagged with the airdrop's id.
      if (events.hasListeners()) emitAccount(address, new Uint8Array(signatureBytes))
      return signature
    },

    /** Executes and commits a transaction with signature verification on. */
    send: (bytes: Uint8Array): SendResult => land(bytes, decodeTransactionFacts(bytes)),

    /**
     * Lands a bundle's transactions in order, each as send lands one, only if every one of them
     * succeeds; otherwise nothing of it is committed (no fee, no status, no history, nothing
     * streamed) and the answer names the first that would fail (chain/bundle-trial.ts).
     */
    sendBundle(transactions: readonly Uint8Array[]): BundleSendResult {
      const decoded = transactions.map((bytes) => ({ bytes, facts: decodeTransactionFacts(bytes) }))
      svm.setSigverify(true)
      const trial = runBundleTrial({ svm, isLifetimeValid }, decoded)
      if (!trial.ok) return { landed: false, failedIndex: trial.index, err: trial.err, slot: clock.getSlot(), results: [] }
      const results = decoded.map(({ bytes, facts }) => land(bytes, facts))
      // The trial ran the same transactions on the same state in the same slot, so this holds;
      // were it ever not to, the answer says which one landed otherwise.
      const diverged = results.findIndex((result) => !result.landed || result.err !== null)
      if (diverged >= 0) {
        const result = results[diverged] as SendResult
        return { landed: false, failedIndex: diverged, err: result.err ?? 'CommitCancelled', slot: clock.getSlot(), results }
      }
      return { landed: true, slot: clock.getSlot(), results }
    },

    /**
     * Whether every signature of the transaction verifies (LiteSVM's check, as sendTransaction's
     * preflight makes it); undecodable bytes throw TransactionDecodeError. Nothing is committed.
     */
    hasValidSignatures(bytes: Uint8Array): boolean {
      decodeTransactionFacts(bytes)
      svm.setSigverify(true)
      // LiteSVM verifies signatures before it loads an account or checks the blockhash (its own
      // check is off), so only a bad signature answers SignatureFailure here.
      const result = svm.simulateVersionedTransaction(bytes)
      return !isFailedResult(result) || fromNativeTransactionError(result.err()) !== 'SignatureFailure'
    },

    /** Runs a transaction without committing it. */
    simulate(bytes: Uint8Array, simulateOptions: SimulateOptions): SimulationResult {
      const facts = decodeTransactionFacts(bytes)
      const replacementBlockhash = simulateOptions.replaceRecentBlockhash ? window.latest() : null
      const addresses = simulateOptions.accountAddresses
      if (!replacementBlockhash && !isLifetimeValid(facts)) {
        const rejected = toRejectedResult(facts.signature, 'BlockhashNotFound')
        return { ...rejected, replacementBlockhash, accounts: addresses ? addresses.map(() => null) : null, balances: null }
      }
      const before = observeBefore(bytes)
      // LiteSVM ignores the blockhash (its check is off), so replacing it needs no byte rewrite.
      svm.setSigverify(simulateOptions.sigVerify)
      let native
      try {
        native = svm.simulateVersionedTransaction(bytes)
      } finally {
        svm.setSigverify(true)
      }
      const result = toExecutionResult(native, facts.signature, {
        innerInstructions: simulateOptions.innerInstructions === true,
      })
      // A failed simulation leaves no post state: what was there before stands, less the fee.
      const post = new Map<string, LocalAccount>()
      if (!isFailedResult(native)) {
        for (const entry of native.postAccounts()) post.set(fromAddressBytes(entry.address), fromNativeAccount(entry.account()))
      }
      let accounts: Array<LocalAccount | null> | null = null
      if (addresses) {
        accounts = isFailedResult(native)
          ? addresses.map(() => null)
          : addresses.map((address) => {
              const after = post.get(address)
              if (!after) return getAccount(address)
              // A transaction that closes an account leaves it with 0 lamports: gone for clients.
              return after.lamports > 0n ? after : null
            })
      }
      const readPost = (address: Address) => {
        const after = post.get(address)
        if (!after) return readRawAccount(address)
        return after.lamports > 0n ? { owner: toAddressBytes(after.owner), data: after.data } : null
      }
      const fee = getTransactionFeeLamports(before.message, facts.priceMicroLamports)
      const balances: SimulatedBalances = {
        fee,
        preBalances: before.preBalances,
        // A failure would land as a landed one does: only the fee leaves the fee payer.
        postBalances: isFailedResult(native)
          ? before.preBalances.map((lamports, index) => (index === 0 && lamports >= fee ? lamports - fee : lamports))
          : before.keys.map((key) => post.get(key)?.lamports ?? getLamports(key)),
        preTokenBalances: before.preTokenBalances,
        postTokenBalances: post.size === 0 ? before.preTokenBalances : getTokenBalances(before.keys, before.invoked, readPost),
        loadedAddresses: { writable: before.message.loadedWritable, readonly: before.message.loadedReadonly },
      }
      return { ...result, replacementBlockhash, accounts, balances }
    },

    /**
     * The decoded message and the fee a serialized message (legacy or v0) would be charged, as a
     * landed transaction is; fee null when its blockhash is unknown or expired and it is not a
     * valid durable-nonce message. Undecodable bytes throw TransactionDecodeError.
     */
    getFeeForMessage(bytes: Uint8Array): { message: LandedMessage; fee: bigint | null } {
      const { facts, message, fee } = getMessageFee(bytes, (table) => getAccount(table)?.data)
      return { message, fee: isLifetimeValid(facts) ? fee : null }
    },
    /** Transactions landed since the chain started (succeeded, or failed with their fee charged). */
    getTransactionCount: (): bigint => transactionCount,
    /** Every leader identity, in rotation order (getClusterNodes, getLeaderSchedule). */
    leaders: leaders.leaders,
    /** The validator identity localnet answers as its own (the first leader). */
    identity: leaders.leaders[0] as Address,
    /** A block the store still holds. */
    getBlock: (slot: bigint): StoredBlock | undefined => blocks.get(slot),
    /** The oldest block the store holds. */
    getFirstAvailableBlock: (): bigint => blocks.firstSlot(),
    /** The slots of the blocks held from `start` to `end` (inclusive), ascending, at most `limit`. */
    getBlockSlots: (start: bigint, end: bigint, limit?: number): bigint[] => blocks.getSlots(start, end, limit),
    /** The highest slot that has reached `status` now (may be below any block). */
    getHighestSlot: (status: CommitmentStatus): bigint => commitments.getHighestSlot(status, clock.getSlot()),
    getSignatureStatus: (signature: string): SignatureStatus | undefined => statuses.get(signature),
    /** Slots after which a slot is finalized. */
    finalitySlots,
    /** The commitment a block at `slot` has reached now: processed while open, then confirmed, then finalized. */
    getCommitment: (slot: bigint): SlotCommitment => commitments.getCommitment(slot, clock.getSlot()),
    /** Whether landed transactions are kept (LocalChainOptions.historyCapacity > 0). */
    isHistoryEnabled: (): boolean => history.capacity > 0,
    /** A landed transaction the history still holds. */
    getTransaction: (signature: string): ChainTransactionEvent | undefined => history.get(signature),
    /**
     * The landed transactions that named `address` and reached `commitment` (default: all), newest first in
     * Agave's order (slot, then signature bytes, descending), strictly older than `before` and
     * newer than `until`. As Agave: a `before` unknown at that commitment answers none, an unknown
     * `until` bounds nothing.
     */
    getSignaturesForAddress(
      address: Address,
      query: { before?: string; until?: string; limit: number; commitment?: CommitmentStatus },
    ): ChainTransactionEvent[] {
      const maxSlot = commitments.getHighestSlot(query.commitment ?? 'processed', clock.getSlot())
      const toPosition = (signature: string) => {
        const status = statuses.get(signature)
        return status && status.slot <= maxSlot
          ? { slot: status.slot, signatureBytes: new Uint8Array(base58Bytes.encode(signature)) }
          : undefined
      }
      const before = query.before === undefined ? undefined : toPosition(query.before)
      if (query.before !== undefined && !before) return []
      const until = query.until === undefined ? undefined : toPosition(query.until)
      return history.getForAddress(address, {
        limit: query.limit,
        maxSlot,
        ...(before ? { before } : {}),
        ...(until ? { until } : {}),
      })
    },
    /** Per-slot fees over the blockhash window, oldest first. */
    getRecentPrioritizationFees: (accounts: readonly Address[]): PrioritizationFee[] => fees.getFees(window.getSlots(), accounts),
    /**
     * Runs `hook` each time a block opens, after observers heard of it: what lands from the hook
     * (the relay's queued bundles) lands in the new slot. Returns the function that removes it.
     */
    onBlockOpened(hook: (slot: bigint) => void): () => void {
      blockHooks.add(hook)
      return () => blockHooks.delete(hook)
    },
    /** Observes blocks, landed transactions and account writes as they happen (see chain-events.ts). */
    listen: (listener: ChainEventListener): (() => void) => events.listen(listener),
    stop(): void {
      if (timer) clearInterval(timer)
    },
  }
}
