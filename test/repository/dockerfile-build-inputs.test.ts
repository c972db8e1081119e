/**
 * The image's build stage copies every source `npm run build` reads: what tsconfig.build.json
 * compiles, the scripts the build runs, and the dashboard with the SDK sources it is built from
 * (dashboard/vite.config.ts's alias). A folder the build reads but the Dockerfile leaves out
 * would fail `docker build` — or, for the dashboard, ship an image whose /app/ is a 404.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import t from 'tap'

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url))

function getCopiedPaths(): string[] {
  const dockerfile = readFileSync(join(REPO_ROOT, 'deploy/Dockerfile'), 'utf8')
  const buildStage = dockerfile.split(/^FROM /m)[1] ?? ''
  return [...buildStage.matchAll(/^COPY (?!--from)(.+) \S+$/gm)].flatMap((match) => (match[1] as string).split(/\s+/))
}

t.test('the build stage copies what the build reads', async (t) => {
  const copied = getCopiedPaths()
  const build = JSON.parse(readFileSync(join(REPO_ROOT, 'tsconfig.build.json'), 'utf8')) as { include: string[] }
  const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
  const viteConfig = readFileSync(join(REPO_ROOT, 'dashboard/vite.config.ts'), 'utf8')
  const sdkAlias = /'@preflight\/sdk': resolvePath\('\.\.\/([^']+?)\/index\.ts'\)/.exec(viteConfig)?.[1]
  t.equal(sdkAlias, 'sdk/typescript/src', 'the dashboard builds the SDK from its sources')
  const needed = [
    ...build.include,
    'tsconfig.json',
    'tsconfig.build.json',
    'package.json',
    'package-lock.json',
    ...(pkg.scripts.build?.includes('scripts/') ? ['scripts'] : []),
    ...(pkg.scripts['build:dashboard']?.includes('dashboard/') ? ['dashboard'] : []),
    sdkAlias ?? 'sdk/typescript/src',
  ]
  for (const path of needed) t.ok(copied.includes(path), `COPY ${path}`, { copied })
})
