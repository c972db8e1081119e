/**
 * The Kubernetes manifests (deploy/k8s/): every document of the base and of each overlay, as
 * `kubectl kustomize` builds it, against Kubernetes' own schemas (the OpenAPI definitions npm
 * `kubernetes-models` compiles: kinds, types, required fields, formats; it does not flag unknown
 * fields), and the rules the deployment relies on: probes, a preStop and a grace period longer than
 * the drain, requests and limits, a disruption budget and an autoscaler over each fleet, an account
 * cache that fits its pod. The overlays need kubectl (its built-in kustomize); without it they skip.
 */
import { execFile, spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import t, { type Test } from 'tap'
import { parseAllDocuments } from 'yaml'
import { Deployment } from 'kubernetes-models/apps/v1'
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2'
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1'
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1'
import { Service } from 'kubernetes-models/v1'
import { SHUTDOWN_DEADLINE_MS } from '../../lib/shutdown.js'

const run = promisify(execFile)
const K8S = join(import.meta.dirname, '..', '..', 'deploy', 'k8s')
const BASE = join(K8S, 'base')
const OVERLAYS = ['small', 'large'] as const
const HAS_KUBECTL = spawnSync('kubectl', ['version', '--client'], { stdio: 'ignore' }).status === 0

// Every kind the manifests may hold, by apiVersion/kind, with the model that validates it.
const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'apps/v1/Deployment': Deployment,
  'v1/Service': Service,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
}

interface Manifest {
  apiVersion: string
  kind: string
  metadata: { name: string }
  spec: Record<string, unknown>
}

interface Container {
  name: string
  env?: Array<{ name: string; value?: string }>
  resources?: { requests?: { cpu?: string; memory?: string }; limits?: { memory?: string } }
  readinessProbe?: unknown
  lifecycle?: { preStop?: { exec?: { command?: string[] } } }
  securityContext?: { readOnlyRootFilesystem?: boolean }
}

interface PodSpec {
  terminationGracePeriodSeconds?: number
  securityContext?: { runAsNonRoot?: boolean }
  containers: Container[]
}

function parseManifests(text: string): Manifest[] {
  return parseAllDocuments(text)
    .map((document) => document.toJS() as Manifest | null)
    .filter((manifest): manifest is Manifest => manifest !== null)
}

/** The base's resource files, read as they are (kustomize adds nothing to them). */
function readBase(): Manifest[] {
  return readdirSync(BASE)
    .filter((name) => name.endsWith('.yaml') && name !== 'kustomization.yaml')
    .flatMap((name) => parseManifests(readFileSync(join(BASE, name), 'utf8')))
}

async function build(dir: string): Promise<Manifest[]> {
  const { stdout } = await run('kubectl', ['kustomize', dir], { maxBuffer: 8 << 20 })
  return parseManifests(stdout)
}

/** A resource quantity in base units (cores, bytes): "500m", "2", "512Mi", "6Gi". */
function toQuantity(text: string | undefined): number {
  const match = /^(\d+(?:\.\d+)?)(m|Ki|Mi|Gi|Ti)?$/.exec(text ?? '')
  if (!match) return NaN
  const unit = { m: 1e-3, Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, Ti: 2 ** 40 }[match[2] ?? ''] ?? 1
  return Number(match[1]) * unit
}

function validate(t: Test, manifests: readonly Manifest[], where: string): void {
  for (const manifest of manifests) {
    const key = `${manifest.apiVersion}/${manifest.kind}`
    const Model = MODELS[key]
    if (!Model) {
      t.fail(`${where}: ${key} ${manifest.metadata?.name}: a kind this test does not know`)
      continue
    }
    t.doesNotThrow(() => new Model(manifest as never).validate(), `${where}: ${manifest.kind} ${manifest.metadata.name} is valid`)
  }
}

function checkRules(t: Test, manifests: readonly Manifest[], where: string): void {
  const of = (kind: string) => manifests.filter((manifest) => manifest.kind === kind)
  const deployments = of('Deployment')
  t.same(
    deployments.map((d) => d.metadata.name).sort(),
    ['preflight-accounts', 'preflight-edge', 'preflight-engine'],
    `${where}: the three processes`,
  )
  for (const deployment of deployments) {
    const name = `${where}: ${deployment.metadata.name}`
    const pod = (deployment.spec.template as { spec: PodSpec }).spec
    const labels = (deployment.spec.selector as { matchLabels: Record<string, string> }).matchLabels
    t.equal(pod.securityContext?.runAsNonRoot, true, `${name} runs as a non-root user`)
    for (const container of pod.containers) {
      t.ok(container.readinessProbe, `${name}: a readiness probe`)
      t.equal(container.securityContext?.readOnlyRootFilesystem, true, `${name}: a read-only root filesystem`)
      const preStop = container.lifecycle?.preStop?.exec?.command ?? []
      const preStopMs = Number(/setTimeout\(\(\) => \{\}, (\d+)\)/.exec(preStop.join(' '))?.[1] ?? NaN)
      t.ok(preStopMs > 0, `${name}: a preStop that waits for the endpoints to go (${preStopMs} ms)`)
      t.ok(
        (pod.terminationGracePeriodSeconds ?? 30) * 1000 > preStopMs + SHUTDOWN_DEADLINE_MS,
        `${name}: the grace period (${pod.terminationGracePeriodSeconds} s) outlasts the preStop and the drain's ${SHUTDOWN_DEADLINE_MS} ms deadline`,
      )
      const requests = container.resources?.requests
      const limit = toQuantity(container.resources?.limits?.memory)
      t.ok(toQuantity(requests?.cpu) > 0 && toQuantity(requests?.memory) > 0, `${name}: CPU and memory requests`)
      t.ok(limit >= toQuantity(requests?.memory), `${name}: a memory limit at or above the request`)
      const cache = container.env?.find((variable) => variable.name === 'ACCOUNT_CACHE_MAX_BYTES')?.value
      if (cache !== undefined) t.ok(Number(cache) <= limit / 2, `${name}: the account cache (${cache} B) fits in half the memory limit`)
    }
    const budgets = of('PodDisruptionBudget').filter((budget) => {
      const selector = (budget.spec.selector as { matchLabels: Record<string, string> }).matchLabels
      return Object.entries(selector).every(([key, value]) => labels[key] === value)
    })
    t.equal(budgets.length, 1, `${name}: one disruption budget over its pods`)
  }
  for (const target of ['preflight-engine', 'preflight-edge']) {
    const autoscaler = of('HorizontalPodAutoscaler').find(
      (hpa) => (hpa.spec.scaleTargetRef as { name: string; kind: string }).name === target,
    )
    const deployment = deployments.find((d) => d.metadata.name === target)
    t.ok(autoscaler, `${where}: ${target} has an autoscaler`)
    if (!autoscaler || !deployment) continue
    const { minReplicas, maxReplicas } = autoscaler.spec as { minReplicas: number; maxReplicas: number }
    const replicas = deployment.spec.replicas as number
    t.ok(
      minReplicas <= replicas && replicas <= maxReplicas,
      `${where}: ${target}'s ${replicas} replicas lie within its autoscaler's ${minReplicas}–${maxReplicas}`,
    )
  }
}

