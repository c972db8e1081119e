/**
 * Runs the selected detection vectors (vector-registry.ts) over one simulated transaction. Each
 * answers synchronously when what it needs is in memory (the warm path) and with a promise only
 * when it must load something; those are awaited together until the request's deadline
 * (settle-vectors.ts), so a slow vector is reported in `timed_out_vectors` and never holds the
 * others back.
 */
import { createLogThrottle } from '../../../lib/log-throttle.js'
import type { Logger } from '../../../lib/logger.js'
import type { Vector } from '../../contract/vectors.js'
import type { ReadSources } from './read-sources.js'
import { settleVectors, type Pending } from './settle-vectors.js'
import { DETECTION_VECTORS, type VectorResults } from './vector-registry.js'
import type { VectorContext } from './vector-context.js'

export type { VectorResults }

export interface Detection {
  results: Partial<VectorResults>
  timedOut: Vector[]
}

/** The registry's vectors bound to one set of read sources. */
export interface Detector {
  /** Runs `vectors` over `context`; a promise only when some vector had to wait for data. */
  detect(context: VectorContext, vectors: readonly Vector[]): Detection | Promise<Detection>
}

interface BoundVector {
  name: Vector
  run(context: VectorContext): unknown
}

/** Binds every registered vector to `sources` (once: the engine's, or a result-cache recorder's). */
export function createDetector(sources: ReadSources, logger?: Logger): Detector {
  const bound: BoundVector[] = DETECTION_VECTORS.map((vector) => ({ name: vector.name, run: vector.bind(sources) }))
  // A source that is down (the user service, for tenants' program blocks) fails a vector of every
  // request: one line per 10 s, counting them, not one a request.
  const failures = createLogThrottle()
  const onFailure = (error: unknown, vector: Vector) => {
    const failed = failures()
    if (failed > 0) logger?.warn({ err: error, vector, failed }, 'vector failed; reported as not answered')
  }
  return {
    detect(context, vectors) {
      const pending: Record<string, unknown> = {}
      for (let i = 0; i < bound.length; i++) {
        const vector = bound[i] as BoundVector
        if (vectors.includes(vector.name)) pending[vector.name] = vector.run(context)
      }
      const settled = settleVectors(pending as Pending<VectorResults>, context.deadline, onFailure)
      if (settled instanceof Promise) return settled.then(({ values, timedOut }) => ({ results: values, timedOut }))
      return { results: settled.values, timedOut: settled.timedOut }
    },
  }
}
