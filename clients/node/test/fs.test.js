// fs through the real @tauri-apps/api's invoke, as plugin-fs's guest-js calls it: writeFile's
// raw body and headers, readFile's bytes, FileHandle-style rids closed through plugin:resources.
import assert from 'node:assert/strict'
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
const capabilities = join(root, 'Tests', 'Fixtures', 'capabilities', 'official')
const bundle = resolve(root, '..', 'shared', 'conformance', 'tauri-ipc', 'bundle.global.js')
const skip = !existsSync(bundle) && process.env.CI !== 'true' && 'needs ../shared/conformance'

test('writeFile and readFile as guest-js sends them land in the sandbox at the device path', { skip }, async () => {
  const sandbox = mkdtempSync(join(tmpdir(), 'bridge-fs-'))
  const bridge = spawnBridge({ executable, capabilities, platform: 'android', sandbox })
  try {
    await bridge.ready
    const window = { console, setTimeout, Promise, Uint8Array, ArrayBuffer, JSON, Object, Array, Map, Number, Error }
    window.window = window
    window.globalThis = window
    const clear = bridge.installMocks(window)
    vm.runInNewContext(readFileSync(bundle, 'utf8'), window)
    const { invoke } = window.__TAURI__.core
    const AppData = 14
    await invoke('plugin:fs|mkdir', { path: '', options: { baseDir: AppData, recursive: true } })
    // plugin-fs guest-js writeFile: invoke(cmd, data, {headers: {path, options}}).
    const data = new TextEncoder().encode('héllo')
    await invoke('plugin:fs|write_file', data, {
      headers: { path: encodeURIComponent('notes.txt'), options: JSON.stringify({ baseDir: AppData }) }
    })
    assert.equal(readFileSync(join(sandbox, 'android', 'data', 'user', '0', 'com.example.app', 'notes.txt'), 'utf8'), 'héllo')
    const bytes = await invoke('plugin:fs|read_file', { path: 'notes.txt', options: { baseDir: AppData } })
    assert.deepEqual(Uint8Array.from(bytes), data)
    await assert.rejects(invoke('plugin:fs|read_file', { path: '/etc/hostname' }), (e) => e === 'forbidden path: /etc/hostname')
    clear()
  } finally {
    await bridge.close()
  }
})
