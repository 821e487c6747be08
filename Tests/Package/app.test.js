import assert from 'node:assert/strict'
import { test } from 'node:test'
import { spawnBridge } from '@bridge/client'

test('the installed package runs its own bridge', async () => {
  delete process.env.BRIDGE_EXECUTABLE
  const bridge = spawnBridge({ platform: 'android' })
  try {
    await bridge.ready
    assert.deepEqual(await bridge.invoke('plugin:frak-share|share_text', { text: 'Join me' }), { shared: true })
  } finally {
    await bridge.close()
  }
})
