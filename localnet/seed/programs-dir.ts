/**
 * Loads SBF programs named `<program-id>.so` (the form `solana program dump <id> <id>.so` writes
 * and `solana-test-validator --bpf-program` takes) into the chain with LiteSVM's addProgram.
 */
import { readdir, readFile } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { isAddress, type Address } from '@solana/kit'

export type ProgramSink = { addProgram(programId: Address, bytes: Uint8Array): void }

/** Thrown for a program file that cannot be loaded; the message names the file. */
export class ProgramFileError extends Error {
  override readonly name = 'ProgramFileError'
  constructor(
    readonly file: string,
    problem: string,
  ) {
    super(`${file}: ${problem}`)
  }
}

/** The program id a `<program-id>.so` file name stands for; throws ProgramFileError otherwise. */
export function getProgramIdFromFileName(file: string): Address {
  const name = basename(file)
  const id = name.endsWith('.so') ? name.slice(0, -'.so'.length) : ''
  if (!isAddress(id)) {
    throw new ProgramFileError(file, 'a program file must be named <program-id>.so with a base58 program id')
  }
  return id
}

/** Loads every `*.so` of `dir` into the chain; returns the program ids loaded. */
export async function loadProgramsDir(dir: string, chain: ProgramSink): Promise<Address[]> {
  const files = (await readdir(dir)).filter((name) => name.endsWith('.so')).sort()
  const programs = files.map((name) => ({ file: join(dir, name), id: getProgramIdFromFileName(join(dir, name)) }))
  for (const { file, id } of programs) {
    const bytes = new Uint8Array(await readFile(file))
    try {
      chain.addProgram(id, bytes)
    } catch (cause) {
      throw new ProgramFileError(file, `LiteSVM rejected the program: ${(cause as Error).message}`)
    }
  }
  return programs.map((program) => program.id)
}
