/** The programs whose landed transactions the engine streams from geyser, for the fee window and the sandwich detector. */
import { toBase58Address } from '../../hot-path/state/account-key.js'
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../../hot-path/svm/well-known-programs.js'
import { DEX_PROGRAMS } from './dex-programs.js'

/**
 * Programs whose transactions are streamed: the DEX registry, and the token programs, which carry
 * most of the fee-paying traffic a wallet or bot competes with.
 */
export const STREAMED_TRANSACTION_PROGRAMS: readonly string[] = [
  ...DEX_PROGRAMS.map((program) => program.programId),
  toBase58Address(TOKEN_PROGRAM),
  toBase58Address(TOKEN_2022_PROGRAM),
]
