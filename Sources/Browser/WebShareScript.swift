import BridgeJSON

/// What browser mode's `navigator.share` must know of the `share` plugin to answer
/// `navigator.canShare(data)` synchronously, as the Web Share API requires: the caps on files
/// and the URL schemes the plugin refuses (layer 1's rules, handed over rather than restated).
public struct WebShareRules: Sendable, Equatable {
    /// The most files one share may have.
    public var maxFiles: Int
    /// The largest file.
    public var maxFileBytes: Int
    /// The most all files of one share may weigh.
    public var maxTotalBytes: Int
    /// The URL schemes the plugin refuses (`about`, `blob`, `data`, `file`, `javascript`, `ws`, `wss`).
    public var refusedSchemes: [String]

    public init(maxFiles: Int, maxFileBytes: Int, maxTotalBytes: Int, refusedSchemes: [String]) {
        self.maxFiles = maxFiles
        self.maxFileBytes = maxFileBytes
        self.maxTotalBytes = maxTotalBytes
        self.refusedSchemes = refusedSchemes
    }
}

/// The Web Share API in browser mode: `navigator.share(data)` and `navigator.canShare(data)`
/// (W3C Web Share, with Level 2's `files`) defined on top of `plugin:share|share`, appended to
/// `/__bridge/tauri.js` and to `/__bridge/ipc.js` (it needs only the native half's `bridge.call`) — the test double for front-end code that calls `navigator.share()`,
/// which does nothing in a Tauri WebView (seed 000).
///
/// When (`?share=` on the script's URL): `auto` (the default) defines them on ios and android
/// when the browser has no `navigator.share` of its own; `replace` defines them whatever the
/// browser has and whatever the platform; `off` never. Only in a secure context (the API is
/// `[SecureContext]`; `http://127.0.0.1` and `http://localhost` are secure).
///
/// `share(data)` follows the spec's steps in order: the `ShareData` conversion (a `TypeError`
/// for a non-object, `files` that is not a sequence of `File`s, a `Symbol`); a share already in
/// progress on this page → `InvalidStateError`; no transient activation
/// (`navigator.userActivation.isActive`) → `NotAllowedError`; the data invalid ("validate share
/// data", below) → `TypeError`; the `url` resolved against the page and serialised; then
/// `plugin:share|share` with each `File` read as a `data:` URL that keeps its name
/// (`data:<type>;name=<percent-encoded name>;base64,…`). The plugin's answer settles it: a result
/// resolves `undefined`; `Share canceled` → `AbortError`; `Can't share while sharing is in
/// progress` (another page's or a stdio client's sheet is up) → `InvalidStateError`; layer 1's
/// refusals (`-32602`) → `TypeError`; an ACL denial (`-32001`, the document is not allowed to
/// use web-share) → `NotAllowedError`; a desktop target (`-32002`, no share targets) and a
/// cancelled call (`-32800`) → `AbortError`; anything else → `DataError`.
///
/// `canShare(data)` is synchronous, so it applies the rules in the page: the spec's "validate
/// share data" (at least one member present; `files` empty only beside another member; a `url`
/// that parses against the page and whose scheme the plugin takes) plus the plugin's caps on
/// files (count, size, empty files, and the request body cap `--max-message-bytes` the bytes
/// travel in) — what the spec calls a potentially hostile share.
enum WebShareScript {
    /// Whether the script defines the API (`?share=`).
    enum Mode: String, CaseIterable {
        case auto, replace, off
    }

