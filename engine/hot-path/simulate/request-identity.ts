/**
 * What makes two simulate requests the same request for the result cache: the same wire bytes and
 * the same options once parsed (vectors as a set, absent meaning all; the default timeout being
 * the maximum; the policy by its effective fields, so a preset by name and by object agree).
 * A 53-bit hash finds the candidate without building a key; only `isSameRequest` decides, so a
 * collision costs a miss, never another request's answer. No allocation on the hash path: it runs
 * for every request, most of which are never seen again.
 */
import { DEFAULT_POLICY, type Policy } from '../../detection/policy/policy.js'
import { MAX_TIMEOUT_MS } from '../../contract/simulate-request.js'
import type { ParsedSimulateOptions } from './simulate-options.js'
import { VECTORS, type Vector } from '../../contract/vectors.js'

/** A request as the cache keeps it, to compare a later one with. */
export interface RequestIdentity {
  /** A copy (from Buffer's pool, cheaper than an ArrayBuffer of its own): the caller's bytes may be a view it reuses. */
  readonly bytes: Uint8Array
  readonly vectors: number
  readonly timeoutMs: number
  readonly replaceRecentBlockhash: boolean
  readonly tenantId: string
  /** Frozen (parsePolicy), so kept by reference. */
  readonly policy: Readonly<Policy>
}

const ALL_VECTORS = (1 << VECTORS.length) - 1
const POLICY_FIELDS = Object.keys(DEFAULT_POLICY).sort() as Array<keyof Policy>
// Distinct markers, so that null, false, 0 and an empty list hash apart.
const NULL = 0x6e756c6c
const FALSE = 0x66616c73
const TRUE = 0x74727565
const LIST = 0x6c697374

// The two 32-bit lanes of the hash being computed; module state, so no tuple is allocated per request.
let laneA = 0
let laneB = 0
const float = new Float64Array(1)
const floatWords = new Int32Array(float.buffer)

function mix(word: number): void {
  laneA = Math.imul(laneA ^ word, 0x01000193)
  laneA ^= laneA >>> 15
  laneB = Math.imul(laneB ^ word, 0x5bd1e995)
  laneB ^= laneB >>> 13
}

function mixString(text: string): void {
  mix(text.length)
  for (let i = 0; i < text.length; i++) mix(text.charCodeAt(i))
}

function mixNumber(value: number): void {
  float[0] = value
  mix(floatWords[0] as number)
  mix(floatWords[1] as number)
}

function mixValue(value: unknown): void {
  if (value === null) mix(NULL)
  else if (typeof value === 'boolean') mix(value ? TRUE : FALSE)
  else if (typeof value === 'number') mixNumber(value)
  else if (typeof value === 'string') mixString(value)
  else {
    const list = value as readonly string[]
    mix(LIST)
    mix(list.length)
    for (let i = 0; i < list.length; i++) mixString(list[i] as string)
  }
}

function mixBytes(bytes: Uint8Array): void {
  const length = bytes.length
  const words = length & ~3
  let i = 0
  for (; i < words; i += 4) {
    mix((bytes[i] as number) | ((bytes[i + 1] as number) << 8) | ((bytes[i + 2] as number) << 16) | ((bytes[i + 3] as number) << 24))
  }
  for (; i < length; i++) mix(bytes[i] as number)
  mix(length)
}

function finish(lane: number): number {
  lane = Math.imul(lane ^ (lane >>> 16), 0x85ebca6b)
  lane = Math.imul(lane ^ (lane >>> 13), 0xc2b2ae35)
  return (lane ^ (lane >>> 16)) >>> 0
}

function getVectorSet(vectors: readonly Vector[] | undefined): number {
  if (vectors === undefined) return ALL_VECTORS
  let set = 0
  for (let i = 0; i < vectors.length; i++) set |= 1 << VECTORS.indexOf(vectors[i] as Vector)
  return set
}

/** The request's hash: equal for the same request, a non-negative integer below 2^53. */
export function getRequestHash(bytes: Uint8Array, options: ParsedSimulateOptions): number {
  laneA = 0x811c9dc5
  laneB = 0x9e3779b9
  mix(getVectorSet(options.vectors))
  mix(options.timeoutMs ?? MAX_TIMEOUT_MS)
  mix(options.replaceRecentBlockhash === true ? TRUE : FALSE)
  mixString(options.tenantId ?? '')
  const { policy } = options
  for (let i = 0; i < POLICY_FIELDS.length; i++) mixValue(policy[POLICY_FIELDS[i] as keyof Policy])
  mixBytes(bytes)
  return (finish(laneB) & 0x1fffff) * 0x100000000 + finish(laneA)
}

/** The request to keep with its answer. */
export function toRequestIdentity(bytes: Uint8Array, options: ParsedSimulateOptions): RequestIdentity {
  return {
    bytes: Buffer.from(bytes),
    vectors: getVectorSet(options.vectors),
    timeoutMs: options.timeoutMs ?? MAX_TIMEOUT_MS,
    replaceRecentBlockhash: options.replaceRecentBlockhash === true,
    tenantId: options.tenantId ?? '',
    policy: options.policy,
  }
}

function isSameList(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

function isSamePolicy(a: Readonly<Policy>, b: Readonly<Policy>): boolean {
  if (a === b) return true
  for (let i = 0; i < POLICY_FIELDS.length; i++) {
    const field = POLICY_FIELDS[i] as keyof Policy
    const x = a[field]
    const y = b[field]
    if (x !== y && !(Array.isArray(x) && Array.isArray(y) && isSameList(x, y))) return false
  }
  return true
}

/** Whether `bytes` with `options` is the request `identity` was made from. */
export function isSameRequest(identity: RequestIdentity, bytes: Uint8Array, options: ParsedSimulateOptions): boolean {
  return (
    identity.vectors === getVectorSet(options.vectors) &&
    identity.timeoutMs === (options.timeoutMs ?? MAX_TIMEOUT_MS) &&
    identity.replaceRecentBlockhash === (options.replaceRecentBlockhash === true) &&
    identity.tenantId === (options.tenantId ?? '') &&
    isSamePolicy(identity.policy, options.policy) &&
    Buffer.compare(identity.bytes, bytes) === 0
  )
}
