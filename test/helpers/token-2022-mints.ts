/**
 * Creates SPL Token and Token-2022 mints on a test localnet with real, signed transactions built
 * by the programs' own clients, and reads them back as the engine would receive them.
 */
import {
  appendTransactionMessageInstructions,
  createTransactionMessage,
  generateKeyPairSigner,
  getAddressEncoder,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Address,
  type Blockhash,
  type Instruction,
  type KeyPairSigner,
} from '@solana/kit'
import { getCreateAccountInstruction } from '@solana-program/system'
import { getInitializeMint2Instruction, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import {
  getInitializeMintInstruction,
  getMintDecoder,
  getMintSize,
  getPostInitializeInstructionsForMintExtensions,
  getPreInitializeInstructionsForMintExtensions,
  AccountState,
  TOKEN_2022_PROGRAM_ADDRESS,
  type Extension,
  type ExtensionArgs,
} from '@solana-program/token-2022'
import type { MintFacts } from '../../engine/detection/tokens/mint-facts.js'
import type { TestLocalnet } from './localnet-start.js'
import { createPlainMintFacts } from './plain-mint-facts.js'

export interface TestMint {
  mint: Address
  /** Pays for everything and is the mint authority (and whatever authority a case gives it). */
  authority: KeyPairSigner
}

export interface MintAccount {
  owner: Uint8Array
  data: Uint8Array
}

export interface CreateTestMintOptions {
  program: 'spl-token' | 'token-2022'
  decimals?: number
  /** The authority signer itself when true; none when false (the default). */
  freezeAuthority?: boolean
  /** Token-2022 mint extensions, initialised before (and TokenMetadata after) InitializeMint. */
  extensions?: ExtensionArgs[]
  /** Builds extensions that name the authority or the mint (delegate, metadata, …) once they exist. */
  extensionsFor?: (authority: KeyPairSigner, mint: Address) => ExtensionArgs[]
}

const addressEncoder = getAddressEncoder()

/** Sends instructions signed by every signer they carry; throws with the RPC error when refused. */
export async function sendInstructions(localnet: TestLocalnet, feePayer: KeyPairSigner, instructions: Instruction[]): Promise<string> {
  const blockhash = localnet.chain.getLatestBlockhash().blockhash as Blockhash
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(feePayer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash, lastValidBlockHeight: 0n }, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  const signed = await signTransactionMessageWithSigners(message)
  const sent = await localnet.call('sendTransaction', [getBase64EncodedWireTransaction(signed), { encoding: 'base64' }])
  if (sent.error) {
    const logs = (sent.error.data?.logs as string[] | undefined)?.join('\n') ?? ''
    throw new Error(`${sent.error.message}\n${logs}`)
  }
  return sent.result as string
}

/** A fresh signer with 10 SOL. */
export async function createFundedSigner(localnet: TestLocalnet): Promise<KeyPairSigner> {
  const signer = await generateKeyPairSigner()
  const airdrop = await localnet.call('requestAirdrop', [signer.address, 10_000_000_000])
  if (airdrop.error) throw new Error(airdrop.error.message)
  return signer
}

/** Creates and initialises a mint whose authority (and payer) is a new funded signer. */
export async function createTestMint(localnet: TestLocalnet, options: CreateTestMintOptions): Promise<TestMint> {
  const authority = await createFundedSigner(localnet)
  const mint = await generateKeyPairSigner()
  const decimals = options.decimals ?? 6
  const freezeAuthority = options.freezeAuthority ? authority.address : null
  const extensions = [...(options.extensions ?? []), ...(options.extensionsFor?.(authority, mint.address) ?? [])]

  if (options.program === 'spl-token') {
    const space = 82
    await sendInstructions(localnet, authority, [
      getCreateAccountInstruction({
        payer: authority,
        newAccount: mint,
        lamports: await getRent(localnet, space),
        space,
        programAddress: TOKEN_PROGRAM_ADDRESS,
      }),
      getInitializeMint2Instruction({ mint: mint.address, decimals, mintAuthority: authority.address, freezeAuthority }),
    ])
    return { mint: mint.address, authority }
  }

  // Token metadata is written after InitializeMint, which reallocates the account: create it
  // without that extension's bytes but fund it for the final size (the client's documented recipe).
  const space = getMintSize(extensions.filter((e) => e.__kind !== 'TokenMetadata'))
  const lamports = await getRent(localnet, getMintSize(extensions))
  await sendInstructions(localnet, authority, [
    getCreateAccountInstruction({ payer: authority, newAccount: mint, lamports, space, programAddress: TOKEN_2022_PROGRAM_ADDRESS }),
    ...getPreInitializeInstructionsForMintExtensions(mint.address, extensions),
    getInitializeMintInstruction({ mint: mint.address, decimals, mintAuthority: authority.address, freezeAuthority }),
    ...getPostInitializeInstructionsForMintExtensions(mint.address, authority, extensions),
  ])
  return { mint: mint.address, authority }
}

/**
 * The owner and data of an account, read back through getAccountInfo (base64) as the engine does:
 * at processed, where the mint created (or changed) in the open slot is seen.
 */
export async function readMintAccount(localnet: TestLocalnet, mint: Address): Promise<MintAccount> {
  const answer = await localnet.call('getAccountInfo', [mint, { encoding: 'base64', commitment: 'processed' }])
  const value = answer.result?.value as { owner: string; data: [string, string] } | null | undefined
  if (!value) throw new Error(`no account at ${mint}`)
  return {
    owner: new Uint8Array(addressEncoder.encode(value.owner as Address)),
    data: new Uint8Array(Buffer.from(value.data[0], 'base64')),
  }
}

/** The epoch localnet is in (the Clock sysvar's, slot / 432,000 as on mainnet). */
export function getLocalnetEpoch(localnet: TestLocalnet): bigint {
  return localnet.chain.getEpoch()
}

/** The 32 raw bytes of an address, as decodeMintFacts reports authorities. */
export function toKeyBytes(address: Address): Uint8Array {
  return new Uint8Array(addressEncoder.encode(address))
}

async function getRent(localnet: TestLocalnet, space: number): Promise<bigint> {
  return BigInt((await localnet.call('getMinimumBalanceForRentExemption', [space])).result as number)
}

/** The client's extension kinds whose program name (ExtensionType, serde camelCase) differs. */
const PROGRAM_EXTENSION_NAMES: Record<string, string> = {
  ConfidentialTransferFee: 'confidentialTransferFeeConfig',
  ScaledUiAmountConfig: 'scaledUiAmount',
  PausableConfig: 'pausable',
}
const ZERO_ADDRESS = '11111111111111111111111111111111'

/**
 * MintFacts as @solana-program/token-2022's own getMintDecoder reads the same bytes: the oracle
 * the engine's in-place decoder is checked against, and the proof that the client's codecs work
 * on kit 8 (package.json pins it to kit 8 with an npm override). Throws where the client throws.
 */
export function getMintFactsFromClient(tokenProgram: MintFacts['tokenProgram'], data: Uint8Array, epoch: bigint): MintFacts {
  const mint = getMintDecoder().decode(data)
  const key = (address: string | null): Uint8Array | null =>
    address === null || address === ZERO_ADDRESS ? null : toKeyBytes(address as Address)
  const facts: MintFacts = createPlainMintFacts({
    tokenProgram,
    supply: mint.supply,
    decimals: mint.decimals,
    mintAuthority: mint.mintAuthority.__option === 'Some' ? key(mint.mintAuthority.value) : null,
    freezeAuthority: mint.freezeAuthority.__option === 'Some' ? key(mint.freezeAuthority.value) : null,
  })
  const extensions: Extension[] = mint.extensions.__option === 'Some' ? mint.extensions.value : []
  for (const extension of extensions) {
    facts.extensions.push(PROGRAM_EXTENSION_NAMES[extension.__kind] ?? extension.__kind[0]!.toLowerCase() + extension.__kind.slice(1))
    switch (extension.__kind) {
      case 'TransferFeeConfig': {
        const { olderTransferFee: older, newerTransferFee: newer } = extension
        const current = epoch >= newer.epoch ? newer : older
        facts.transferFee = {
          bps: current.transferFeeBasisPoints,
          maximumFee: current.maximumFee,
          authority: key(extension.transferFeeConfigAuthority),
        }
        if (
          epoch < newer.epoch &&
          (newer.transferFeeBasisPoints !== older.transferFeeBasisPoints || newer.maximumFee !== older.maximumFee)
        ) {
          facts.scheduledTransferFee = { bps: newer.transferFeeBasisPoints, maximumFee: newer.maximumFee, epoch: newer.epoch }
        }
        break
      }
      case 'MintCloseAuthority':
        facts.mintCloseAuthority = key(extension.closeAuthority)
        break
      case 'ConfidentialTransferMint':
        facts.confidentialTransfers = true
        break
      case 'DefaultAccountState':
        facts.defaultAccountStateFrozen = extension.state === AccountState.Frozen
        break
      case 'NonTransferable':
        facts.nonTransferable = true
        break
      case 'PermanentDelegate':
        facts.permanentDelegate = key(extension.delegate)
        break
      case 'TransferHook':
        facts.transferHookAuthority = key(extension.authority)
        facts.transferHookProgram = key(extension.programId)
        break
      case 'PausableConfig':
        facts.pausable = {
          paused: extension.paused,
          authority: extension.authority.__option === 'Some' ? key(extension.authority.value) : null,
        }
        break
      case 'MetadataPointer':
        facts.metadataAddress = extension.metadataAddress.__option === 'Some' ? key(extension.metadataAddress.value) : null
        break
      case 'TokenMetadata':
        facts.metadata = { name: extension.name, symbol: extension.symbol, uri: extension.uri }
        break
      default:
        break
    }
  }
  return facts
}
