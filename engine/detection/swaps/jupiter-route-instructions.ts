/**
 * The Jupiter v6 route instructions the engine decodes: the six of the program's Anchor IDL
 * (jup-ag/jupiter-amm-implementation @ 60e6efe5, jupiter/idl.json; test/engine/detection/swaps checks this
 * table against test/fixtures/idl/jupiter_v6_idl.json) and the four V2 routes of newer
 * builds (sevenlabs-hq/carbon, decoders/jupiter-swap-decoder/src/instructions/*_v2.rs). Each with
 * its discriminator (sha256("global:<snake_case_name>")[..8]), where its amounts sit, and the
 * positions of the accounts the swap reports.
 */
import type { SwapMode } from './swap-types.js'

/** Where the amounts sit: V1 routes end with them, V2 routes start with them. */
export type AmountLayout =
  /** V1 …, inAmount u64, quotedOutAmount u64, slippageBps u16, platformFeeBps u8 (last 19 bytes). */
  | 'v1_exact_in'
  /** V1 …, quotedOutAmount u64, slippageBps u16, platformFeeBps u8 (last 11 bytes; the input is the token ledger's). */
  | 'v1_ledger'
  /** V1 …, outAmount u64, quotedInAmount u64, slippageBps u16, platformFeeBps u8 (last 19 bytes). */
  | 'v1_exact_out'
  /** V2 amount u64, quoted u64, slippageBps u16, platformFeeBps u16, positiveSlippageBps u16, routePlan. */
  | 'v2'

export interface JupiterRouteInstruction {
  readonly name: string
  readonly discriminator: Uint8Array
  readonly mode: SwapMode
  /** Shared-accounts routes start their arguments with `id: u8`. */
  readonly hasId: boolean
  readonly amounts: AmountLayout
  /** Account positions (-1: not among the accounts). */
  readonly sourceAccount: number
  readonly destinationAccount: number
  /** An Anchor optional account that, when set (not the program id), receives the output instead. */
  readonly optionalDestinationAccount: number
  readonly sourceMintAccount: number
  readonly destinationMintAccount: number
}

const bytes = (...b: number[]) => new Uint8Array(b)

/** Every route instruction decoded: the IDL's six (V1) and the four V2 routes. */
export const JUPITER_ROUTE_INSTRUCTIONS: readonly JupiterRouteInstruction[] = [
  {
    name: 'route',
    discriminator: bytes(229, 23, 203, 151, 122, 227, 173, 42),
    mode: 'exact_in',
    hasId: false,
    amounts: 'v1_exact_in',
    sourceAccount: 2,
    destinationAccount: 3,
    optionalDestinationAccount: 4,
    sourceMintAccount: -1,
    destinationMintAccount: 5,
  },
  {
    name: 'routeWithTokenLedger',
    discriminator: bytes(150, 86, 71, 116, 167, 93, 14, 104),
    mode: 'exact_in',
    hasId: false,
    amounts: 'v1_ledger',
    sourceAccount: 2,
    destinationAccount: 3,
    optionalDestinationAccount: 4,
    sourceMintAccount: -1,
    destinationMintAccount: 5,
  },
  {
    name: 'exactOutRoute',
    discriminator: bytes(208, 51, 239, 151, 123, 43, 237, 92),
    mode: 'exact_out',
    hasId: false,
    amounts: 'v1_exact_out',
    sourceAccount: 2,
    destinationAccount: 3,
    optionalDestinationAccount: 4,
    sourceMintAccount: 5,
    destinationMintAccount: 6,
  },
  {
    name: 'sharedAccountsRoute',
    discriminator: bytes(193, 32, 155, 51, 65, 214, 156, 129),
    mode: 'exact_in',
    hasId: true,
    amounts: 'v1_exact_in',
    sourceAccount: 3,
    destinationAccount: 6,
    optionalDestinationAccount: -1,
    sourceMintAccount: 7,
    destinationMintAccount: 8,
  },
  {
    name: 'sharedAccountsRouteWithTokenLedger',
    discriminator: bytes(230, 121, 143, 80, 119, 159, 106, 170),
    mode: 'exact_in',
    hasId: true,
    amounts: 'v1_ledger',
    sourceAccount: 3,
    destinationAccount: 6,
    optionalDestinationAccount: -1,
    sourceMintAccount: 7,
    destinationMintAccount: 8,
  },
  {
    name: 'sharedAccountsExactOutRoute',
    discriminator: bytes(176, 209, 105, 168, 154, 125, 69, 62),
    mode: 'exact_out',
    hasId: true,
    amounts: 'v1_exact_out',
    sourceAccount: 3,
    destinationAccount: 6,
    optionalDestinationAccount: -1,
    sourceMintAccount: 7,
    destinationMintAccount: 8,
  },
  {
    name: 'routeV2',
    discriminator: bytes(187, 100, 250, 204, 49, 196, 175, 20),
    mode: 'exact_in',
    hasId: false,
    amounts: 'v2',
    sourceAccount: 1,
    destinationAccount: 2,
    optionalDestinationAccount: 7,
    sourceMintAccount: 3,
    destinationMintAccount: 4,
  },
  {
    name: 'exactOutRouteV2',
    discriminator: bytes(157, 138, 184, 82, 21, 244, 243, 36),
    mode: 'exact_out',
    hasId: false,
    amounts: 'v2',
    sourceAccount: 1,
    destinationAccount: 2,
    optionalDestinationAccount: 7,
    sourceMintAccount: 3,
    destinationMintAccount: 4,
  },
  {
    name: 'sharedAccountsRouteV2',
    discriminator: bytes(209, 152, 83, 147, 124, 254, 216, 233),
    mode: 'exact_in',
    hasId: true,
    amounts: 'v2',
    sourceAccount: 2,
    destinationAccount: 5,
    optionalDestinationAccount: -1,
    sourceMintAccount: 6,
    destinationMintAccount: 7,
  },
  {
    name: 'sharedAccountsExactOutRouteV2',
    discriminator: bytes(53, 96, 229, 202, 216, 187, 250, 24),
    mode: 'exact_out',
    hasId: true,
    amounts: 'v2',
    sourceAccount: 2,
    destinationAccount: 5,
    optionalDestinationAccount: -1,
    sourceMintAccount: 6,
    destinationMintAccount: 7,
  },
]
