// geolocation through the real @tauri-apps/api Channel in Node: what the plugin's guest-js
// watchPosition sends (a Channel as `channel`), its positions arriving through installMocks.
import assert from 'node:assert/strict'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
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
const skip = !existsSync(bundle) && process.env.CI !== 'true' && 'needs ../shared/conformance'

test('watchPosition: the track arrives on the Channel in order; clearWatch stops it', { skip }, async () => {
  const caps = mkdtempSync(join(tmpdir(), 'geo-'))
  writeFileSync(join(caps, 'main.json'), JSON.stringify({
    identifier: 'main', windows: ['main'],
    permissions: ['geolocation:allow-watch-position', 'geolocation:allow-clear-watch', 'geolocation:allow-request-permissions']
  }))
  const bridge = spawnBridge({ executable, capabilities: caps, platform: 'android', extraArgs: ['--location', '1,2', '--location', '3,4'] })
  try {
    await bridge.ready
    const window = { console, setTimeout, Promise, Uint8Array, ArrayBuffer, JSON, Object, Array, Map, Number, Error }
    window.window = window
    window.globalThis = window
    const clear = bridge.installMocks(window)
    vm.runInNewContext(readFileSync(bundle, 'utf8'), window)
    const T = window.__TAURI__
    assert.deepEqual(await T.core.invoke('plugin:geolocation|request_permissions', { permissions: ['location'] }),
      { location: 'granted', coarseLocation: 'granted' })
    const positions = []
    const channel = new T.core.Channel()
    channel.onmessage = (p) => positions.push(p)
    await T.core.invoke('plugin:geolocation|watch_position', {
      options: { enableHighAccuracy: true, timeout: 10000, maximumAge: 0 }, channel
    })
    for (let i = 0; i < 150 && positions.length < 2; i++) await new Promise((r) => setTimeout(r, 20))
    assert.deepEqual(positions.map((p) => [p.coords.latitude, p.coords.longitude]), [[1, 2], [3, 4]])
    await T.core.invoke('plugin:geolocation|clear_watch', { channelId: channel.id })
    clear()
  } finally {
    await bridge.close()
  }
})