t.test('the base manifests are valid Kubernetes objects and keep the deployment rules', async (t) => {
  const base = readBase()
  validate(t, base, 'base')
  checkRules(t, base, 'base')
})

t.test('the schemas catch a broken manifest (the check can fail)', async (t) => {
  const deployment = readBase().find((manifest) => manifest.kind === 'Deployment') as Manifest
  const wrongType = structuredClone(deployment)
  wrongType.spec.replicas = 'two'
  t.throws(() => new Deployment(wrongType as never).validate(), /replicas/, 'replicas must be an integer')
  const noSelector = structuredClone(deployment)
  delete noSelector.spec.selector
  t.throws(() => new Deployment(noSelector as never).validate(), /selector/, 'a Deployment needs its selector')
})

t.test(
  'each overlay builds with kustomize into valid manifests that keep the rules',
  { skip: HAS_KUBECTL ? false : 'kubectl is not installed: the overlays are not built' },
  async (t) => {
    const base = await build(BASE)
    t.same(
      base.map((m) => `${m.kind}/${m.metadata.name}`).sort(),
      readBase()
        .map((m) => `${m.kind}/${m.metadata.name}`)
        .sort(),
      'the base kustomization lists every manifest file',
    )
    const replicas = (manifests: readonly Manifest[], name: string) =>
      manifests.find((m) => m.kind === 'Deployment' && m.metadata.name === name)?.spec.replicas as number
    for (const overlay of OVERLAYS) {
      const built = await build(join(K8S, 'overlays', overlay))
      validate(t, built, overlay)
      checkRules(t, built, overlay)
      for (const name of ['preflight-engine', 'preflight-edge', 'preflight-accounts']) {
        const sized = overlay === 'small' ? replicas(built, name) <= replicas(base, name) : replicas(built, name) >= replicas(base, name)
        t.ok(sized, `${overlay}: ${name} has ${replicas(built, name)} replicas (base ${replicas(base, name)})`)
      }
    }
  },
)

t.test(
  'each overlay submits bundles: the engines name a relay and a tip wallet mounted read-only from its Secret',
  { skip: HAS_KUBECTL ? false : 'kubectl is not installed: the overlays are not built' },
  async (t) => {
    for (const overlay of OVERLAYS) {
      const built = await build(join(K8S, 'overlays', overlay))
      const engine = built.find((m) => m.kind === 'Deployment' && m.metadata.name === 'preflight-engine')
      const pod = (engine?.spec.template as { spec: PodSpec & { volumes?: Array<{ name: string; secret?: { secretName: string } }> } }).spec
      const container = pod.containers.find((c) => c.name === 'engine') as Container & {
        volumeMounts?: Array<{ name: string; mountPath: string; readOnly?: boolean }>
      }
      type EnvEntry = { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }
      const env = new Map((container.env as EnvEntry[]).map((entry) => [entry.name, entry]))
      t.same(
        env.get('RELAY_URL')?.valueFrom?.secretKeyRef,
        { name: 'preflight-relay', key: 'relay-url' },
        `${overlay}: RELAY_URL from its Secret`,
      )
      t.ok(env.has('SEND_STAKED_RPC_URLS'), `${overlay}: staked RPC URLs for the direct strategies`)
      const keypair = env.get('TIP_WALLET_KEYPAIR')?.value ?? ''
      const mount = container.volumeMounts?.find((m) => keypair.startsWith(`${m.mountPath}/`))
      t.ok(mount?.readOnly, `${overlay}: TIP_WALLET_KEYPAIR (${keypair}) lies in a read-only mount`)
      t.equal(
        pod.volumes?.find((v) => v.name === mount?.name)?.secret?.secretName,
        'preflight-tip-wallet',
        `${overlay}: from the tip wallet's Secret`,
      )
      t.ok(env.has('SOLANA_RPC_URLS') && env.has('ENGINE_INTERNAL_TOKEN'), `${overlay}: the base's variables are still there`)
    }
  },
)
