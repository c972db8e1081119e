/**
 * The REST client in a process of its own, as a real client would be: the server under test gets
 * its own core instead of sharing one with the client's event loop. Driven over stdin/stdout by
 * bench/support/external-client.ts, one JSON line each way: {"count", "body"} → {"samplesNs",
 * "wallNs", "non200"}. Requests are sequential on one kept-alive connection, with the headers (JSON)
 * in BENCH_REST_HEADERS.
 */
import { createInterface } from 'node:readline'
import { REST_HEADERS_VARIABLE } from './external-client.js'
import { createKeepAliveClient } from './keep-alive-client.js'

const [host = '127.0.0.1', port = '0', path = '/'] = process.argv.slice(2)
const headers = JSON.parse(process.env[REST_HEADERS_VARIABLE] ?? '{}') as Record<string, string>
const client = createKeepAliveClient(host, Number(port), path, headers)

async function run(count: number, body: Buffer): Promise<{ samplesNs: number[]; wallNs: number; non200: number }> {
  const samplesNs = new Array<number>(count)
  let non200 = 0
  const loopStart = process.hrtime.bigint()
  for (let i = 0; i < count; i++) {
    const start = process.hrtime.bigint()
    if ((await client.post(body)).status !== 200) non200++
    samplesNs[i] = Number(process.hrtime.bigint() - start)
  }
  return { samplesNs, wallNs: Number(process.hrtime.bigint() - loopStart), non200 }
}

const lines = createInterface({ input: process.stdin })
lines.on('line', (line) => {
  const { count, body } = JSON.parse(line) as { count: number; body: string }
  run(count, Buffer.from(body, 'base64')).then(
    (result) => process.stdout.write(`${JSON.stringify(result)}\n`),
    (error: unknown) => process.stdout.write(`${JSON.stringify({ error: String(error) })}\n`),
  )
})
lines.on('close', () => client.close())