    /// The script for a page, or `nil` when nothing is to be defined.
    /// - Parameters:
    ///   - rules: the plugin's rules, `nil` when the bridge serves no `share` plugin.
    ///   - platform: the session's platform (`auto` defines the API on ios and android only).
    ///   - maxBodyBytes: the request body cap (`--max-message-bytes`), which bounds the files.
    static func script(mode: Mode, rules: WebShareRules?, platform: String, maxBodyBytes: Int) -> String? {
        if mode == .off { return nil }
        guard let rules else {
            return mode == .replace
                ? "console.warn('[bridge] ?share=replace: this bridge serves no share plugin, so navigator.share is left as it is')\n"
                : nil
        }
        let config: JSON = [
            "replace": .bool(mode == .replace),
            "mobile": .bool(platform == "ios" || platform == "android"),
            "maxFiles": .integer(rules.maxFiles), "maxFileBytes": .integer(rules.maxFileBytes),
            "maxTotalBytes": .integer(rules.maxTotalBytes), "maxBodyBytes": .integer(maxBodyBytes),
            "refusedSchemes": .array(rules.refusedSchemes.map(JSON.string)),
        ]
        return template.replacingOccurrences(of: "__BRIDGE_SHARE_CONFIG__", with: config.serialized()) + "\n"
    }

