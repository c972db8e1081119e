// lib/api-key.ts: the stored form of an API key is its SHA-256 in hex, whichever of Node's digest
// calls computes it (crypto.hash where Node has it, createHash before).
import { createHash } from 'node:crypto'
import t from 'tap'
import { API_KEY_PREFIX, getApiKeyHash } from '../../lib/api-key.js'

t.test('the FIPS 180-2 test vector', async (t) => {
  t.equal(getApiKeyHash('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
})

t.test('the same digest as createHash for keys as the service issues them, and for UTF-8 text', async (t) => {
  const keys = [`${API_KEY_PREFIX}HgU6vaSUdLLdv1bUG92LMCApk9aNbhyJiR6VM7X9yGsa`, `${API_KEY_PREFIX}${'z'.repeat(200)}`, 'ключ-€', '']
  for (const key of keys) {
    t.equal(getApiKeyHash(key), createHash('sha256').update(key, 'utf8').digest('hex'), JSON.stringify(key.slice(0, 20)))
  }
})

t.test('different keys, different digests; the same key, the same digest', async (t) => {
  const key = `${API_KEY_PREFIX}one`
  t.equal(getApiKeyHash(key), getApiKeyHash(`${API_KEY_PREFIX}one`))
  t.not(getApiKeyHash(key), getApiKeyHash(`${API_KEY_PREFIX}two`))
  t.match(getApiKeyHash(key), /^[0-9a-f]{64}$/)
})
