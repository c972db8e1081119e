/** The whole case set, drains first (README.md lists every case with its source). */
import { DEFI_BENIGN } from './benign-defi.js'
import { SOL_BENIGN } from './benign-sol.js'
import { RECEIPT_BENIGN } from './benign-receipts.js'
import { TOKEN_BENIGN } from './benign-tokens.js'
import type { TransactionCase } from './case-types.js'
import { ACCOUNT_CONTROL_DRAINS } from './drains-account-control.js'
import { COUNTERPARTY_SIGNER_DRAINS } from './drains-counterparty-signer.js'
import { SOL_DRAINS } from './drains-sol.js'
import { TOKEN_AUTHORITY_DRAINS } from './drains-token-authority.js'
import { TOKEN_SWEEP_DRAINS } from './drains-token-sweeps.js'
import { VARIANTS } from './variants.js'

export const CASES: readonly TransactionCase[] = [
  ...TOKEN_AUTHORITY_DRAINS,
  ...TOKEN_SWEEP_DRAINS,
  ...ACCOUNT_CONTROL_DRAINS,
  ...SOL_DRAINS,
  ...COUNTERPARTY_SIGNER_DRAINS,
  ...SOL_BENIGN,
  ...TOKEN_BENIGN,
  ...DEFI_BENIGN,
  ...VARIANTS,
  ...RECEIPT_BENIGN,
]
