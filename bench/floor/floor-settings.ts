/** The floor benchmark's flags (`npm run bench:floor -- --help`), full and --quick. */
import { parseArgs } from 'node:util'
import { FlagError } from '../support/command-line.js'
import type { ServiceEntry } from '../support/service-build.js'

export interface FloorSettings {
  quick: boolean
  write: boolean
  resultsDir: string
  /** Distinct transactions built (the three kinds in turn). */
  transactions: number
  /** Requests in flight while warming up, for gRPC's unique-transaction saturation, batch and placement runs: the sweep's first. */
  concurrency: number
  /** Requests in flight of the saturation sweep on every door (bench/floor/saturation-sweep.ts). */
  saturationConcurrencies: number[]
  /** Load worker processes for the open-loop, WebSocket and gRPC (unique) runs. */
  generators: number
  trafficRatePerS: number
  oneCallerDurationS: number
  saturationDurationS: number
  stepDurationS: number
  searchStartRate: number
  searchMaxRate: number
  bisectSteps: number
  floorIterations: number
  batchSize: number
  /** Measure `npm start` as-is (localnet inside the service) against localnet apart. */
  placement: boolean
  /** What the service runs: the compiled build (default, as the container image) or its sources through tsx (`--source`, as `npm start`). */
  serviceEntry: ServiceEntry
}

export const FLOOR_USAGE = `npm run bench:floor [-- options]   (bench/README.md#floor)
  --quick            ≈3 min: shorter runs, fewer transactions, no npm-start placement run
  --no-write         print only; no bench/results/<date>-<commit>-floor.json
  --no-placement     skip npm start with localnet inside the service
  --concurrency LIST requests in flight of the saturation sweep, in order (default 16,32,48,64):
                     saturation is the fastest run with p99 ≤ 20 ms
  --generators N     load worker processes (default 2)
  --traffic-rate N   localnet:traffic's rate, tx/s (default 20, its own default)
  --results-dir DIR  default bench/results
  --source           run the service from its TypeScript through tsx, as npm start does
                     (default: compiled by npm run build:service, as the container image runs it)`

/** The settings of `argv`, or null for --help; a mistake in them throws (readFlagsOrExit reports it). */
export function readFloorSettings(argv: string[]): FloorSettings | null {
  const { values } = parseArgs({
    args: argv,
    options: {
      quick: { type: 'boolean', default: false },
      'no-write': { type: 'boolean', default: false },
      'no-placement': { type: 'boolean', default: false },
      concurrency: { type: 'string', default: '16,32,48,64' },
      generators: { type: 'string', default: '2' },
      'traffic-rate': { type: 'string', default: '20' },
      'results-dir': { type: 'string', default: 'bench/results' },
      source: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  })
  if (values.help) return null
  const quick = values.quick
  const positive = (name: string, text: string) => {
    const value = Number(text)
    if (!Number.isInteger(value) || value < 1) throw new FlagError(`--${name} wants a positive integer, not ${text}`)
    return value
  }
  const concurrencies = values.concurrency.split(',').map((text) => positive('concurrency', text.trim()))
  return {
    quick,
    write: !values['no-write'],
    resultsDir: values['results-dir'],
    transactions: quick ? 1_536 : 6_144,
    concurrency: concurrencies[0] as number,
    saturationConcurrencies: concurrencies,
    generators: positive('generators', values.generators),
    trafficRatePerS: positive('traffic-rate', values['traffic-rate']),
    oneCallerDurationS: quick ? 2 : 4,
    saturationDurationS: quick ? 3 : 5,
    stepDurationS: quick ? 1.5 : 2,
    searchStartRate: 1_000,
    searchMaxRate: 32_000,
    bisectSteps: quick ? 1 : 2,
    floorIterations: quick ? 3_000 : 10_000,
    batchSize: 50,
    placement: !quick && !values['no-placement'],
    serviceEntry: values.source ? 'source' : 'build',
  }
}
