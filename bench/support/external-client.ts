/** Starts bench/support/rest-client-process.ts and asks it for timed runs of requests. */
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { join } from 'node:path'

/** The variable that hands the client process its request headers (JSON). */
export const REST_HEADERS_VARIABLE = 'BENCH_REST_HEADERS'

export interface ExternalRun {
  samplesNs: number[]
  wallNs: number
  non200: number
}

export interface ExternalClient {
  /** Sends `count` sequential requests with `body` from the client process; returns their timings. */
  run(count: number, body: Buffer): Promise<ExternalRun>
  close(): void
}

/** A REST client process posting to http://host:port{path}, with `headers` on every request. */
export function createExternalClient(
  host: string,
  port: number,
  path: string,
  headers: Readonly<Record<string, string>> = {},
): ExternalClient {
  const script = join(import.meta.dirname, 'rest-client-process.ts')
  const child = spawn(process.execPath, ['--import', 'tsx', script, host, String(port), path], {
    stdio: ['pipe', 'pipe', 'inherit'],
    // In the environment rather than argv: the API key stays out of the process list.
    env: { ...process.env, [REST_HEADERS_VARIABLE]: JSON.stringify(headers) },
  })
  const replies = createInterface({ input: child.stdout })
  const waiting: Array<(line: string) => void> = []
  replies.on('line', (line) => waiting.shift()?.(line))
  return {
    run(count, body) {
      return new Promise<ExternalRun>((resolve, reject) => {
        waiting.push((line) => {
          const reply = JSON.parse(line) as ExternalRun & { error?: string }
          if (reply.error) reject(new Error(`client process: ${reply.error}`))
          else resolve(reply)
        })
        child.stdin.write(`${JSON.stringify({ count, body: body.toString('base64') })}\n`)
      })
    },
    close() {
      child.stdin.end()
      child.kill()
    },
  }
}
