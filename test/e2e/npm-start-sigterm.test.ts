/**
 * A supervisor (or `docker stop`, or `kill`) signals one PID: under `npm start` that is npm's.
 * npm forwards SIGTERM to its script's process, which must be the server itself: the service
 * drains, releases every port and exits 0, npm exits 0 with it, and nothing is left serving.
 * (When the script was `tsx main.ts`, npm and tsx went and the server they had started kept
 * serving, orphaned.)
 */
import t from 'tap'
import { assertStopsOnSigterm, createServiceProcessSetup, startServiceProcess } from '../helpers/service-process.js'

t.test('SIGTERM to the npm start process drains the server, and npm exits 0', async (t) => {
  const setup = await createServiceProcessSetup(t, { LOG_LEVEL: 'info' })
  const running = await startServiceProcess(t, setup, { command: 'npm', args: ['start'] })
  if (!running) return
  await assertStopsOnSigterm(t, running, setup, 5_000)
})
