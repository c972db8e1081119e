/**
 * One instruction of a jsonParsed transaction, as Agave's `parse_ui_instruction` answers it: parsed
 * (`{program, programId, parsed, stackHeight}`) when its program is one localnet parses — System,
 * SPL Token and Token-2022, SPL Memo, Associated Token Account — and the instruction parses;
 * otherwise partially decoded (`{programId, accounts, data, stackHeight}`, data in base58).
 */
import { getBase58Decoder } from '@solana/kit'
import type { CompiledInstructionView } from './instruction-account-key.js'
import { failNotParsable, isInstructionNotParsable } from './instruction-not-parsable.js'
import type { ParsedInstructionInfo } from './parsed-instruction-info.js'
import { parseAssociatedTokenInstruction } from './parse-associated-token-instruction.js'
import { parseSystemInstruction } from './parse-system-instruction.js'
import { parseTokenInstruction } from './parse-token-instruction.js'

export type UiParsedInstruction = {
  readonly program: string
  readonly programId: string
  readonly parsed: ParsedInstructionInfo | string
  readonly stackHeight: number | null
}

export type UiPartiallyDecodedInstruction = {
  readonly programId: string
  readonly accounts: readonly string[]
  readonly data: string
  readonly stackHeight: number | null
}

type Parser = {
  /** Agave's ParsableProgram name in kebab case. */
  readonly program: string
  parse(instruction: CompiledInstructionView, keys: readonly string[]): ParsedInstructionInfo | string
}

const utf8 = new TextDecoder('utf-8', { fatal: true })

/** SPL Memo: the data as text, which must be UTF-8 (Agave's `parse_memo_data`). */
function parseMemo(instruction: CompiledInstructionView): string {
  try {
    return utf8.decode(instruction.data)
  } catch {
    return failNotParsable('memo is not UTF-8')
  }
}

const tokenParser: Parser = { program: 'spl-token', parse: parseTokenInstruction }
const memoParser: Parser = { program: 'spl-memo', parse: parseMemo }

const PARSERS: ReadonlyMap<string, Parser> = new Map([
  ['11111111111111111111111111111111', { program: 'system', parse: parseSystemInstruction }],
  ['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', tokenParser],
  ['TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb', tokenParser],
  ['Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo', memoParser],
  ['MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr', memoParser],
  ['ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL', { program: 'spl-associated-token-account', parse: parseAssociatedTokenInstruction }],
])

const base58 = getBase58Decoder()

/** The jsonParsed form of a compiled instruction; `keys` are the transaction's (static, then loaded). */
export function toUiInstruction(
  instruction: CompiledInstructionView,
  keys: readonly string[],
  stackHeight: number | null,
): UiParsedInstruction | UiPartiallyDecodedInstruction {
  const programId = keys[instruction.programIdIndex] ?? ''
  const parser = PARSERS.get(programId)
  if (parser) {
    try {
      return { program: parser.program, programId, parsed: parser.parse(instruction, keys), stackHeight }
    } catch (cause) {
      if (!isInstructionNotParsable(cause)) throw cause
    }
  }
  return {
    programId,
    // A landed transaction's indexes are in range; `?? ''` only keeps the type honest.
    accounts: instruction.accounts.map((index) => keys[index] ?? ''),
    data: base58.decode(instruction.data),
    stackHeight,
  }
}
