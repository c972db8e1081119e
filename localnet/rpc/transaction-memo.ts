/**
 * The `memo` of getSignaturesForAddress, as Agave's `extract_and_fmt_memos` writes it for every
 * transaction it stores: each top-level SPL Memo (v1 or v3) instruction as "[<byte length>] <text>"
 * ("(unparsable)" when the text is not UTF-8), joined by "; "; null when there is none.
 */
import type { ChainTransactionEvent } from '../chain/chain-events.js'

const MEMO_PROGRAMS: ReadonlySet<string> = new Set([
  'Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo',
  'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr',
])

const utf8 = new TextDecoder('utf-8', { fatal: true })

function toMemoText(data: Uint8Array): string {
  try {
    return utf8.decode(data)
  } catch {
    return '(unparsable)'
  }
}

/** The formatted memos of a landed transaction, or null. */
export function getTransactionMemo(transaction: ChainTransactionEvent): string | null {
  const memos: string[] = []
  for (const instruction of transaction.message.instructions) {
    const program = transaction.accountKeys[instruction.programIdIndex]
    if (program !== undefined && MEMO_PROGRAMS.has(program)) memos.push(`[${instruction.data.length}] ${toMemoText(instruction.data)}`)
  }
  return memos.length === 0 ? null : memos.join('; ')
}
