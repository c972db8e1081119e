/**
 * A DNS server on a UDP socket of 127.0.0.1 for the webhook resolver's tests (dns.Resolver's
 * setServers points at it): it answers A and AAAA queries from a table, NODATA for a family a name
 * lacks, NXDOMAIN for a name it does not know, and never answers a name marked 'silent', as a
 * tenant's dead DNS. Every query is recorded, so a test can tell that a resolution is pending.
 */
import { createSocket } from 'node:dgram'
import type { Test } from 'tap'
import { toIpAddressBytes } from '../../accounts/webhooks/ip-address.js'

export interface FakeDnsServer {
  /** `127.0.0.1:<port>`, for setServers. */
  server: string
  /** Every query received, in order: the name (lower case) and type ('A', 'AAAA' or the number). */
  queries: { name: string; type: string }[]
}

const TYPE_A = 1
const TYPE_AAAA = 28

/** The question's name (lower case) and where the question ends, from a query's bytes. */
function readQuestion(query: Buffer): { name: string; end: number } {
  const labels: string[] = []
  let offset = 12
  for (let length = query[offset] ?? 0; length > 0; length = query[offset] ?? 0) {
    labels.push(query.toString('latin1', offset + 1, offset + 1 + length))
    offset += 1 + length
  }
  return { name: labels.join('.').toLowerCase(), end: offset + 5 }
}

/** Starts the server, answering `records` (name → addresses, or 'silent'); closed when `t` ends. */
export async function startFakeDnsServer(t: Test, records: Record<string, readonly string[] | 'silent'>): Promise<FakeDnsServer> {
  const socket = createSocket('udp4')
  const fake: FakeDnsServer = { server: '', queries: [] }
  socket.on('message', (query, remote) => {
    if (query.length < 17) return
    const { name, end } = readQuestion(query)
    const type = query.readUInt16BE(end - 4)
    fake.queries.push({ name, type: type === TYPE_A ? 'A' : type === TYPE_AAAA ? 'AAAA' : String(type) })
    const record = records[name]
    if (record === 'silent') return
    const wanted = type === TYPE_A ? 4 : type === TYPE_AAAA ? 16 : 0
    const answers = (record ?? []).map((address) => toIpAddressBytes(address)).filter((bytes) => bytes?.length === wanted)
    const header = Buffer.alloc(12)
    query.copy(header, 0, 0, 2)
    // A response, recursion desired and available; rcode 3 (NXDOMAIN) for an unknown name, else 0 (NODATA when no answer).
    header.writeUInt16BE(record === undefined ? 0x8183 : 0x8180, 2)
    header.writeUInt16BE(1, 4)
    header.writeUInt16BE(answers.length, 6)
    const answerRecords = answers.map((bytes) => {
      const answer = Buffer.alloc(12 + (bytes?.length ?? 0))
      answer.writeUInt16BE(0xc00c, 0) // the question's name
      answer.writeUInt16BE(type, 2)
      answer.writeUInt16BE(1, 4) // IN
      answer.writeUInt32BE(60, 6)
      answer.writeUInt16BE(bytes?.length ?? 0, 10)
      if (bytes) Buffer.from(bytes).copy(answer, 12)
      return answer
    })
    socket.send(Buffer.concat([header, query.subarray(12, end), ...answerRecords]), remote.port, remote.address)
  })
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve))
  fake.server = `127.0.0.1:${socket.address().port}`
  t.teardown(() => new Promise<void>((resolve) => socket.close(() => resolve())))
  return fake
}
