// The API calls Tests/Bundles makes through a window.__TAURI__: the real @tauri-apps/api 2.8 global
// bundle and plugin api-iife.js bundles cut out of pytauri-wheel (Tauri 2.8.5), or the bridge's own
// (2.0.3-era) global script. `window.__bundleChecks(T, options)` runs each check in turn, each
// settled into {ok: value} | {err: value} | {missing: name} (the namespace or function is not
// there) | {timeout: seconds}, and resolves with {name: outcome}. Shared by the browser page
// (Tests/Bundles/browser_bundles.py) and Node (clients/node/test/bundles-2.8.test.js).
;(function (global) {
  'use strict'
  var sleep = function (ms) { return new Promise(function (r) { setTimeout(r, ms) }) }

  function settleWithin(promise, seconds) {
    return Promise.race([
      Promise.resolve(promise).then(function (v) { return { ok: v === undefined ? '(undefined)' : v } }, function (e) {
        // an Error of any realm (Node's vm context has its own Error)
        return { err: e !== null && typeof e === 'object' && 'message' in e && 'stack' in e ? e.name + ': ' + e.message : e }
      }),
      sleep(seconds * 1000).then(function () { return { timeout: seconds } })
    ])
  }

  // A namespace path such as 'fs.readTextFile' on T, or undefined.
  function lookup(T, path) {
    return path.split('.').reduce(function (o, k) { return o == null ? undefined : o[k] }, T)
  }

  function checks(T, o) {
    var appData = function () { return T.fs && T.fs.BaseDirectory ? { baseDir: T.fs.BaseDirectory.AppData } : undefined }
    return [
      // core (both globals)
      ['app.getVersion', ['app.getVersion'], function () { return T.app.getVersion() }],
      ['app.getName', ['app.getName'], function () { return T.app.getName() }],
      ['app.getTauriVersion', ['app.getTauriVersion'], function () { return T.app.getTauriVersion() }],
      ['app.getIdentifier', ['app.getIdentifier'], function () { return T.app.getIdentifier() }],
      ['app.getBundleType', ['app.getBundleType'], function () { return T.app.getBundleType() }],
      ['path.appDataDir', ['path.appDataDir'], function () { return T.path.appDataDir() }],
      ['path.appConfigDir', ['path.appConfigDir'], function () { return T.path.appConfigDir() }],
      ['path.appCacheDir', ['path.appCacheDir'], function () { return T.path.appCacheDir() }],
      ['path.appLocalDataDir', ['path.appLocalDataDir'], function () { return T.path.appLocalDataDir() }],
      ['path.appLogDir', ['path.appLogDir'], function () { return T.path.appLogDir() }],
      ['path.homeDir', ['path.homeDir'], function () { return T.path.homeDir() }],
      ['path.tempDir', ['path.tempDir'], function () { return T.path.tempDir() }],
      ['path.documentDir', ['path.documentDir'], function () { return T.path.documentDir() }],
      ['path.resolveResource', ['path.resolveResource'], function () { return T.path.resolveResource('icons/a.png') }],
      ['path.join', ['path.join'], function () { return T.path.join('a', 'b', '../c.txt') }],
      ['path.basename', ['path.basename'], function () { return T.path.basename('/a/b/c.txt') }],
      ['path.extname', ['path.extname'], function () { return T.path.extname('/a/b/c.txt') }],
      ['path.sep', ['path.sep'], function () { return T.path.sep() }],
      ['event.listen+emit', ['event.listen', 'event.emit'], async function () {
        var got = []
        var unlisten = await T.event.listen('bundles-ping', function (e) { got.push([e.event, e.payload]) })
        await T.event.emit('bundles-ping', { n: 1 })
        for (var i = 0; i < 100 && !got.length; i++) await sleep(20)
        unlisten()
        return got
      }],
      ['core.invoke', ['core.invoke'], function () { return T.core.invoke('plugin:app|version') }],
      ['core.invoke refused', ['core.invoke'], function () { return T.core.invoke('plugin:window|set_title', { label: 'main', value: 'x' }) }],
      ['window.getCurrentWindow().label', ['window.getCurrentWindow'], function () { return T.window.getCurrentWindow().label }],
      // plugins (the 2.8 bundles; the bridge's own global has none)
      ['fs.writeTextFile+readTextFile', ['fs.writeTextFile', 'fs.readTextFile'], async function () {
        await T.fs.mkdir('', { baseDir: T.fs.BaseDirectory.AppData, recursive: true })
        await T.fs.writeTextFile('hi.txt', 'hi', appData())
        return T.fs.readTextFile('hi.txt', appData())
      }],
      ['fs.exists', ['fs.exists'], function () { return T.fs.exists('hi.txt', appData()) }],
      ['fs.readTextFileLines', ['fs.readTextFileLines'], async function () {
        await T.fs.writeTextFile('lines.txt', 'a\nb\nc', appData())
        var lines = []
        for await (var line of await T.fs.readTextFileLines('lines.txt', appData())) lines.push(line)
        return lines
      }],
      ['fs.readFile', ['fs.readFile'], async function () { return Array.from(await T.fs.readFile('hi.txt', appData())) }],
      ['http.fetch', ['http.fetch'], async function () {
        var response = await T.http.fetch(o.httpUrl)
        return [response.status, await response.text()]
      }],
      // Tauri >= 2.5 ends a Channel with {index, end: true}; the 2.8 Channel then drops its callback.
      ['http.fetch ends its Channel', ['http.fetch'], async function () {
        var internals = (typeof window !== 'undefined' ? window : globalThis).__TAURI_INTERNALS__
        if (!internals.callbacks) return 'no __TAURI_INTERNALS__.callbacks'
        var before = new Set(internals.callbacks.keys())
        var response = await T.http.fetch(o.httpUrl)
        await response.text()
        await sleep(200)
        // the callbacks the fetch registered and left behind
        return Array.from(internals.callbacks.keys()).filter(function (k) { return !before.has(k) }).length
      }],
      ['http.fetch refused', ['http.fetch'], function () { return T.http.fetch('https://example.invalid/') }],
      ['os.platform', ['os.platform'], function () { return T.os.platform() }],
      ['os.family', ['os.family'], function () { return T.os.family() }],
      ['os.type', ['os.type'], function () { return T.os.type() }],
      ['os.arch', ['os.arch'], function () { return T.os.arch() }],
      ['os.eol', ['os.eol'], function () { return T.os.eol() }],
      ['os.exeExtension', ['os.exeExtension'], function () { return T.os.exeExtension() }],
      ['os.locale', ['os.locale'], function () { return T.os.locale() }],
      ['os.hostname', ['os.hostname'], function () { return T.os.hostname() }],
      ['clipboard.writeText+readText', ['clipboardManager.writeText', 'clipboardManager.readText'], async function () {
        await T.clipboardManager.writeText('copied through 2.8')
        return T.clipboardManager.readText()
      }],
      ['dialog.message', ['dialog.message'], function () { return T.dialog.message('Hello from 2.8', { title: 'Bundles' }) }],
      ['dialog.ask', ['dialog.ask'], function () { return T.dialog.ask('Proceed?') }],
      ['notification.isPermissionGranted', ['notification.isPermissionGranted'], function () { return T.notification.isPermissionGranted() }],
      ['deepLink.getCurrent', ['deepLink.getCurrent'], function () { return T.deepLink.getCurrent() }],
      ['opener namespace', ['opener.openUrl'], function () { return typeof T.opener.openUrl }]
    ]
  }

  global.__bundleChecks = async function (T, o) {
    o = o || {}
    var out = {}
    var list = checks(T, o)
    for (var i = 0; i < list.length; i++) {
      var name = list[i][0], needs = list[i][1], run = list[i][2]
      var missing = needs.filter(function (p) { return typeof lookup(T, p) !== 'function' })
      if (missing.length) { out[name] = { missing: missing.join(', ') }; continue }
      out[name] = await settleWithin((async function () { return run() })(), o.seconds || 8)
    }
    return out
  }
})(typeof window !== 'undefined' ? window : globalThis)
