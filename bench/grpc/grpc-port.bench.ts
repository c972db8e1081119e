/**
 * The engine's gRPC port against its floors, one client for all (h2load, a process of its own,
 * sending Simulate as a raw gRPC body with the bench user's x-api-key): a bare node:http2 server
 * answering a captured Simulate response, a grpc-js server with a no-op handler, and the real port
 * (startEngine's, behind the gate, every call simulated and recorded as in `npm start`), with REST's
 * simulate on the same engine beside them (h2load --h1, same bytes and key). Targets
 * alternate within each round, so a busy moment of the machine touches all of them.
 *   npx tsx bench/grpc/grpc-port.bench.ts [--rounds 2] [--duration 5] [--only port]
 * Writes bench/results/<date>-<commit>-grpc-port.json.
 */
import { execFile } from 'node:child_process'
import { connect } from 'node:http2'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createLogger } from '../../lib/logger.js'
import { loadEngineProto } from '../../lib/grpc/load-proto.js'
import { createBenchCase } from '../support/bench-cases.js'
import { getApiKeyHeaders } from '../support/bench-credentials.js'
import { startBenchService } from '../support/bench-service.js'
import { getGitState, getLoadAverage, getMachineInfo } from '../support/machine-info.js'
import { createBareGrpcServer } from '../floor/bare-grpc-server.js'
import { startGrpcJsNoopServer } from './floor-servers.js'
import { toGrpcFrame } from '../support/grpc-frame.js'
import { runH2load, type H2loadFigures } from './h2load-run.js'
import { readFlags } from '../support/command-line.js'

const COMMAND = 'npx tsx bench/grpc/grpc-port.bench.ts'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const SIMULATE_PATH = '/preflight.engine.v1.Engine/Simulate'
const REST_SIMULATE_PATH = '/api/v1/solana/tx/simulate'

const { values } = readFlags(COMMAND, {
  options: {
    rounds: { type: 'string', default: '2' },
    duration: { type: 'string', default: '5' },
    only: { type: 'string' },
    connections: { type: 'string', default: '2' },
    streams: { type: 'string', default: '16' },
    // Also a standard grpc-js client (bench/grpc/grpc-js-caller.ts) at `streams` calls in flight and at one.
    'grpc-js-client': { type: 'boolean', default: false },
  },
})

async function getLatestBlockhash(rpcUrl: string): Promise<string> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getLatestBlockhash', params: [{ commitment: 'processed' }] }),
  })
  const body = (await response.json()) as { result: { value: { blockhash: string } } }
  return body.result.value.blockhash
}

/** One call over node:http2 with the same headers: the answer's message, or a throw naming its status. */
async function callOnce(port: number, body: Buffer, headers: Record<string, string>): Promise<Buffer> {
  const session = connect(`http://127.0.0.1:${port}`)
  try {
    return await new Promise<Buffer>((resolve, reject) => {
      const stream = session.request({
        ':method': 'POST',
        ':path': SIMULATE_PATH,
        'content-type': 'application/grpc',
        te: 'trailers',
        ...headers,
      })
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('error', reject)
      stream.on('trailers', (trailers) => {
        if (trailers['grpc-status'] !== '0')
          reject(new Error(`grpc-status ${String(trailers['grpc-status'])}: ${String(trailers['grpc-message'])}`))
      })
      stream.on('end', () => resolve(Buffer.concat(chunks).subarray(5)))
      stream.end(body)
    })
  } finally {
    session.close()
  }
}

/** Runs bench/grpc/grpc-js-caller.ts in a process of its own (asynchronously: the servers are in this one). */
async function runGrpcJsCaller(port: number, concurrency: number, seconds: number, body: Buffer, apiKey: string): Promise<H2loadFigures> {
  const script = join(ROOT, 'bench', 'grpc', 'grpc-js-caller.ts')
  const args = ['--import', 'tsx', script, String(port), String(concurrency), String(seconds), body.toString('base64'), apiKey]
  const out = await new Promise<string>((resolve, reject) =>
    execFile(process.execPath, args, { cwd: ROOT }, (error, stdout) => (error ? reject(error) : resolve(stdout))),
  )
  const figures = JSON.parse(out) as Omit<H2loadFigures, 'maxUs'>
  return { ...figures, maxUs: Number.NaN }
}

