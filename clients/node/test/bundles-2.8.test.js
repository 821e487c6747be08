// The real Tauri 2.8 front end in Node over installMocks: @tauri-apps/api 2.8's global bundle and
// the plugins' api-iife.js (fs 2.4.2, dialog 2.3.3, http 2.5.2, os 2.3.1, …), cut out of
// pytauri-wheel 0.8.0 at test time by Tests/Bundles/wheel_bundles.py (never committed), run in a
// vm context whose window has the bridge's __TAURI_INTERNALS__ from installMocks, against the
// app of Tests/Fixtures/apps/tauri-2.8 (its Cargo.lock pins Tauri 2.8.5 and those plugins). The
// calls are Tests/Bundles/checks.js, the answers Tests/Bundles/expected.json, as in the browser
// (Tests/Bundles/browser_bundles.py); Tests/Bundles/known-node.json lists the failures accepted
// for now, each with its cause. Without the wheel: skipped, saying why (CI=true: fails).
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import vm from 'node:vm'

import { spawnBridge } from '../index.js'

const here = dirname(fileURLToPath(import.meta.url))
const root = resolve(here, '..', '..', '..')
const executable = process.env.BRIDGE_EXECUTABLE || join(root, '.build', 'debug', 'bridge')
const dir = join(root, 'Tests', 'Bundles')
const app = join(root, 'Tests', 'Fixtures', 'apps', 'tauri-2.8', 'src-tauri')
const readJSON = (name) => Object.fromEntries(Object.entries(JSON.parse(readFileSync(join(dir, name), 'utf8'))).filter(([k]) => !k.startsWith('//')))

/** The manifest of wheel_bundles.py (its files in a temporary folder), or the reason it is not here. */
function extract () {
  const out = mkdtempSync(join(tmpdir(), 'tauri-2.8-bundles-'))
  const run = spawnSync('python3', [join(dir, 'wheel_bundles.py'), out], { encoding: 'utf8', timeout: 600000 })
  if (run.status === 0 && run.stdout.trim()) return { manifest: JSON.parse(run.stdout) }
  rmSync(out, { recursive: true, force: true })
  const why = `the Tauri 2.8 bundles: ${(run.stderr || String(run.error)).trim().split('\n').pop().replace(/^bundles: (SKIP|FAIL): /, '')}`
  if (process.env.CI === 'true') throw new Error(why)
  return { skip: why }
}

const bundles = extract()

/** A window as a Tauri 2.8.5 webview has it: the bridge's internals, then the global bundle, then each plugin's. */
function tauriWindow (bridge, manifest) {
  const window = {
    console, setTimeout, clearTimeout, Promise, Uint8Array, ArrayBuffer, DataView, JSON, Object, Array, Map, Set, WeakMap,
    Number, String, Symbol, Error, TypeError, URL, Headers, Request, Response, ReadableStream, TextEncoder, TextDecoder, Reflect
  }
  window.window = window
  window.globalThis = window
  const clear = bridge.installMocks(window)
  const errors = []
  const run = (file) => {
    try { vm.runInNewContext(readFileSync(file, 'utf8'), window, { filename: file }) } catch (e) { errors.push(`${file}: ${e}`) }
  }
  run(manifest.global)
  for (const plugin of Object.values(manifest.plugins)) run(plugin.file)
  run(join(dir, 'checks.js'))
  return { window, clear, errors }
}

function matches (outcome, expected) {
  if (expected === 'any ok') return outcome !== undefined && 'ok' in outcome
  if (expected === 'any err') return outcome !== undefined && 'err' in outcome
  try { assert.deepStrictEqual(outcome, expected); return true } catch { return false }
}

test('the real Tauri 2.8 bundles over installMocks', { skip: bundles.skip, timeout: 300000 }, async (t) => {
  const { manifest } = bundles
  const expected = readJSON('expected.json')
  const known = readJSON('known-node.json')
  const sandbox = mkdtempSync(join(tmpdir(), 'bridge-bundles-sandbox-'))
  const server = createServer((req, res) => { res.writeHead(200, { 'Content-Type': 'text/plain' }); res.end('hello from 127.0.0.1') })
  await new Promise((r) => server.listen(0, '127.0.0.1', r))
  const bridge = spawnBridge({ executable, app, platform: 'linux', sandbox, httpPassthrough: true, extraArgs: ['--dialog', 'ok'] })
  try {
    await bridge.ready
    const { window, clear, errors } = tauriWindow(bridge, manifest)
    assert.deepEqual(errors, [], 'each bundle runs (a plugin\'s Object.defineProperty(window.__TAURI__, …) included)')
    const outcomes = await window.__bundleChecks(window.__TAURI__, { httpUrl: `http://127.0.0.1:${server.address().port}/ok/hello` })
    const names = Object.values(manifest.plugins).map((p) => p.namespace)
    const absent = names.filter((n) => !window.__TAURI__[n])
    outcomes['plugin namespaces defined'] = absent.length ? { err: `missing ${absent}` } : { ok: true }
    const failures = [], stale = []
    let passed = 0
    for (const [name, want] of Object.entries(expected)) {
      // plain values of this realm (the vm context's arrays and objects have their own prototypes)
      const got = outcomes[name] === undefined ? undefined : JSON.parse(JSON.stringify(outcomes[name]))
      const ok = matches(got, want)
      if (ok) passed++
      if (ok && name in known) stale.push(name)
      if (!ok) {
        const line = `${name}: got ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`
        if (name in known) t.diagnostic(`known: ${line} (${known[name]})`)
        else failures.push(line)
      }
    }
    t.diagnostic(`${passed} of ${Object.keys(expected).length} pass against the Tauri 2.8 bundles over installMocks (${manifest.source})`)
    assert.deepEqual(failures, [], 'new failures (fix them or list them in Tests/Bundles/known-node.json)')
    assert.deepEqual(stale, [], 'listed in known-node.json but passing: take them out')
    clear()
  } finally {
    await bridge.close()
    server.close()
    rmSync(sandbox, { recursive: true, force: true })
    rmSync(manifest.dir, { recursive: true, force: true })
  }
})
