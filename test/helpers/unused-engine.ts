/** An engine a test never reaches (one that reads only the OpenAPI document): every call rejects engine_unavailable. */
import type { EngineClient } from '../../engine/client/engine-client.js'
import { createServiceError } from '../../lib/errors.js'

const unavailable = () => Promise.reject(createServiceError('engine_unavailable'))

export const unusedEngine: EngineClient = {
  watch: unavailable,
  simulate: unavailable,
  scanApprovals: unavailable,
  execute: unavailable,
  send: unavailable,
  submit: unavailable,
  getTips: unavailable,
  getTransaction: unavailable,
  health: unavailable,
  close: async () => undefined,
  transport: 'in-process',
}
