/**
 * The recorded mainnet transactions of test/fixtures/mainnet/transactions: wire bytes from
 * wire.tsv beside the `getTransaction` JSON each line names.
 */
import { readFileSync } from 'node:fs'

export const MAINNET_TRANSACTIONS_DIR = new URL('../../../fixtures/mainnet/transactions/', import.meta.url)

export interface MainnetFixture {
  name: string
  bytes: Uint8Array
  /** The `result` of the recorded getTransaction call. */
  result: {
    meta: { fee: number; computeUnitsConsumed: number; err: unknown; loadedAddresses?: { writable: string[]; readonly: string[] } }
    transaction: {
      message: {
        accountKeys: string[]
        header: { numRequiredSignatures: number; numReadonlySignedAccounts: number; numReadonlyUnsignedAccounts: number }
        addressTableLookups?: { accountKey: string; writableIndexes: number[]; readonlyIndexes: number[] }[] | null
      }
    }
  }
}

/** Every fixture of wire.tsv, in file order. */
export function readMainnetFixtures(): MainnetFixture[] {
  const lines = readFileSync(new URL('wire.tsv', MAINNET_TRANSACTIONS_DIR), 'utf8').trim().split('\n')
  return lines.map((line) => {
    const [name, base64] = line.split('\t')
    if (name === undefined || base64 === undefined) throw new Error(`malformed wire.tsv line: ${line}`)
    const json = JSON.parse(readFileSync(new URL(name, MAINNET_TRANSACTIONS_DIR), 'utf8')) as { result: MainnetFixture['result'] }
    return { name, bytes: new Uint8Array(Buffer.from(base64, 'base64')), result: json.result }
  })
}
