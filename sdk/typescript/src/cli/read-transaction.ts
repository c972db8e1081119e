/** A transaction argument: base64 itself, `@file` (base64 text or raw wire bytes), or `-` (base64 on stdin). */
import { readFile } from 'node:fs/promises'
import { toBase64 } from '../base64.js'

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/

export async function readTransactionArgument(argument: string, readStdin: () => Promise<string>): Promise<string> {
  if (argument === '-') return (await readStdin()).trim()
  if (!argument.startsWith('@')) return argument.trim()
  const bytes = await readFile(argument.slice(1))
  const text = bytes.toString('utf8').trim()
  return BASE64.test(text) ? text : toBase64(bytes)
}
