/**
 * The build's second step (`npm run build`, after tsc): copies every file tsc does not emit from
 * the folders the build compiles into its out dir, at the same relative path. The product reads
 * such files beside its modules at run time (the gRPC contracts, the SQL migrations, the engine's
 * data files under `engine/detection/<area>/data/`); copying every non-TypeScript file, rather than a list
 * of extensions, means a new data file cannot be left out of `dist/`.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'

const REPO_ROOT = join(import.meta.dirname, '..')

interface BuildTsconfig {
  include: string[]
  exclude?: string[]
  compilerOptions?: { outDir?: string }
}

/** The folders the build compiles and where it writes, as tsconfig.build.json says (never restated here). */
function getBuildLayout(): { sourceDirs: string[]; excluded: Set<string>; outDir: string } {
  const build = JSON.parse(readFileSync(join(REPO_ROOT, 'tsconfig.build.json'), 'utf8')) as BuildTsconfig
  const base = JSON.parse(readFileSync(join(REPO_ROOT, 'tsconfig.json'), 'utf8')) as BuildTsconfig
  const outDir = build.compilerOptions?.outDir ?? base.compilerOptions?.outDir
  if (!outDir) throw new Error('tsconfig.build.json names no outDir')
  const sourceDirs = build.include.filter((entry) => statSync(join(REPO_ROOT, entry)).isDirectory())
  return { sourceDirs, excluded: new Set(build.exclude ?? []), outDir }
}

/** Every file under `dir` (repository-relative) that tsc does not emit, skipping `excluded` paths. */
function getAssetPaths(dir: string, excluded: Set<string>): string[] {
  const paths: string[] = []
  for (const entry of readdirSync(join(REPO_ROOT, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (excluded.has(path) || entry.name === 'node_modules') continue
    if (entry.isDirectory()) paths.push(...getAssetPaths(path, excluded))
    else if (entry.isFile() && !entry.name.endsWith('.ts')) paths.push(path)
  }
  return paths
}

const { sourceDirs, excluded, outDir } = getBuildLayout()
let count = 0
for (const dir of sourceDirs) {
  for (const path of getAssetPaths(dir, excluded)) {
    const target = join(REPO_ROOT, outDir, path)
    mkdirSync(dirname(target), { recursive: true })
    copyFileSync(join(REPO_ROOT, path), target)
    count++
  }
}
console.log(`copied ${count} asset files into ${relative(process.cwd(), join(REPO_ROOT, outDir)) || '.'}`)
