/**
 * Token-2022 state for the cases, made with real setup transactions (the Token-2022 program's own
 * client, as LiteSVM ships the program): mints carrying the extensions that trap a holder, each
 * controlled by the key a case names, and associated token accounts of the Token-2022 program.
 */
import type { Address, Instruction, KeyPairSigner } from '@solana/kit'
import { getCreateAccountInstruction } from '@solana-program/system'
import {
  AccountState,
  extension,
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMintInstruction,
  getMintSize,
  getMintToInstruction,
  getPreInitializeInstructionsForMintExtensions,
  TOKEN_2022_PROGRAM_ADDRESS,
  type ExtensionArgs,
} from '@solana-program/token-2022'
import { asSigner } from '../helpers/transactions.js'
import type { CaseContext } from './case-context.js'

const U64_MAX = 2n ** 64n - 1n
/** The Memo program: as a transfer hook it refuses every transfer (it wants every account it is handed to sign). */
const MEMO_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr' as Address

/** The Token-2022 extensions a presale trap is made of, each held by `controller`. */
export type TrapExtension = 'permanent_delegate' | 'transfer_hook' | 'confiscatory_fee' | 'default_frozen'

function trapExtension(trap: TrapExtension, controller: Address): ExtensionArgs {
  switch (trap) {
    case 'permanent_delegate':
      return extension('PermanentDelegate', { delegate: controller })
    case 'transfer_hook':
      return extension('TransferHook', { authority: controller, programId: MEMO_PROGRAM })
    case 'confiscatory_fee': {
      // 100 % of every transfer withheld, without a cap: whoever resells gets nothing across.
      const fee = { epoch: 0n, maximumFee: U64_MAX, transferFeeBasisPoints: 10_000 }
      return extension('TransferFeeConfig', {
        transferFeeConfigAuthority: controller,
        withdrawWithheldAuthority: controller,
        withheldAmount: 0n,
        olderTransferFee: fee,
        newerTransferFee: fee,
      })
    }
    case 'default_frozen':
      return extension('DefaultAccountState', { state: AccountState.Frozen })
  }
}

/**
 * A Token-2022 mint with `trap`, issued by `issuer`: it pays, holds the mint authority, the freeze
 * authority (a frozen default needs one) and the trap's authority.
 */
export async function createTrapMint(context: CaseContext, issuer: KeyPairSigner, trap: TrapExtension, decimals = 6): Promise<Address> {
  const mint = await context.createKey()
  const extensions = [trapExtension(trap, issuer.address)]
  const space = BigInt(getMintSize(extensions))
  await context.send(
    issuer,
    [
      getCreateAccountInstruction({
        payer: issuer,
        newAccount: mint,
        lamports: await context.getRent(space),
        space,
        programAddress: TOKEN_2022_PROGRAM_ADDRESS,
      }),
      ...getPreInitializeInstructionsForMintExtensions(mint.address, extensions),
      getInitializeMintInstruction({
        mint: mint.address,
        decimals,
        mintAuthority: issuer.address,
        freezeAuthority: trap === 'default_frozen' ? issuer.address : null,
      }),
    ],
    [mint],
  )
  return mint.address
}

/** The Token-2022 associated token account of `owner` for `mint`. */
export async function getAta2022(owner: Address, mint: Address): Promise<Address> {
  const [ata] = await findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_2022_PROGRAM_ADDRESS })
  return ata
}

/** CreateIdempotent of `owner`'s Token-2022 associated account, paid by `payer` (neither signs yet). */
export function getCreateAta2022Instruction(payer: Address, ata: Address, owner: Address, mint: Address): Instruction {
  return getCreateAssociatedTokenIdempotentInstruction({
    payer: asSigner(payer),
    ata,
    owner,
    mint,
    tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
  })
}

/** MintTo of a Token-2022 mint, signed by its mint authority `authority`. */
export function getMintTo2022Instruction(mint: Address, account: Address, authority: Address, amount: bigint): Instruction {
  return getMintToInstruction({ mint, token: account, mintAuthority: asSigner(authority), amount })
}
