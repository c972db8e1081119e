import t from 'tap'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createServiceError, ERROR_CATALOGUE, isErrorCode, isServiceError } from '../../lib/errors.js'

t.test('every code is unique, snake_case, has a 4xx/5xx status and is documented in the README', async (t) => {
  const readme = readFileSync(join(import.meta.dirname, '..', '..', 'README.md'), 'utf8')
  const codes = Object.keys(ERROR_CATALOGUE)
  t.equal(new Set(codes).size, codes.length)
  for (const [code, entry] of Object.entries(ERROR_CATALOGUE)) {
    t.match(code, /^[a-z]+(_[a-z]+)*$/, `${code} is snake_case`)
    t.ok(entry.http >= 400 && entry.http < 600, `${code} has an error status`)
    t.ok(entry.message.length > 0)
    t.ok(readme.includes(`\`${code}\``), `${code} is documented in the README`)
  }
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
