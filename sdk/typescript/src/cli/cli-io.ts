/** What the command line reads and writes, injected so tests run it in-process. */
export interface CliIo {
  stdout: { write(text: string): unknown; isTTY?: boolean | undefined }
  stderr: { write(text: string): unknown }
  /** Read for `-` (a transaction) and `--password-stdin`. */
  readStdin(): Promise<string>
  env: Record<string, string | undefined>
}

/** Writes `value` as indented JSON: what --json prints. */
export function printJson(io: CliIo, value: unknown): void {
  io.stdout.write(JSON.stringify(value, null, 2) + '\n')
}

/** A CliIo for the real process. */
export function getProcessIo(): CliIo {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    readStdin: async () => {
      const chunks: Buffer[] = []
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
      return Buffer.concat(chunks).toString('utf8')
    },
  }
}
