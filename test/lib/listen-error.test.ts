/**
 * A port that cannot be bound becomes one line naming the setting to change and the address, for
 * Node's servers (which set `code`) and grpc-js (which only says it in the message, and would also
 * print a line of its own); other failures pass through unchanged.
 */
import { once } from 'node:events'
import { createServer, type Server as NetServer } from 'node:net'
import { Server as GrpcServer } from '@grpc/grpc-js'
import t, { type Test } from 'tap'
import { bindGrpcServer } from '../../lib/grpc/bind-grpc-server.js'
import { isListenError, toListenError } from '../../lib/listen-error.js'

async function holdPort(t: Test): Promise<number> {
  const holder: NetServer = createServer().listen(0, '127.0.0.1')
  await once(holder, 'listening')
  t.teardown(() => new Promise<void>((resolve) => holder.close(() => resolve())))
  return (holder.address() as { port: number }).port
}

t.test("Node's EADDRINUSE names the variable and the address, on one line", async (t) => {
  const port = await holdPort(t)
  const second = createServer().listen(port, '127.0.0.1')
  const [error] = (await once(second, 'error')) as [Error]
  const converted = toListenError(error, 'PORT', `127.0.0.1:${port}`)
  if (!t.ok(isListenError(converted), 'a ListenError') || !isListenError(converted)) return
  t.equal(
    converted.message,
    `PORT: cannot listen on 127.0.0.1:${port}: the address is in use (EADDRINUSE); set PORT to a free port, or stop the process that holds it`,
  )
  t.notMatch(converted.message, /\n/, 'one line')
  t.same([converted.variable, converted.address, converted.code], ['PORT', `127.0.0.1:${port}`, 'EADDRINUSE'])
  t.equal(converted.cause, error, 'the original error is kept as the cause')
})

t.test('grpc-js: the port in use is read from its message, and grpc-js prints nothing of its own', async (t) => {
  const port = await holdPort(t)
  const printed: unknown[][] = []
  const consoleError = console.error
  console.error = (...args: unknown[]) => void printed.push(args)
  let error: unknown
  try {
    error = await bindGrpcServer(new GrpcServer(), '127.0.0.1', port).then(
      () => undefined,
      (reason: unknown) => reason,
    )
  } finally {
    console.error = consoleError
  }
  t.match(error, { message: /EADDRINUSE/ }, 'grpc-js refuses the bind')
  t.same(printed, [], 'no "E No address added" line')
  const converted = toListenError(error, 'ENGINE_GRPC_PORT', `127.0.0.1:${port}`)
  t.ok(isListenError(converted))
  t.match(converted, {
    code: 'EADDRINUSE',
    message: new RegExp(`^ENGINE_GRPC_PORT: cannot listen on 127\\.0\\.0\\.1:${port}: .*set ENGINE_GRPC_PORT to a free port`),
  })
})

t.test('EACCES (a port below 1024 for an unprivileged user) asks for a port above 1023', async (t) => {
  // Provoked by hand: these tests may run as root, which may bind any port.
  const error = Object.assign(new Error('listen EACCES: permission denied 0.0.0.0:80'), { code: 'EACCES', syscall: 'listen' })
  const converted = toListenError(error, 'PORT', '0.0.0.0:80')
  t.ok(isListenError(converted))
  t.equal(
    (converted as Error).message,
    'PORT: cannot listen on 0.0.0.0:80: this user may not bind it (EACCES); set PORT to a port above 1023',
  )
})

t.test('other failures pass through unchanged', async (t) => {
  const notFound = Object.assign(new Error('getaddrinfo ENOTFOUND nowhere'), { code: 'ENOTFOUND' })
  t.equal(toListenError(notFound, 'HOST', 'nowhere:8080'), notFound)
  const plain = new Error('something else')
  t.equal(toListenError(plain, 'PORT', '127.0.0.1:1'), plain)
  t.equal(toListenError('a string', 'PORT', '127.0.0.1:1'), 'a string')
  t.notOk(isListenError(plain))
})
