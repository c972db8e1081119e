/** Starts bench/floor/bare-servers-process.ts with the service's captured answers and reads its ports. */
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { createInterface } from 'node:readline'

/** One answer per door, exactly as the service sent it, base64. */
export interface BareAnswers {
  /** REST: the response body. */
  rest: string
  /** gRPC: the DATA frames' bytes (5-byte prefix + SimulateResponse). */
  grpc: string
  /** WebSocket: the answer frame's text. */
  websocket: string
}

export interface BarePorts {
  http: number
  grpc: number
  websocket: number
}

export interface BareServers {
  ports: BarePorts
  pid: number
  close(): Promise<void>
}

/** Spawns the process and resolves once its three servers listen. */
export async function startBareServers(answers: BareAnswers): Promise<BareServers> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'bare-servers-process.ts')], {
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const ports = await new Promise<BarePorts>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the bare servers exited (code ${code}) before listening`)))
    createInterface({ input: child.stdout }).once('line', (line) => resolve(JSON.parse(line) as BarePorts))
    child.stdin.write(`${JSON.stringify(answers)}\n`)
  })
  return {
    ports,
    pid: child.pid as number,
    async close() {
      child.stdin.end()
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
      await exited
      clearTimeout(timer)
    },
  }
}
