import t from 'tap'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createServiceError, ERROR_CATALOGUE, isErrorCode, isServiceError } from '../../lib/errors.js'

t.test('every code is unique, snake_case, has a 4xx/5xx status and its row in docs/api.md', async (t) => {
  const doc = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'api.md'), 'utf8')
  const start = doc.indexOf('\n## Errors\n')
  const errors = doc.slice(start, doc.indexOf('\n## ', start + 1))
  const documented = new Map([...errors.matchAll(/^\| `([a-z_]+)` \| (\d{3}) \|/gm)].map((match) => [match[1] as string, Number(match[2])]))
  const codes = Object.keys(ERROR_CATALOGUE)
  t.equal(new Set(codes).size, codes.length)
  for (const [code, entry] of Object.entries(ERROR_CATALOGUE)) {
    t.match(code, /^[a-z]+(_[a-z]+)*$/, `${code} is snake_case`)
    t.ok(entry.http >= 400 && entry.http < 600, `${code} has an error status`)
    t.ok(entry.message.length > 0)
    t.equal(documented.get(code), entry.http, `${code} is documented in docs/api.md#errors with its status`)
  }
  t.same(
    [...documented.keys()].filter((code) => !(code in ERROR_CATALOGUE)),
    [],
    'the table names no code the catalogue lacks',
  )
})

t.test('guards match by code', async (t) => {
  const error = createServiceError('invalid_transaction', 'bad bytes')
  t.ok(isServiceError(error))
  t.ok(isServiceError(error, 'invalid_transaction'))
  t.notOk(isServiceError(error, 'validation_error'))
  t.notOk(isServiceError(new Error('invalid_transaction')))
  t.ok(isErrorCode('not_found'))
  t.notOk(isErrorCode('toString'))
  t.equal(error.message, 'bad bytes')
})

t.test('gRPC ↔ catalogue ↔ HTTP: every code round-trips with its headers; a bare status maps through one table', async (t) => {
  const { Metadata, status: GrpcStatus } = await import('@grpc/grpc-js')
  const { fromGrpcError, toGrpcError, GRPC_STATUS_CODES } = await import('../../lib/grpc/service-error-status.js')
  const { createRetryableError } = await import('../../lib/errors.js')
  for (const code of Object.keys(ERROR_CATALOGUE) as (keyof typeof ERROR_CATALOGUE)[]) {
    const sent = toGrpcError(createServiceError(code, `why ${code}`))
    t.equal(sent.code, ERROR_CATALOGUE[code].grpc, `${code}: its gRPC status`)
    const received = fromGrpcError({ ...sent, message: '', name: 'Error' } as never)
    t.equal(received.code, code, `${code}: the same code on the other side`)
    t.equal(received.message, `why ${code}`)
  }
  const limited = fromGrpcError({
    ...toGrpcError(createRetryableError('rate_limited', 0.2, { 'ratelimit-limit': '10' })),
    message: '',
    name: 'Error',
  } as never)
  t.same(limited.headers, { 'ratelimit-limit': '10', 'retry-after': '1' }, 'Retry-After and RateLimit-* travel as trailers')

  const bare = (status: number) =>
    fromGrpcError(
      { code: status, details: 'secret detail', metadata: new Metadata(), message: '', name: 'Error' } as never,
      'accounts_unavailable',
    )
  t.equal(bare(GrpcStatus.UNAVAILABLE).code, 'accounts_unavailable', 'no answer: the service named')
  t.equal(bare(GrpcStatus.DEADLINE_EXCEEDED).code, 'accounts_unavailable')
  t.equal(bare(GrpcStatus.INVALID_ARGUMENT).code, 'validation_error')
  t.equal(ERROR_CATALOGUE[bare(GrpcStatus.UNAUTHENTICATED).code].http, 401)
  t.equal(ERROR_CATALOGUE[bare(GrpcStatus.RESOURCE_EXHAUSTED).code].http, 429)
  t.equal(ERROR_CATALOGUE[bare(GrpcStatus.UNIMPLEMENTED).code].http, 501)
  t.equal(bare(GrpcStatus.DATA_LOSS).code, 'internal_error', 'a status not in the table is internal')
  t.not(bare(GrpcStatus.INVALID_ARGUMENT).message, 'secret detail', "a foreign failure's details are not passed on")
  for (const [status, code] of Object.entries(GRPC_STATUS_CODES)) {
    t.ok(code === 'unavailable' || code in ERROR_CATALOGUE, `status ${status} maps to a catalogue code`)
  }
})