const logger = createLogger('bench', 'warn')
const service = await startBenchService(process.env.DATABASE_URL, logger)
try {
  const benchCase = createBenchCase('sol-transfer', await getLatestBlockhash(service.rpcUrl))
  const { service: definition } = loadEngineProto().preflight.engine.v1.Engine
  const request = definition.Simulate.requestSerialize({ transaction: Buffer.from(benchCase.bytes), vectors: [], timeout_ms: 0 })
  const body = toGrpcFrame(request)
  const headers = { 'content-type': 'application/grpc', te: 'trailers', ...getApiKeyHeaders(service.credentials) }
  const portNumber = Number(service.grpcAddress.split(':').pop())
  const captured = await callOnce(portNumber, body, headers)
  const bare = await createBareGrpcServer(toGrpcFrame(captured))
  const grpcJs = await startGrpcJsNoopServer(SIMULATE_PATH, captured)
  const targets = [
    { name: 'bare-http2', port: bare.port },
    { name: 'grpc-js-noop', port: grpcJs.port },
    { name: 'port', port: portNumber },
    // The same simulation over REST (fastify, HTTP/1.1 keep-alive), same client: the other door's figure.
    { name: 'rest', port: service.edgePort },
  ].filter((target) => values.only === undefined || values.only.split(',').includes(target.name))
  const durationS = Number(values.duration)
  const clientLoads = [
    ['h2load', 'saturation'],
    ['h2load', 'one-caller'],
    ...(values['grpc-js-client'] ? [['grpc-js', 'saturation'] as const, ['grpc-js', 'one-caller'] as const] : []),
  ] as const
  const runs: Array<{
    round: number
    target: string
    client: string
    load: 'saturation' | 'one-caller'
    figures: H2loadFigures
    serverCpuUsPerCall: number
  }> = []
  for (let round = 1; round <= Number(values.rounds); round++) {
    for (const [client, load] of clientLoads) {
      for (const target of round % 2 === 0 ? [...targets].reverse() : targets) {
        if (client === 'grpc-js' && target.name === 'rest') continue
        // The servers' CPU per call (this process: user + system), which a client-bound run's rate hides.
        const cpuBefore = process.cpuUsage()
        const saturating = load === 'saturation'
        const figures =
          client === 'h2load'
            ? await runH2load({
                port: target.port,
                ...(target.name === 'rest'
                  ? {
                      path: REST_SIMULATE_PATH,
                      body: benchCase.restBody,
                      headers: { 'content-type': 'application/json', ...getApiKeyHeaders(service.credentials) },
                      h1: true,
                    }
                  : { path: SIMULATE_PATH, body, headers }),
                // HTTP/1.1 has no streams: as many connections as the others have calls in flight.
                connections: !saturating
                  ? 1
                  : target.name === 'rest'
                    ? Number(values.connections) * Number(values.streams)
                    : Number(values.connections),
                streams: saturating && target.name !== 'rest' ? Number(values.streams) : 1,
                durationS,
                warmupS: 1,
              })
            : await runGrpcJsCaller(target.port, saturating ? Number(values.streams) : 1, durationS, body, service.credentials.apiKey)
        const cpu = process.cpuUsage(cpuBefore)
        // The warm-up second's calls are served too, at about the measured rate.
        const serverCpuUsPerCall = Math.round((cpu.user + cpu.system) / (figures.callsPerS * (durationS + 1)))
        runs.push({ round, target: target.name, client, load, figures, serverCpuUsPerCall })
        const f = figures
        process.stdout.write(
          `round ${round} ${client.padEnd(7)} ${load.padEnd(10)} ${target.name.padEnd(12)} ${f.callsPerS.toFixed(0).padStart(7)} calls/s  p50 ${f.p50Us} µs  p99 ${f.p99Us} µs  max ${f.maxUs} µs  server CPU ${serverCpuUsPerCall} µs/call  failed ${f.failed}\n`,
        )
      }
    }
  }
  await bare.close()
  await grpcJs.close()
  const git = getGitState(ROOT)
  const result = {
    kind: 'grpc-port',
    date: new Date().toISOString(),
    git,
    machine: getMachineInfo(ROOT),
    loadAverage: getLoadAverage(),
    settings: { ...values, case: 'sol-transfer', client: 'h2load (nghttp2), -t 1' },
    runs,
  }
  mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true })
  const file = join(ROOT, 'bench', 'results', `${result.date.slice(0, 10)}-${git.commit}-grpc-port.json`)
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`)
  process.stdout.write(`written ${file}\n`)
} finally {
  await service.close()
}
