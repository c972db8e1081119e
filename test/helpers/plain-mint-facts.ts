/** MintFacts of a mint with no authority and no extension: what a test overrides field by field. */
import type { MintFacts } from '../../engine/detection/tokens/mint-facts.js'

export function createPlainMintFacts(overrides: Partial<MintFacts> = {}): MintFacts {
  return {
    tokenProgram: 'token-2022',
    supply: 0n,
    decimals: 6,
    mintAuthority: null,
    freezeAuthority: null,
    transferFee: null,
    scheduledTransferFee: null,
    permanentDelegate: null,
    transferHookProgram: null,
    transferHookAuthority: null,
    defaultAccountStateFrozen: false,
    nonTransferable: false,
    pausable: null,
    mintCloseAuthority: null,
    confidentialTransfers: false,
    metadataAddress: null,
    metadata: null,
    extensions: [],
    unknownExtensionTypes: [],
    ...overrides,
  }
}
