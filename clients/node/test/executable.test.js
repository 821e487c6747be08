// Which bridge the client runs: never iproute2's /usr/sbin/bridge by accident.
import assert from 'node:assert/strict'
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'node:test'

import { resolveExecutable } from '../index.js'

function pathWith(script) {
  const dir = mkdtempSync(join(tmpdir(), 'bridge-path-'))
  writeFileSync(join(dir, 'bridge'), `#!/bin/sh\n${script}\n`)
  chmodSync(join(dir, 'bridge'), 0o755)
  return dir
}

test('an explicit executable or BRIDGE_EXECUTABLE wins; a PATH bridge must say it is this bridge', () => {
  const saved = { PATH: process.env.PATH, BRIDGE_EXECUTABLE: process.env.BRIDGE_EXECUTABLE }
  try {
    delete process.env.BRIDGE_EXECUTABLE
    assert.equal(resolveExecutable({ executable: '/opt/x/bridge' }), '/opt/x/bridge')
    process.env.PATH = pathWith('echo "bridge utility, iproute2-6.1.0"; exit 1') + ':/usr/bin:/bin'
    assert.throws(() => resolveExecutable(), /not this bridge \(it says: bridge utility, iproute2-6\.1\.0; iproute2 installs/)
    process.env.PATH = pathWith('echo "bridge 0.1.0"') + ':/usr/bin:/bin'
    assert.equal(resolveExecutable(), 'bridge')
    process.env.PATH = mkdtempSync(join(tmpdir(), 'empty-path-'))
    assert.throws(() => resolveExecutable(), /no bridge executable/)
  } finally {
    process.env.PATH = saved.PATH
    if (saved.BRIDGE_EXECUTABLE !== undefined) process.env.BRIDGE_EXECUTABLE = saved.BRIDGE_EXECUTABLE
  }
})
