/**
 * What the serving thread's live heap holds under saturation of one door: the service (localnet and
 * its traffic apart, as bench:floor runs them) loaded for `--seconds`, then a heap snapshot written
 * by the service itself (`v8.writeHeapSnapshot`, asked through its inspector) while the load goes
 * on, and summarised (bench/gc/heap-census.ts): bytes by type and the largest objects with what
 * keeps them alive. Writing the snapshot runs a full collection first and stops the serving thread
 * for a few seconds; the load's own figures are not the point here.
 *
 *   npm run bench:heap -- [--door grpc|rest|websocket] [--seconds 8] [--connections 32] [--top 25] [--env NAME=VALUE ...]
 *     [--save service.heapsnapshot]   (the snapshot, for Chrome DevTools' Memory tab)
 *     [--source]   (the service from its TypeScript through tsx, as npm start runs it; default: compiled)
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseEnvPairs } from '../support/env-pairs.js'
import { summarizeHeapSnapshot } from './heap-census.js'
import { openInspector } from './inspector-session.js'
import { withInspectedServiceUnderLoad } from './inspected-service-load.js'
import { isSaturationDoor } from '../floor/service-saturation-load.js'
import { checkFlags, readFlags, rejectFlag } from '../support/command-line.js'

const COMMAND = 'npm run bench:heap --'

/** Has the process whose inspector listens on `port` write its heap snapshot to `path`. */
async function writeSnapshot(port: number, path: string): Promise<void> {
  const inspector = await openInspector(port)
  try {
    // The console's command-line API gives the expression `require`, whatever module system the service runs in.
    const reply = (await inspector.call('Runtime.evaluate', {
      expression: `require('node:v8').writeHeapSnapshot(${JSON.stringify(path)})`,
      includeCommandLineAPI: true,
      returnByValue: true,
    })) as { result?: { value?: unknown }; exceptionDetails?: { text?: string } }
    if (reply.exceptionDetails || reply.result?.value !== path) {
      throw new Error(`the service did not write its heap snapshot: ${JSON.stringify(reply).slice(0, 300)}`)
    }
  } finally {
    inspector.close()
  }
}

async function main(): Promise<void> {
  const { values } = readFlags(COMMAND, {
    options: {
      door: { type: 'string', default: 'grpc' },
      seconds: { type: 'string', default: '8' },
      connections: { type: 'string', default: '32' },
      top: { type: 'string', default: '25' },
      save: { type: 'string' },
      source: { type: 'boolean', default: false },
      env: { type: 'string', multiple: true, default: [] },
    },
  })
  if (!isSaturationDoor(values.door)) rejectFlag(COMMAND, `--door: rest, grpc or websocket, not ${values.door}`)
  const [seconds, connections, top] = [Number(values.seconds), Number(values.connections), Number(values.top)]
  Object.assign(
    process.env,
    checkFlags(COMMAND, () => parseEnvPairs(values.env)),
  )
  const workDir = mkdtempSync(join(tmpdir(), 'preflight-live-heap-'))
  const snapshotPath = join(workDir, 'service.heapsnapshot')
  try {
    await withInspectedServiceUnderLoad(
      { door: values.door, connections, entry: values.source ? 'source' : 'build' },
      async ({ inspectorPort, load }) => {
        // Longer than the wait, so calls are in flight when the snapshot is written (which takes a few seconds).
        const run = load(seconds + 10, 'measure')
        await new Promise((resolve) => setTimeout(resolve, seconds * 1000))
        await writeSnapshot(inspectorPort, snapshotPath)
        process.stdout.write(`${values.door} saturation, ${connections} in flight, the serving thread's heap after ${seconds} s:\n`)
        process.stdout.write(summarizeHeapSnapshot(readFileSync(snapshotPath, 'utf8'), { top }))
        if (values.save) copyFileSync(snapshotPath, values.save)
        await run
      },
    )
  } finally {
    rmSync(workDir, { recursive: true, force: true })
  }
}

await main()
