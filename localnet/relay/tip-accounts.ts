/**
 * The eight tip accounts of Jito's mainnet block engine, as its `getTipAccounts` answers them and
 * as Jito's documentation lists them (docs.jito.wtf, "Tip accounts"; the same eight are the
 * tip-payment program's PDAs on mainnet-beta). localnet's relay answers these same addresses, so
 * a bundle built for mainnet — a transfer to one of them as its tip — runs here unchanged.
 */
import { address, type Address } from '@solana/kit'

export const JITO_TIP_ACCOUNTS: readonly Address[] = Object.freeze(
  [
    '96gYZGLnJYVFmbjzopPSU6QiEV5fGqZNyN9nmNhvrZU5',
    'HFqU5x63VTqvQss8hp11i4wVV8bD44PvwucfZ2bU7gRe',
    'Cw8CFyM9FkoMi7K7Crf6HNQqf4uEMzpKw6QNghXLvLkY',
    'ADaUMid9yfUytqMBgopwjb2DTLSokTSzL1zt6iGPaS49',
    'DfXygSm4jCyNCybVYYK6DwvWqjKee8pbDmJGcLWNDXjh',
    'ADuUkR4vqLUMWXxW9gh6D6L8pMSawimctcNZ5pGwDcEt',
    'DttWaMuVvTiduZRnguLF7jNxTgiMBZ1hyAumKUiL2KRL',
    '3AVi9Tg9Uo68tJfuvoKvqKNWKkC5wPdSSdeBnizKZ6jT',
  ].map((tip) => address(tip)),
)
