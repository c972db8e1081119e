/**
 * The service's logger keeps what libraries put in errors out of the log (docs/security.md):
 * ioredis attaches the failed command with its arguments (HELLO … AUTH user password, when a
 * rotated password is refused after a reconnect), fetch quotes a URL it refuses whole, and an
 * upstream's failure list (logged as `cause` beside an answered fault) names each endpoint's URL.
 */
import { createServer, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'
import { Writable } from 'node:stream'
import { Redis } from 'ioredis'
import t from 'tap'
import { createLogger } from '../../lib/logger.js'

const PASSWORD = 'plantedredispassword0123456789'
const TOKEN = 'plantedpathtoken0123456789'

/** A logger writing its lines into `lines`. */
function createTestLogger(): { logger: ReturnType<typeof createLogger>; lines: string[] } {
  const lines: string[] = []
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString())
      done()
    },
  })
  return { logger: createLogger('test', 'debug', destination), lines }
}

/** Waits for the logger's stream (pino writes synchronously to a Writable, but not necessarily in one tick). */
const flushed = () => new Promise((resolve) => setImmediate(resolve))

t.test("a Redis error keeps the command's name, never its arguments (the password)", async (t) => {
  // A Redis that refuses the password, as one whose password was rotated does.
  const sockets = new Set<Socket>()
  const server = createServer((socket) => {
    sockets.add(socket)
    socket.on('data', (chunk) => {
      for (const line of chunk.toString().split('\r\n')) {
        if (/^\*\d/.test(line)) socket.write('-WRONGPASS invalid username-password pair or user is disabled.\r\n')
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.teardown(() => {
    for (const socket of sockets) socket.destroy()
    server.close()
  })
  const { port } = server.address() as AddressInfo
  const redis = new Redis(`redis://preflight:${PASSWORD}@127.0.0.1:${port}`, { lazyConnect: true, retryStrategy: () => null })
  const refused = new Promise<Error>((resolve) => redis.once('error', resolve))
  redis.connect().catch(() => undefined)
  const error = await refused
  redis.disconnect()
  t.match(JSON.stringify(error), PASSWORD, 'the library put the password in its error')

  const { logger, lines } = createTestLogger()
  logger.warn({ err: error }, 'Redis connection error')
  await flushed()
  t.equal(lines.length, 1)
  t.notMatch(lines[0], PASSWORD, 'no password in the line')
  const line = JSON.parse(lines[0] as string)
  t.match(line.err, { message: /WRONGPASS/, command: { name: 'hello' } }, 'what failed is still said')
})

t.test("URLs in an error's message, stack and causes, and in a logged cause, are cut to their host", async (t) => {
  const url = `https://user:${PASSWORD}@rpc.example:8443/${TOKEN}?api-key=${TOKEN}`
  const { logger, lines } = createTestLogger()
  const refused = new TypeError(`Request cannot be constructed from a URL that includes credentials: ${url}`)
  logger.error({ err: new Error('no Solana RPC endpoint answered getSlot', { cause: refused }), cause: `${url}: HTTP 500` }, 'failed')
  await flushed()
  t.notMatch(lines[0], PASSWORD, 'no password')
  t.notMatch(lines[0], TOKEN, 'no path or query token')
  const line = JSON.parse(lines[0] as string)
  t.match(line.err.message, 'includes credentials: rpc.example:8443', 'the host stays, to say which endpoint')
  t.equal(line.cause, 'rpc.example:8443: HTTP 500')
  t.match(line.err.stack, /^Error: no Solana RPC endpoint answered getSlot\n\s+at /, 'the stack stays')
})
