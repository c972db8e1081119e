/**
 * Every way we launch a process of ours gives node the same options (bench/support/launch-node-options.ts):
 * package.json's start scripts (ours first, the caller's NODE_OPTIONS after them, so the caller's
 * win) and the image's ENV, which the compose file and the Kubernetes manifests inherit. The
 * benchmarks launch what they measure with the same options, from the same constant.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import t from 'tap'
import { LAUNCH_NODE_OPTIONS, withLaunchNodeOptions } from '../../bench/support/launch-node-options.js'

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url))
const read = (path: string) => readFileSync(join(REPO_ROOT, path), 'utf8')

function listYaml(directory: string): string[] {
  return readdirSync(join(REPO_ROOT, directory), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.yaml'))
    .map((name) => join(directory, name))
}

t.test("package.json's start scripts (and localnet's traffic generator)", async (t) => {
  const { scripts } = JSON.parse(read('package.json')) as { scripts: Record<string, string> }
  const starts = Object.entries(scripts).filter(([name]) => name === 'start' || name.startsWith('start:') || name === 'localnet:traffic')
  t.ok(starts.length >= 6, "the service, its three parts, localnet and localnet's traffic")
  for (const [name, script] of starts) {
    t.match(script, new RegExp(`^NODE_OPTIONS="${LAUNCH_NODE_OPTIONS} \\$\\{NODE_OPTIONS:-\\}" exec node `), name)
  }
})

t.test("the image's ENV, and nothing in deploy/ replaces it", async (t) => {
  const runtime = read('deploy/Dockerfile').split(/^FROM /m)[2] ?? ''
  t.match(runtime, new RegExp(`^\\s+NODE_OPTIONS=${LAUNCH_NODE_OPTIONS}$`, 'm'), 'the runtime stage sets it')
  for (const path of [...listYaml('deploy/k8s'), 'deploy/compose.yaml']) t.notMatch(read(path), /NODE_OPTIONS/, path)
})

t.test("the benchmarks' launch: ours first, the caller's after", async (t) => {
  t.equal(withLaunchNodeOptions({}).NODE_OPTIONS, LAUNCH_NODE_OPTIONS)
  t.equal(withLaunchNodeOptions({ NODE_OPTIONS: ' --v8-pool-size=4 ' }).NODE_OPTIONS, `${LAUNCH_NODE_OPTIONS} --v8-pool-size=4`)
  t.equal(withLaunchNodeOptions({ NODE_OPTIONS: '', A: 'b' }).A, 'b', 'the rest of the environment is kept')
})
