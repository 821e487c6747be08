// The official plugins' own front-end code over stdio: each plugin's api-iife.js (the guest-js
// bundle plugins-workspace commits), evaluated unmodified beside the real @tauri-apps/api in a
// Node vm whose Tauri internals are the client's installMocks. The bundles are read at the pin
// from a plugins-workspace clone (BRIDGE_PLUGINS_WORKSPACE, else ../.mirror/…): they are not in
// ../shared/conformance and are not copied into the repository, so without a clone this skips.
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import vm from 'node:vm'

import { spawnBridge } from '../index.js'

const here = dirname(fileURLToPath(import.meta.url))
const root = resolve(here, '..', '..', '..')
const executable = process.env.BRIDGE_EXECUTABLE || join(root, '.build', 'debug', 'bridge')
const bundle = resolve(root, '..', 'shared', 'conformance', 'tauri-ipc', 'bundle.global.js')
const pin = '77149dc4320d26b413e4a6bbe82c654367c51b32'
const workspace = process.env.BRIDGE_PLUGINS_WORKSPACE || resolve(root, '..', '.mirror', 'tauri-apps+plugins-workspace', 'repo')

function iife (plugin) {
  const file = join(workspace, 'plugins', plugin, 'api-iife.js')
  if (existsSync(file)) return readFileSync(file, 'utf8')
  try {
    return execFileSync('git', [`--git-dir=${workspace}`, 'show', `${pin}:plugins/${plugin}/api-iife.js`], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
  } catch { return null }
}

const plugins = ['clipboard-manager', 'notification', 'os', 'store', 'haptics', 'biometric', 'dialog']
const sources = Object.fromEntries(plugins.map((p) => [p, iife(p)]))
const skip = (!existsSync(bundle) && 'needs ../shared/conformance') ||
  (Object.values(sources).some((s) => s === null) && `the plugins' api-iife.js at plugins-workspace@${pin.slice(0, 8)} are not here (set BRIDGE_PLUGINS_WORKSPACE)`)

test('each plugin\'s own api-iife.js runs unmodified over stdio and answers as the phone', { skip }, async () => {
  const sandbox = mkdtempSync(join(tmpdir(), 'bridge-guest-js-'))
  const capabilities = join(root, 'Tests', 'Fixtures', 'capabilities', 'guest-js')
  const bridge = spawnBridge({ executable, capabilities, platform: 'ios', sandbox, extraArgs: ['--locale', 'de-DE', '--permission', 'notification=granted'] })
  try {
    await bridge.ready
    const window = { console, setTimeout, clearTimeout, Promise, Uint8Array, ArrayBuffer, JSON, Object, Array, Map, Set, Number, Error, TextEncoder, TextDecoder }
    window.window = window
    window.globalThis = window
    const clear = bridge.installMocks(window)
    vm.runInNewContext(readFileSync(bundle, 'utf8'), window)
    for (const plugin of plugins) vm.runInNewContext(sources[plugin], window)
    const w = window
    await w.__TAURI_PLUGIN_CLIPBOARD_MANAGER__.writeText('copied')
    assert.equal(await w.__TAURI_PLUGIN_CLIPBOARD_MANAGER__.readText(), 'copied')
    assert.equal(await w.__TAURI_PLUGIN_OS__.locale(), 'de-DE')
    const store = await w.__TAURI_PLUGIN_STORE__.load('prefs.json', { autoSave: false })
    await store.set('theme', 'dark')
    assert.equal(await store.get('theme'), 'dark')
    await w.__TAURI_PLUGIN_HAPTICS__.impactFeedback('light')
    assert.deepEqual(await w.__TAURI_PLUGIN_BIOMETRIC__.checkStatus(), { isAvailable: true, biometryType: 2 })
    assert.equal(await w.__TAURI_PLUGIN_DIALOG__.confirm('Sure?'), true)
    const n = w.__TAURI_PLUGIN_NOTIFICATION__
    // isPermissionGranted() reads window.Notification, which the plugin's init script defines in
    // a webview (browser mode injects it); in Node the command it falls back to answers.
    assert.equal(await w.__TAURI__.core.invoke('plugin:notification|is_permission_granted'), true)
    await w.__TAURI__.core.invoke('plugin:notification|notify', { options: { id: 3, title: 'Paid' } })
    assert.deepEqual((await n.active()).map((a) => [a.id, a.title]), [[3, 'Paid']])
    await assert.rejects(n.removeChannel('x'), (e) => e === 'not implemented' || e?.message === 'not implemented')
    clear()
  } finally {
    await bridge.close()
  }
})
