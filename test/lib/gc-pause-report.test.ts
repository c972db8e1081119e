import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { startGcPauseReport, type GcPauseReport } from '../../lib/gc-pause-report.js'

async function waitForReport(file: string, seq: number): Promise<GcPauseReport> {
  for (let i = 0; i < 200; i++) {
    try {
      const report = JSON.parse(readFileSync(file, 'utf8')) as GcPauseReport
      if (report.seq >= seq) return report
    } catch {
      // not written yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error(`no report ${seq}`)
}

t.test('each SIGUSR2 writes the pauses since the previous one', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'gc-report-'))
  const file = join(dir, 'gc.json')
  const stop = startGcPauseReport(file)
  t.teardown(() => {
    stop()
    rmSync(dir, { recursive: true, force: true })
  })
  process.kill(process.pid, 'SIGUSR2')
  const first = await waitForReport(file, 1)
  t.equal(first.seq, 1)
  // Garbage enough for a few scavenges.
  let keep = 0
  for (let i = 0; i < 200_000; i++) keep += { value: new Array(16).fill(i) }.value.length
  t.ok(keep > 0)
  await new Promise((resolve) => setTimeout(resolve, 50))
  process.kill(process.pid, 'SIGUSR2')
  const second = await waitForReport(file, 2)
  t.ok(second.pausesMs.length > 0, `${second.pausesMs.length} pauses`)
  t.ok(second.pausesMs.every((pause) => pause >= 0))
})