    static let template = #"""
;(function () {
  'use strict'
  var config = __BRIDGE_SHARE_CONFIG__
  var bridge = window.__BRIDGE__
  var nav = window.navigator
  if (!bridge || typeof bridge.call !== 'function' || typeof Navigator !== 'function') return
  // Defined once: a page that loads both /__bridge/tauri.js and /__bridge/ipc.js keeps the first.
  if (bridge.webShare === 'bridge') return
  if (!config.replace && (typeof nav.share === 'function' || !config.mobile)) {
    bridge.webShare = typeof nav.share === 'function' ? 'browser' : 'none'
    return
  }
  if (!window.isSecureContext) { bridge.webShare = 'none'; return }

  // [[sharePromise]]: a share of this page is in progress.
  var inProgress = false

  function usv(value) {
    var s = `${value}`  // ToString: a Symbol throws a TypeError, as WebIDL's conversion does
    return typeof s.toWellFormed === 'function' ? s.toWellFormed()
      : s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
  }

  // WebIDL's conversion of the ShareData dictionary (members read in their sorted order).
  function toShareData(data, method) {
    var where = "Failed to execute '" + method + "' on 'Navigator': "
    if (data === undefined || data === null) return {}
    if (typeof data !== 'object' && typeof data !== 'function') throw new TypeError(where + "The provided value is not of type 'ShareData'.")
    var out = {}
    var files = data.files
    if (files !== undefined) {
      if (files === null || (typeof files !== 'object' && typeof files !== 'function') || typeof files[Symbol.iterator] !== 'function') {
        throw new TypeError(where + "Failed to read the 'files' property from 'ShareData': The provided value cannot be converted to a sequence.")
      }
      out.files = []
      for (var file of files) {
        if (!(file instanceof File)) throw new TypeError(where + "Failed to read the 'files' property from 'ShareData': Failed to convert value to 'File'.")
        out.files.push(file)
      }
    }
    ;['text', 'title', 'url'].forEach(function (member) {
      var value = data[member]
      if (value !== undefined) out[member] = usv(value)
    })
    return out
  }

  function bodyBytes(file) {
    return Math.ceil(file.size / 3) * 4 + encodeURIComponent(file.name).length + file.type.length + 64
  }

  // "Validate share data", with the plugin's caps on files as the hostile-share rule: why the
  // data cannot be shared, or null.
  function problem(d) {
    var textual = d.title !== undefined || d.text !== undefined || d.url !== undefined
    if (!textual && d.files === undefined) return 'at least one of title, text, url or files must be given'
    if (d.files !== undefined) {
      if (!textual && d.files.length === 0) return 'files is empty and nothing else is given'
      if (d.files.length > config.maxFiles) return d.files.length + ' files, over the ' + config.maxFiles + '-file cap'
      var total = 0, body = 0
      for (var i = 0; i < d.files.length; i++) {
        var f = d.files[i]
        if (f.size === 0) return 'files[' + i + '] (' + f.name + ') is empty: there is nothing to share'
        if (f.size > config.maxFileBytes) return 'files[' + i + '] (' + f.name + ') is ' + f.size + ' bytes, over the ' + config.maxFileBytes + '-byte per-file cap'
        total += f.size
        body += bodyBytes(f)
      }
      if (total > config.maxTotalBytes) return 'the files weigh ' + total + ' bytes, over the ' + config.maxTotalBytes + '-byte total cap'
      if (body > config.maxBodyBytes) return 'the files need about ' + body + ' bytes as data: URLs, over the bridge\'s ' + config.maxBodyBytes + '-byte request cap (--max-message-bytes)'
    }
    if (d.url !== undefined) {
      var url
      try { url = new URL(d.url, document.baseURI) } catch (e) { return 'Invalid URL: ' + JSON.stringify(d.url) }
      var scheme = url.protocol.slice(0, -1)
      if (config.refusedSchemes.indexOf(scheme) >= 0) return 'the url has the scheme ' + scheme + ':, which Web Share does not share'
    }
    return null
  }

  // A File as a data: URL that keeps its name (the name parameter) and its type's essence.
  function readFile(file) {
    return new Promise(function (resolve, reject) {
      var reader = new FileReader()
      reader.onload = function () {
        var result = String(reader.result)
        var essence = file.type.split(';')[0].trim()
        var type = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/.test(essence) ? essence : 'application/octet-stream'
        resolve('data:' + type + ';name=' + encodeURIComponent(file.name) + ';base64,' + result.slice(result.indexOf(',') + 1))
      }
      reader.onerror = function () { reject(reader.error) }
      reader.readAsDataURL(file)
    })
  }

  // The plugin's answer as the DOMException Web Share gives for it.
  function failure(answer) {
    var error = answer.error || {}
    var message = error.message || (typeof answer.value === 'string' ? answer.value : 'the share failed')
    switch (error.code) {
      case -32003:
        if (message === 'Share canceled') return new DOMException(message, 'AbortError')
        if (message === "Can't share while sharing is in progress") return new DOMException(message, 'InvalidStateError')
        return new DOMException(message, 'DataError')
      case -32602: return new TypeError(message)
      case -32001: return new DOMException(message, 'NotAllowedError')
      case -32002: case -32800: return new DOMException(message, 'AbortError')
      default: return new DOMException(message, 'DataError')
    }
  }

  var methods = {
    share: function () {
      if (!(this instanceof Navigator)) return Promise.reject(new TypeError('Illegal invocation'))
      var d
      try { d = toShareData(arguments[0], 'share') } catch (e) { return Promise.reject(e) }
      if (inProgress) return Promise.reject(new DOMException('An earlier share has not yet completed.', 'InvalidStateError'))
      if (nav.userActivation && !nav.userActivation.isActive) {
        return Promise.reject(new DOMException('Must be handling a user gesture to perform a share request.', 'NotAllowedError'))
      }
      var why = problem(d)
      if (why) return Promise.reject(new TypeError("Failed to execute 'share' on 'Navigator': " + why))
      var args = {}
      if (d.title !== undefined) args.title = d.title
      if (d.text !== undefined) args.text = d.text
      if (d.url !== undefined) args.url = new URL(d.url, document.baseURI).href
      inProgress = true
      return Promise.all((d.files || []).map(readFile))
        .then(function (files) {
          if (files.length) args.files = files
          return bridge.call('plugin:share|share', args).catch(function (e) {
            throw new DOMException('the bridge at ' + bridge.url + ' could not be reached: ' + String(e), 'DataError')
          })
        }, function (e) {
          throw new DOMException('a file could not be read: ' + String(e), 'DataError')
        })
        .then(function (answer) {
          // The call's id: its record in bridge.presentations has it, resolved or rejected.
          bridge.lastShareId = answer.id
          if (!answer.ok) throw failure(answer)
          bridge.lastShare = answer.value
        })
        .finally(function () { inProgress = false })
    },
    canShare: function () {
      if (!(this instanceof Navigator)) throw new TypeError('Illegal invocation')
      return problem(toShareData(arguments[0], 'canShare')) === null
    }
  }
  for (var name in methods) {
    Object.defineProperty(Navigator.prototype, name, { value: methods[name], writable: true, enumerable: true, configurable: true })
  }
  bridge.webShare = 'bridge'
})()
"""#
}
