// deep-link through the Node client: the cold-start link, then a warm arrival reaching the app's
// own listen('deep-link://new-url') (what onOpenUrl does) through installMocks.
import assert from 'node:assert/strict'
import { dirname, join, resolve } from 'node:path'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'

import { spawnBridge } from '../index.js'

const here = dirname(fileURLToPath(import.meta.url))
const root = resolve(here, '..', '..', '..')
const executable = process.env.BRIDGE_EXECUTABLE || join(root, '.build', 'debug', 'bridge')
const app = join(root, 'Tests', 'Fixtures', 'apps', 'deep-link')

test('getCurrent answers the cold-start link; openUrl reaches listen() only for a link the config routes', async () => {
  const bridge = spawnBridge({ executable, app, platform: 'android', openUrl: 'https://wallet.frak.id/open/start' })
  try {
    await bridge.ready
    assert.deepEqual(await bridge.invoke('plugin:deep-link|get_current'), ['https://wallet.frak.id/open/start'])
    const window = {}
    const clear = bridge.installMocks(window)
    const heard = []
    // The app's own listen(), as @tauri-apps/api/event calls the internals.
    const handler = window.__TAURI_INTERNALS__.transformCallback((event) => heard.push(event.payload))
    await window.__TAURI_INTERNALS__.invoke('plugin:event|listen', { event: 'deep-link://new-url', target: { kind: 'Any' }, handler })
    const missed = await bridge.openUrl('https://wallet.frak.id/elsewhere')
    assert.equal(missed.opened, false)
    assert.match(missed.reason, /path \/elsewhere matches none of the entry's path rules/)
    const opened = await bridge.openUrl('frakwallet://invite/42')
    assert.deepEqual(opened, { opened: true, url: 'frakwallet://invite/42', event: 'deep-link://new-url' })
    for (let i = 0; i < 100 && heard.length === 0; i++) await new Promise((r) => setTimeout(r, 20))
    assert.deepEqual(heard, [['frakwallet://invite/42']], 'only the routed link reached the app')
    assert.deepEqual(await bridge.invoke('plugin:deep-link|get_current'), ['frakwallet://invite/42'])
    clear()
  } finally {
    await bridge.close()
  }
})
