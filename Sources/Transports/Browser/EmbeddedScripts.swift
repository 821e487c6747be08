// Generated from Sources/Transports/Browser/Scripts/ by `swift run bridge-generate`.
// DO NOT EDIT: edit the .js files (node --check reads them as JavaScript) and regenerate.

/// The scripts browser mode serves, compiled in from their `.js` files.
enum EmbeddedScripts {
    /// `Scripts/global-tauri.js`.
    static let globalTauri = ##"""
;(function () {
  'use strict'
  if (window.__TAURI__) return
  var I = function () { return window.__TAURI_INTERNALS__ }
  var SERIALIZE_TO_IPC_FN = '__TAURI_TO_IPC_KEY__'
  function invoke(cmd, args, options) { return I().invoke(cmd, args === undefined ? {} : args, options) }
  function transformCallback(callback, once) { return I().transformCallback(callback, once) }

  // core
  function Channel() {
    var self = this, next = 0, pending = {}
    this.__TAURI_CHANNEL_MARKER__ = true
    this._handler = function () {}
    this.id = transformCallback(function (m) {
      if (m && typeof m === 'object' && 'index' in m) {
        if (m.index === next) { self._handler(m.message); next++; while (next in pending) { var p = pending[next]; delete pending[next]; self._handler(p); next++ } }
        else pending[m.index] = m.message
      } else if (m && m.end) { I().unregisterCallback && I().unregisterCallback(self.id) }
      else self._handler(m)
    })
  }
  Object.defineProperty(Channel.prototype, 'onmessage', {
    get: function () { return this._handler }, set: function (h) { this._handler = h }
  })
  Channel.prototype[SERIALIZE_TO_IPC_FN] = function () { return '__CHANNEL__:' + this.id }
  Channel.prototype.toJSON = function () { return this[SERIALIZE_TO_IPC_FN]() }

  function PluginListener(plugin, event, channelId) { this.plugin = plugin; this.event = event; this.channelId = channelId }
  PluginListener.prototype.unregister = function () {
    return invoke('plugin:' + this.plugin + '|remove_listener', { event: this.event, channelId: this.channelId })
  }
  // core.ts since 2.9.1 (08bda64c2 #14132, ad1dec2e2 #14464): register_listener first, then the
  // camelCase registerListener that mobile plugins of 2.0–2.8 answer to.
  function addPluginListener(plugin, event, cb) {
    var handler = new Channel()
    handler.onmessage = cb
    function register(name) {
      return invoke('plugin:' + plugin + '|' + name, { event: event, handler: handler })
        .then(function () { return new PluginListener(plugin, event, handler.id) })
    }
    return register('register_listener').then(null, function () { return register('registerListener') })
  }
  function checkPermissions(plugin) { return invoke('plugin:' + plugin + '|check_permissions') }
  function requestPermissions(plugin) { return invoke('plugin:' + plugin + '|request_permissions') }
  function convertFileSrc(path, protocol) { return I().convertFileSrc(path, protocol === undefined ? 'asset' : protocol) }
  function isTauri() { return !!(window.isTauri || window.__TAURI_INTERNALS__) }
  function Resource(rid) { this._rid = rid }
  Object.defineProperty(Resource.prototype, 'rid', { get: function () { return this._rid } })
  Resource.prototype.close = function () { return invoke('plugin:resources|close', { rid: this.rid }) }
  function extend(Child, Parent) { Child.prototype = Object.create(Parent.prototype); Child.prototype.constructor = Child }

  // dpi
  function LogicalSize(width, height) { this.type = 'Logical'; this.width = width; this.height = height }
  LogicalSize.prototype.toPhysical = function (f) { return new PhysicalSize(this.width * f, this.height * f) }
  function PhysicalSize(width, height) { this.type = 'Physical'; this.width = width; this.height = height }
  PhysicalSize.prototype.toLogical = function (f) { return new LogicalSize(this.width / f, this.height / f) }
  function LogicalPosition(x, y) { this.type = 'Logical'; this.x = x; this.y = y }
  LogicalPosition.prototype.toPhysical = function (f) { return new PhysicalPosition(this.x * f, this.y * f) }
  function PhysicalPosition(x, y) { this.type = 'Physical'; this.x = x; this.y = y }
  PhysicalPosition.prototype.toLogical = function (f) { return new LogicalPosition(this.x / f, this.y / f) }
  // Size and Position (dpi.ts since 2.1, 5c4b83084 #11191; read @ 4266138d): either unit, sent
  // as `{Logical|Physical: {…}}`, the shape tauri::Size and tauri::Position take.
  function Size(size) { this.size = size }
  Size.prototype.toLogical = function (f) { return this.size instanceof LogicalSize ? this.size : this.size.toLogical(f) }
  Size.prototype.toPhysical = function (f) { return this.size instanceof PhysicalSize ? this.size : this.size.toPhysical(f) }
  Size.prototype[SERIALIZE_TO_IPC_FN] = function () { return tagged(this.size, 'width', 'height') }
  Size.prototype.toJSON = function () { return this[SERIALIZE_TO_IPC_FN]() }
  function Position(position) { this.position = position }
  Position.prototype.toLogical = function (f) { return this.position instanceof LogicalPosition ? this.position : this.position.toLogical(f) }
  Position.prototype.toPhysical = function (f) { return this.position instanceof PhysicalPosition ? this.position : this.position.toPhysical(f) }
  Position.prototype[SERIALIZE_TO_IPC_FN] = function () { return tagged(this.position, 'x', 'y') }
  Position.prototype.toJSON = function () { return this[SERIALIZE_TO_IPC_FN]() }
  function tagged(v, a, b) {
    if (v === null || v === undefined) return null
    if (v instanceof Size) v = v.size
    else if (v instanceof Position) v = v.position
    var o = {}; o[v.type] = {}; o[v.type][a] = v[a]; o[v.type][b] = v[b]; return o
  }

  // event
  var TauriEvent = {
    WINDOW_RESIZED: 'tauri://resize', WINDOW_MOVED: 'tauri://move', WINDOW_CLOSE_REQUESTED: 'tauri://close-requested',
    WINDOW_DESTROYED: 'tauri://destroyed', WINDOW_FOCUS: 'tauri://focus', WINDOW_BLUR: 'tauri://blur',
    WINDOW_SCALE_FACTOR_CHANGED: 'tauri://scale-change', WINDOW_THEME_CHANGED: 'tauri://theme-changed',
    WINDOW_CREATED: 'tauri://window-created', WEBVIEW_CREATED: 'tauri://webview-created',
    DRAG_ENTER: 'tauri://drag-enter', DRAG_OVER: 'tauri://drag-over', DRAG_DROP: 'tauri://drag-drop', DRAG_LEAVE: 'tauri://drag-leave'
  }
  function target(t) { return typeof t === 'string' ? { kind: 'AnyLabel', label: t } : t }
  function listen(event, handler, options) {
    var t = target(options && options.target !== undefined ? options.target : { kind: 'Any' })
    return invoke('plugin:event|listen', { event: event, target: t, handler: transformCallback(handler) }).then(function (eventId) {
      return function () {
        var internals = window.__TAURI_EVENT_PLUGIN_INTERNALS__
        if (internals) internals.unregisterListener(event, eventId)
        return invoke('plugin:event|unlisten', { event: event, eventId: eventId })
      }
    })
  }
  function once(event, handler, options) {
    return listen(event, function (e) { unlistenOnce(e.id); handler(e) }, options)
    function unlistenOnce(id) { invoke('plugin:event|unlisten', { event: event, eventId: id }).catch(function () {}) }
  }
  function emit(event, payload) { return invoke('plugin:event|emit', { event: event, payload: payload }).then(function () {}) }
  function emitTo(t, event, payload) { return invoke('plugin:event|emit_to', { target: target(t), event: event, payload: payload }).then(function () {}) }

  // image
  function Image(rid) { Resource.call(this, rid) }
  extend(Image, Resource)
  Image.new = function (rgba, width, height) { return invoke('plugin:image|new', { rgba: transformImage(rgba), width: width, height: height }).then(function (rid) { return new Image(rid) }) }
  Image.fromBytes = function (bytes) { return invoke('plugin:image|from_bytes', { bytes: transformImage(bytes) }).then(function (rid) { return new Image(rid) }) }
  Image.fromPath = function (path) { return invoke('plugin:image|from_path', { path: path }).then(function (rid) { return new Image(rid) }) }
  Image.prototype.rgba = function () { return invoke('plugin:image|rgba', { rid: this.rid }).then(function (b) { return new Uint8Array(b) }) }
  Image.prototype.size = function () { return invoke('plugin:image|size', { rid: this.rid }) }
  function transformImage(image) {
    return image == null ? null : typeof image === 'string' ? image : image instanceof Image ? image.rid : image
  }

  // window
  var UserAttentionType = { 1: 'Critical', 2: 'Informational', Critical: 1, Informational: 2 }
  var ProgressBarStatus = { None: 'none', Normal: 'normal', Indeterminate: 'indeterminate', Paused: 'paused', Error: 'error' }
  var EffectState = { FollowsWindowActiveState: 'followsWindowActiveState', Active: 'active', Inactive: 'inactive' }
  var Effect = {}
  'appearanceBased light dark mediumLight ultraDark titlebar selection menu popover sidebar headerView sheet windowBackground hudWindow fullScreenUI tooltip contentBackground underWindowBackground underPageBackground mica blur acrylic tabbed tabbedDark tabbedLight'
    .split(' ').forEach(function (v) { Effect[v === 'fullScreenUI' ? 'FullScreenUI' : v[0].toUpperCase() + v.slice(1)] = v })
  function CloseRequestedEvent(e) { this.event = e.event; this.id = e.id; this._prevented = false }
  CloseRequestedEvent.prototype.preventDefault = function () { this._prevented = true }
  CloseRequestedEvent.prototype.isPreventDefault = function () { return this._prevented }

  function Window(label, options) {
    options = options || {}
    this.label = label
    this.listeners = Object.create(null)
    if (!options.skip) {
      var o = {}; for (var k in options) o[k] = options[k]; o.label = label
      var self = this
      invoke('plugin:window|create', { options: o })
        .then(function () { return self.emit('tauri://created') }, function (e) { return self.emit('tauri://error', e) })
    }
  }
  function windowCall(cmd, withValue) {
    return function (value) {
      var args = { label: this.label }
      if (withValue) args.value = value
      return invoke('plugin:window|' + cmd, args)
    }
  }
  function camel(s) { return s.replace(/_([a-z])/g, function (_m, c) { return c.toUpperCase() }) }
  ;('is_fullscreen is_minimized is_maximized is_focused is_decorated is_resizable is_maximizable is_minimizable is_closable is_visible ' +
    'title theme center is_enabled maximize unmaximize toggle_maximize minimize unminimize show hide close destroy set_focus start_dragging')
    .split(' ').forEach(function (cmd) { Window.prototype[camel(cmd)] = windowCall(cmd, false) })
  ;('set_resizable set_enabled set_maximizable set_minimizable set_closable set_title set_decorations set_shadow set_effects ' +
    'set_always_on_top set_always_on_bottom set_content_protected set_fullscreen set_skip_taskbar set_cursor_grab set_cursor_visible ' +
    'set_cursor_icon set_ignore_cursor_events start_resize_dragging set_progress_bar set_visible_on_all_workspaces set_title_bar_style set_theme')
    .split(' ').forEach(function (cmd) { Window.prototype[camel(cmd)] = windowCall(cmd, true) })
  Window.prototype.setIcon = function (icon) { return invoke('plugin:window|set_icon', { label: this.label, value: transformImage(icon) }) }
  Window.prototype.clearEffects = function () { return invoke('plugin:window|set_effects', { label: this.label, value: null }) }
  Window.prototype.scaleFactor = windowCall('scale_factor', false)
  ;['inner_position', 'outer_position'].forEach(function (cmd) {
    Window.prototype[camel(cmd)] = function () { return invoke('plugin:window|' + cmd, { label: this.label }).then(function (p) { return new PhysicalPosition(p.x, p.y) }) }
  })
  ;['inner_size', 'outer_size'].forEach(function (cmd) {
    Window.prototype[camel(cmd)] = function () { return invoke('plugin:window|' + cmd, { label: this.label }).then(function (s) { return new PhysicalSize(s.width, s.height) }) }
  })
  Window.prototype.requestUserAttention = function (type) {
    var value = type === null || type === undefined ? null : { type: type === UserAttentionType.Critical ? 'Critical' : 'Informational' }
    return invoke('plugin:window|request_user_attention', { label: this.label, value: value })
  }
  ;[['setSize', 'set_size'], ['setMinSize', 'set_min_size'], ['setMaxSize', 'set_max_size']].forEach(function (p) {
    Window.prototype[p[0]] = function (size) { return invoke('plugin:window|' + p[1], { label: this.label, value: tagged(size, 'width', 'height') }) }
  })
  Window.prototype.setSizeConstraints = function (c) {
    c = c || {}
    function px(v) { return v ? { Logical: v } : null }
    return invoke('plugin:window|set_size_constraints', { label: this.label, value: { minWidth: px(c.minWidth), minHeight: px(c.minHeight), maxWidth: px(c.maxWidth), maxHeight: px(c.maxHeight) } })
  }
  Window.prototype.setPosition = function (p) { return invoke('plugin:window|set_position', { label: this.label, value: tagged(p, 'x', 'y') }) }
  Window.prototype.setCursorPosition = function (p) { return invoke('plugin:window|set_cursor_position', { label: this.label, value: tagged(p, 'x', 'y') }) }
  // tauri://created and tauri://error of a window or webview made here stay in the page, as
  // the bundle keeps them (`_handleTauriEvent`, a local `emit`).
  var localEvents = ['tauri://created', 'tauri://error']
  function labelledListen(kind) {
    return {
      _handleTauriEvent: function (event, handler) {
        if (localEvents.indexOf(event) < 0) return false
        var list = this.listeners[event] || (this.listeners[event] = [])
        list.push(handler)
        return true
      },
      listen: function (event, handler) {
        var self = this
        if (this._handleTauriEvent(event, handler)) {
          return Promise.resolve(function () { var l = self.listeners[event]; l.splice(l.indexOf(handler), 1) })
        }
        return listen(event, handler, { target: { kind: kind, label: this.label } })
      },
      once: function (event, handler) {
        var self = this
        if (localEvents.indexOf(event) >= 0) {
          var wrapped = function (e) { var l = self.listeners[event]; l.splice(l.indexOf(wrapped), 1); handler(e) }
          this._handleTauriEvent(event, wrapped)
          return Promise.resolve(function () { var l = self.listeners[event]; var i = l.indexOf(wrapped); if (i >= 0) l.splice(i, 1) })
        }
        return once(event, handler, { target: { kind: kind, label: this.label } })
      },
      emit: function (event, payload) {
        if (localEvents.indexOf(event) >= 0) {
          ;(this.listeners[event] || []).slice().forEach(function (h) { h({ event: event, id: -1, payload: payload }) })
          return Promise.resolve()
        }
        return emit(event, payload)
      },
      emitTo: function (t, event, payload) {
        if (localEvents.indexOf(event) >= 0) return this.emit(event, payload)
        return emitTo(t, event, payload)
      }
    }
  }
  function mixin(proto, methods) { for (var k in methods) proto[k] = methods[k] }
  mixin(Window.prototype, labelledListen('Window'))
  function mapped(event, map) { return function (handler) { return this.listen(event, function (e) { handler(map(e)) }) } }
  function withPayload(e, payload) { var o = {}; for (var k in e) o[k] = e[k]; o.payload = payload; return o }
  Window.prototype.onResized = mapped(TauriEvent.WINDOW_RESIZED, function (e) { return withPayload(e, new PhysicalSize(e.payload.width, e.payload.height)) })
  Window.prototype.onMoved = mapped(TauriEvent.WINDOW_MOVED, function (e) { return withPayload(e, new PhysicalPosition(e.payload.x, e.payload.y)) })
  Window.prototype.onCloseRequested = function (handler) {
    var self = this
    return this.listen(TauriEvent.WINDOW_CLOSE_REQUESTED, function (e) {
      var evt = new CloseRequestedEvent(e)
      Promise.resolve(handler(evt)).then(function () { if (!evt.isPreventDefault()) return self.destroy() })
    })
  }
  function onDragDrop(handler) {
    var self = this
    function pos(p) { return p ? new PhysicalPosition(p.x, p.y) : p }
    var all = [
      [TauriEvent.DRAG_ENTER, function (e) { return { type: 'enter', paths: e.payload.paths, position: pos(e.payload.position) } }],
      [TauriEvent.DRAG_OVER, function (e) { return { type: 'over', position: pos(e.payload.position) } }],
      [TauriEvent.DRAG_DROP, function (e) { return { type: 'drop', paths: e.payload.paths, position: pos(e.payload.position) } }],
      [TauriEvent.DRAG_LEAVE, function () { return { type: 'leave' } }]
    ]
    return all.reduce(function (chain, pair) {
      return chain.then(function (list) {
        return self.listen(pair[0], function (e) { handler(withPayload(e, pair[1](e))) }).then(function (u) { list.push(u); return list })
      })
    }, Promise.resolve([])).then(function (list) { return function () { list.forEach(function (u) { u() }) } })
  }
  Window.prototype.onDragDropEvent = onDragDrop
  Window.prototype.onFocusChanged = function (handler) {
    var self = this
    return this.listen(TauriEvent.WINDOW_FOCUS, function (e) { handler(withPayload(e, true)) }).then(function (a) {
      return self.listen(TauriEvent.WINDOW_BLUR, function (e) { handler(withPayload(e, false)) }).then(function (b) { return function () { a(); b() } })
    })
  }
  Window.prototype.onScaleChanged = function (handler) { return this.listen(TauriEvent.WINDOW_SCALE_FACTOR_CHANGED, handler) }
  Window.prototype.onThemeChanged = function (handler) { return this.listen(TauriEvent.WINDOW_THEME_CHANGED, handler) }
  function allWindows() { return invoke('plugin:window|get_all_windows').then(function (labels) { return labels.map(function (l) { return new Window(l, { skip: true }) }) }) }
  Window.getAll = allWindows
  Window.getByLabel = function (label) { return allWindows().then(function (w) { return w.find(function (x) { return x.label === label }) || null }) }
  Window.getCurrent = function () { return getCurrentWindow() }
  Window.getFocusedWindow = function () {
    return allWindows().then(function (ws) {
      return ws.reduce(function (chain, w) { return chain.then(function (found) { return found || w.isFocused().then(function (f) { return f ? w : null }) }) }, Promise.resolve(null))
    })
  }
  function getCurrentWindow() { return new Window(I().metadata.currentWindow.label, { skip: true }) }
  function monitor(m) {
    return m ? { name: m.name, scaleFactor: m.scaleFactor, position: new PhysicalPosition(m.position.x, m.position.y), size: new PhysicalSize(m.size.width, m.size.height) } : null
  }
  function currentMonitor() { return invoke('plugin:window|current_monitor').then(monitor) }
  function primaryMonitor() { return invoke('plugin:window|primary_monitor').then(monitor) }
  function monitorFromPoint(x, y) { return invoke('plugin:window|monitor_from_point', { x: x, y: y }).then(monitor) }
  function availableMonitors() { return invoke('plugin:window|available_monitors').then(function (ms) { return ms.map(monitor) }) }
  function cursorPosition() { return invoke('plugin:window|cursor_position').then(function (p) { return new PhysicalPosition(p.x, p.y) }) }

  // webview
  function Webview(win, label, options) {
    this.window = win
    this.label = label
    this.listeners = Object.create(null)
    if (!(options && options.skip)) {
      var self = this
      invoke('plugin:webview|create_webview', { windowLabel: win.label, label: label, options: options })
        .then(function () { return self.emit('tauri://created') }, function (e) { return self.emit('tauri://error', e) })
    }
  }
  var webviewMethods = {
    position: function () { return invoke('plugin:webview|webview_position', { label: this.label }).then(function (p) { return new PhysicalPosition(p.x, p.y) }) },
    size: function () { return invoke('plugin:webview|webview_size', { label: this.label }).then(function (s) { return new PhysicalSize(s.width, s.height) }) },
    close: function () { return invoke('plugin:webview|close', { label: this.label }) },
    setSize: function (size) { return invoke('plugin:webview|set_webview_size', { label: this.label, value: tagged(size, 'width', 'height') }) },
    setPosition: function (p) { return invoke('plugin:webview|set_webview_position', { label: this.label, value: tagged(p, 'x', 'y') }) },
    setFocus: function () { return invoke('plugin:webview|set_webview_focus', { label: this.label }) },
    hide: function () { return invoke('plugin:webview|webview_hide', { label: this.label }) },
    show: function () { return invoke('plugin:webview|webview_show', { label: this.label }) },
    setZoom: function (z) { return invoke('plugin:webview|set_webview_zoom', { label: this.label, value: z }) },
    reparent: function (w) { return invoke('plugin:webview|reparent', { label: this.label, window: typeof w === 'string' ? w : w.label }) },
    clearAllBrowsingData: function () { return invoke('plugin:webview|clear_all_browsing_data') },
    onDragDropEvent: onDragDrop
  }
  mixin(Webview.prototype, labelledListen('Webview'))
  mixin(Webview.prototype, webviewMethods)
  function allWebviews() {
    return invoke('plugin:webview|get_all_webviews').then(function (list) {
      return list.map(function (w) { return new Webview(new Window(w.windowLabel, { skip: true }), w.label, { skip: true }) })
    })
  }
  Webview.getAll = allWebviews
  Webview.getByLabel = function (label) { return allWebviews().then(function (w) { return w.find(function (x) { return x.label === label }) || null }) }
  Webview.getCurrent = function () { return getCurrentWebview() }
  function getCurrentWebview() {
    var m = I().metadata
    return new Webview(new Window(m.currentWebview.windowLabel, { skip: true }), m.currentWebview.label, { skip: true })
  }

  // webviewWindow: a window and its webview, the window's methods first
  function WebviewWindow(label, options) {
    options = options || {}
    this.label = label
    this.window = this
    this.listeners = Object.create(null)
    if (!options.skip) {
      var o = {}; for (var k in options) o[k] = options[k]; o.label = label
      var self = this
      invoke('plugin:webview|create_webview_window', { options: o })
        .then(function () { return self.emit('tauri://created') }, function (e) { return self.emit('tauri://error', e) })
    }
  }
  mixin(WebviewWindow.prototype, webviewMethods)
  Object.getOwnPropertyNames(Window.prototype).forEach(function (k) { if (k !== 'constructor') WebviewWindow.prototype[k] = Window.prototype[k] })
  mixin(WebviewWindow.prototype, labelledListen('WebviewWindow'))
  function allWebviewWindows() { return invoke('plugin:window|get_all_windows').then(function (labels) { return labels.map(function (l) { return new WebviewWindow(l, { skip: true }) }) }) }
  WebviewWindow.getAll = allWebviewWindows
  WebviewWindow.getByLabel = function (label) { return allWebviewWindows().then(function (w) { return w.find(function (x) { return x.label === label }) || null }) }
  WebviewWindow.getCurrent = function () { return getCurrentWebviewWindow() }
  function getCurrentWebviewWindow() { var m = I().metadata; return new WebviewWindow(m.currentWebview.label, { skip: true }) }

  // path
  var BaseDirectory = {}
  'Audio Cache Config Data LocalData Document Download Picture Public Video Resource Temp AppConfig AppData AppLocalData AppCache AppLog Desktop Executable Font Home Runtime Template'
    .split(' ').forEach(function (name, i) { BaseDirectory[BaseDirectory[name] = i + 1] = name })
  function dir(d) { return function () { return invoke('plugin:path|resolve_directory', { directory: d }) } }
  var path = {
    BaseDirectory: BaseDirectory,
    sep: function () { return I().plugins.path.sep },
    delimiter: function () { return I().plugins.path.delimiter },
    resolveResource: function (p) { return invoke('plugin:path|resolve_directory', { directory: BaseDirectory.Resource, path: p }) },
    resolve: function () { return invoke('plugin:path|resolve', { paths: Array.prototype.slice.call(arguments) }) },
    normalize: function (p) { return invoke('plugin:path|normalize', { path: p }) },
    join: function () { return invoke('plugin:path|join', { paths: Array.prototype.slice.call(arguments) }) },
    dirname: function (p) { return invoke('plugin:path|dirname', { path: p }) },
    extname: function (p) { return invoke('plugin:path|extname', { path: p }) },
    basename: function (p, ext) { return invoke('plugin:path|basename', { path: p, ext: ext }) },
    isAbsolute: function (p) { return invoke('plugin:path|is_absolute', { path: p }) }
  }
  Object.keys(BaseDirectory).forEach(function (name) {
    if (isNaN(Number(name)) && name !== 'Resource') path[name[0].toLowerCase() + name.slice(1) + 'Dir'] = dir(BaseDirectory[name])
  })
  path.resourceDir = dir(BaseDirectory.Resource)

  // app. Names after 2.0, from packages/api/CHANGELOG.md @ fb86f0d6 and app.ts: getIdentifier
  // (2.4, 060de5bbd #12837), fetchDataStoreIdentifiers and removeDataStore (2.4, d8059bad3
  // #12900), setDockVisibility (2.5, dd4f13ce4 #13185), getBundleType and BundleType (2.7,
  // 232265c70 #13209), onBackButtonPress (2.9, 3397fd9bf #14133), supportsMultipleWindows
  // (2.11, #14484) and exit (2.12).
  var app = {
    BundleType: { Nsis: 'nsis', Msi: 'msi', Deb: 'deb', Rpm: 'rpm', AppImage: 'appimage', App: 'app' },
    getVersion: function () { return invoke('plugin:app|version') },
    getName: function () { return invoke('plugin:app|name') },
    getTauriVersion: function () { return invoke('plugin:app|tauri_version') },
    getIdentifier: function () { return invoke('plugin:app|identifier') },
    show: function () { return invoke('plugin:app|app_show') },
    hide: function () { return invoke('plugin:app|app_hide') },
    fetchDataStoreIdentifiers: function () { return invoke('plugin:app|fetch_data_store_identifiers') },
    removeDataStore: function (uuid) { return invoke('plugin:app|remove_data_store', { uuid: uuid }) },
    defaultWindowIcon: function () { return invoke('plugin:app|default_window_icon').then(function (rid) { return rid ? new Image(rid) : null }) },
    setTheme: function (theme) { return invoke('plugin:app|set_app_theme', { theme: theme }) },
    setDockVisibility: function (visible) { return invoke('plugin:app|set_dock_visibility', { visible: visible }) },
    getBundleType: function () { return invoke('plugin:app|bundle_type') },
    onBackButtonPress: function (handler) { return addPluginListener('app', 'back-button', handler) },
    supportsMultipleWindows: function () { return invoke('plugin:app|supports_multiple_windows') },
    exit: function (code) { return invoke('plugin:app|exit', { code: code === undefined ? 0 : code }) }
  }

  // menu and tray (desktop only in Tauri; on a phone these calls are refused as there)
  function MenuItemBase(rid, id, kind) { Resource.call(this, rid); this._id = id; this._kind = kind }
  extend(MenuItemBase, Resource)
  Object.defineProperty(MenuItemBase.prototype, 'id', { get: function () { return this._id } })
  function menuNew(Kind, kind, opts) {
    var handler = new Channel()
    if (opts && opts.action) handler.onmessage = opts.action
    return invoke('plugin:menu|new', { kind: kind, options: opts, handler: handler }).then(function (pair) { return new Kind(pair[0], pair[1]) })
  }
  function menuCall(cmd, extra) {
    return function (value) {
      var args = { rid: this.rid, kind: this._kind }
      if (extra) args[extra] = extra === 'items' ? [].concat(value).map(function (i) { return i && i.rid !== undefined ? [i.rid, i._kind] : i }) : value
      return invoke('plugin:menu|' + cmd, args)
    }
  }
  var textual = { text: menuCall('text'), setText: menuCall('set_text', 'text') }
  var enabling = { isEnabled: menuCall('is_enabled'), setEnabled: menuCall('set_enabled', 'enabled') }
  var container = {
    append: menuCall('append', 'items'), prepend: menuCall('prepend', 'items'),
    insert: function (items, position) { return invoke('plugin:menu|insert', { rid: this.rid, kind: this._kind, items: [].concat(items).map(function (i) { return [i.rid, i._kind] }), position: position }) },
    remove: function (item) { return invoke('plugin:menu|remove', { rid: this.rid, kind: this._kind, item: [item.rid, item._kind] }) },
    removeAt: function (position) { return invoke('plugin:menu|remove_at', { rid: this.rid, kind: this._kind, position: position }).then(itemFromKind) },
    items: function () { return invoke('plugin:menu|items', { rid: this.rid, kind: this._kind }).then(function (l) { return l.map(itemFromKind) }) },
    get: function (id) { return invoke('plugin:menu|get', { rid: this.rid, kind: this._kind, id: id }).then(function (r) { return r ? itemFromKind(r) : null }) },
    popup: function (at, win) { return invoke('plugin:menu|popup', { rid: this.rid, kind: this._kind, window: win ? win.label : null, at: tagged(at, 'x', 'y') }) }
  }
  function menuClass(kind, parts) {
    function K(rid, id) { MenuItemBase.call(this, rid, id, kind) }
    extend(K, MenuItemBase)
    parts.forEach(function (p) { mixin(K.prototype, p) })
    K.new = function (opts) { return menuNew(K, kind, opts) }
    return K
  }
  var accel = { setAccelerator: menuCall('set_accelerator', 'accelerator') }
  var Menu = menuClass('Menu', [container, { setAsAppMenu: menuCall('set_as_app_menu'), setAsWindowMenu: function (w) { return invoke('plugin:menu|set_as_window_menu', { rid: this.rid, window: w ? w.label : null }) } }])
  Menu.default = function () { return invoke('plugin:menu|create_default').then(function (pair) { return new Menu(pair[0], pair[1]) }) }
  var MenuItem = menuClass('MenuItem', [textual, enabling, accel])
  var Submenu = menuClass('Submenu', [textual, enabling, container, { setAsWindowsMenuForNSApp: menuCall('set_as_windows_menu_for_nsapp'), setAsHelpMenuForNSApp: menuCall('set_as_help_menu_for_nsapp') }])
  var CheckMenuItem = menuClass('Check', [textual, enabling, accel, { isChecked: menuCall('is_checked'), setChecked: menuCall('set_checked', 'checked') }])
  var IconMenuItem = menuClass('Icon', [textual, enabling, accel, { setIcon: function (icon) { return invoke('plugin:menu|set_icon', { rid: this.rid, icon: transformImage(icon) }) } }])
  var PredefinedMenuItem = menuClass('Predefined', [textual])
  // menu/submenu.ts exports it (marked @ignore) since 2.1, the version that imports dpi's Position,
  // and menu.ts (@ 5622af3a) re-exports submenu.ts, so the global bundle's `menu` has it.
  function itemFromKind(item) {
    var rid = item[0], id = item[1]
    switch (item[2]) {
      case 'Submenu': return new Submenu(rid, id)
      case 'Predefined': return new PredefinedMenuItem(rid, id)
      case 'Check': return new CheckMenuItem(rid, id)
      case 'Icon': return new IconMenuItem(rid, id)
      default: return new MenuItem(rid, id)
    }
  }
  var NativeIcon = {}
  ;('Add Advanced Bluetooth Bookmarks Caution ColorPanel ColumnView Computer EnterFullScreen Everyone ExitFullScreen FlowView Folder FolderBurnable ' +
    'FolderSmart FollowLinkFreestanding FontPanel GoLeft GoRight Home IChatTheater IconView Info InvalidDataFreestanding LeftFacingTriangle ListView ' +
    'LockLocked LockUnlocked MenuMixedState MenuOnState MobileMe MultipleDocuments Network Path PreferencesGeneral QuickLook RefreshFreestanding Refresh ' +
    'Remove RevealFreestanding RightFacingTriangle Share Slideshow SmartBadge StatusAvailable StatusNone StatusPartiallyAvailable StatusUnavailable ' +
    'StopProgressFreestanding StopProgress TrashEmpty TrashFull User UserAccounts UserGroup UserGuest').split(' ').forEach(function (n) { NativeIcon[n] = n })

  function TrayIcon(rid, id) { Resource.call(this, rid); this.id = id }
  extend(TrayIcon, Resource)
  TrayIcon.new = function (options) {
    var handler = new Channel()
    if (options && options.action) { var action = options.action; handler.onmessage = function (e) { action(e) } }
    var o = {}; for (var k in (options || {})) if (k !== 'action') o[k] = options[k]
    if (o.menu) o.menu = [o.menu.rid, o.menu._kind]
    if (o.icon) o.icon = transformImage(o.icon)
    return invoke('plugin:tray|new', { options: o, handler: handler }).then(function (pair) { return new TrayIcon(pair[0], pair[1]) })
  }
  TrayIcon.getById = function (id) { return invoke('plugin:tray|get_by_id', { id: id }).then(function (rid) { return rid ? new TrayIcon(rid, id) : null }) }
  TrayIcon.removeById = function (id) { return invoke('plugin:tray|remove_by_id', { id: id }) }
  ;[['setIcon', 'set_icon', 'icon'], ['setMenu', 'set_menu', 'menu'], ['setTooltip', 'set_tooltip', 'tooltip'], ['setTitle', 'set_title', 'title'],
    ['setVisible', 'set_visible', 'visible'], ['setTempDirPath', 'set_temp_dir_path', 'path'], ['setIconAsTemplate', 'set_icon_as_template', 'asTemplate'],
    ['setMenuOnLeftClick', 'set_show_menu_on_left_click', 'onLeft']].forEach(function (p) {
    TrayIcon.prototype[p[0]] = function (v) {
      var args = { rid: this.rid }
      args[p[2]] = p[2] === 'icon' ? transformImage(v) : p[2] === 'menu' ? (v ? [v.rid, v._kind] : null) : v
      return invoke('plugin:tray|' + p[1], args)
    }
  })

  // mocks (as @tauri-apps/api/mocks: replace the IPC of this page)
  var realInvoke = null
  var mocks = {
    mockIPC: function (cb) {
      var internals = I()
      if (!realInvoke) realInvoke = internals.invoke
      internals.invoke = function (cmd, args) { return Promise.resolve().then(function () { return cb(cmd, args) }) }
    },
    mockWindows: function (current) {
      I().metadata = { currentWindow: { label: current }, currentWebview: { windowLabel: current, label: current } }
    },
    mockConvertFileSrc: function (osName) {
      I().convertFileSrc = function (p, protocol) {
        protocol = protocol || 'asset'
        var path = encodeURIComponent(p)
        return osName === 'windows' ? 'http://' + protocol + '.localhost/' + path : protocol + '://localhost/' + path
      }
    },
    clearMocks: function () { if (realInvoke) { I().invoke = realInvoke; realInvoke = null } }
  }
  // As the api's global bundle builds it (rollup.config.ts @ 92964cbd: an iife whose footer is
  // `window.__TAURI__ = __TAURI_IIFE__`; index.ts `import * as app …`): a plain, extensible object
  // in a plain property of window, each namespace a frozen module record with no prototype. Plugin
  // bundles (api-iife.js) add their own namespace with Object.defineProperty(window.__TAURI__, …).
  function namespace(members) {
    var record = Object.create(null)
    Object.keys(members).sort().forEach(function (k) { record[k] = members[k] })
    return Object.freeze(record)
  }
  window.__TAURI__ = {
    app: namespace(app),
    core: namespace({ Channel: Channel, PluginListener: PluginListener, Resource: Resource, addPluginListener: addPluginListener, checkPermissions: checkPermissions,
      convertFileSrc: convertFileSrc, invoke: invoke, isTauri: isTauri, requestPermissions: requestPermissions, transformCallback: transformCallback,
      SERIALIZE_TO_IPC_FN: SERIALIZE_TO_IPC_FN }),
    dpi: namespace({ LogicalPosition: LogicalPosition, LogicalSize: LogicalSize, PhysicalPosition: PhysicalPosition, PhysicalSize: PhysicalSize,
      Position: Position, Size: Size }),
    event: namespace({ TauriEvent: TauriEvent, emit: emit, emitTo: emitTo, listen: listen, once: once }),
    image: namespace({ Image: Image, transformImage: transformImage }),
    menu: namespace({ CheckMenuItem: CheckMenuItem, IconMenuItem: IconMenuItem, Menu: Menu, MenuItem: MenuItem, NativeIcon: NativeIcon, PredefinedMenuItem: PredefinedMenuItem,
      Submenu: Submenu, itemFromKind: itemFromKind }),
    mocks: namespace(mocks),
    path: namespace(path),
    tray: namespace({ TrayIcon: TrayIcon }),
    webview: namespace({ Webview: Webview, getAllWebviews: allWebviews, getCurrentWebview: getCurrentWebview }),
    webviewWindow: namespace({ WebviewWindow: WebviewWindow, getAllWebviewWindows: allWebviewWindows, getCurrentWebviewWindow: getCurrentWebviewWindow }),
    window: namespace({ CloseRequestedEvent: CloseRequestedEvent, Effect: Effect, EffectState: EffectState, LogicalPosition: LogicalPosition, LogicalSize: LogicalSize,
      PhysicalPosition: PhysicalPosition, PhysicalSize: PhysicalSize, ProgressBarStatus: ProgressBarStatus, UserAttentionType: UserAttentionType, Window: Window,
      availableMonitors: availableMonitors, currentMonitor: currentMonitor, cursorPosition: cursorPosition, getAllWindows: allWindows,
      getCurrentWindow: getCurrentWindow, monitorFromPoint: monitorFromPoint, primaryMonitor: primaryMonitor })
  }
})()
"""##
    /// `Scripts/native-ipc.js`.
    static let nativeIPC = ##"""
;(function () {
  'use strict'
  if (window.__BRIDGE__ && window.__BRIDGE__.connected) return
  var config = __BRIDGE_NATIVE_CONFIG__
  var page = config.page || (window.__BRIDGE__ && window.__BRIDGE__.page) || String(window.crypto.getRandomValues(new Uint32Array(2)).join('-'))

  // The hooks: h15's overlay and tests replace them. Each gets the notification's params.
  var bridge = window.__BRIDGE__ = window.__BRIDGE__ || {}
  bridge.url = config.url
  bridge.page = page
  bridge.presentations = bridge.presentations || []
  bridge.warnings = bridge.warnings || []
  bridge.events = bridge.events || []
  if (typeof bridge.onPresentation !== 'function') bridge.onPresentation = function (params) {}
  if (typeof bridge.onWarning !== 'function') bridge.onWarning = function (params) {
    for (var i = 0; i < (params.warnings || []).length; i++) console.warn('[bridge] ' + params.warnings[i].message)
  }
  if (typeof bridge.onEvent !== 'function') bridge.onEvent = function (params) {}
  bridge.sheets = bridge.sheets || []
  // Calls nothing answered (bridge/unhandled): named in the console, never silently missing.
  bridge.unhandled = bridge.unhandled || []
  if (typeof bridge.onUnhandled !== 'function') bridge.onUnhandled = function (params) {
    console.warn('[bridge] ' + params.command + ' (' + params.kind + ') had no answer: ' + params.message)
  }

  // The sheet overlay: the bridge's rendering of the sheet, over the page, in a shadow root (its
  // styles and the page's stay apart); the buttons keep their accessible names.
  function answerSheet(id, answer) {
    var body = { sheet: id }
    if (answer && answer.cancel) body.cancel = true
    else body.activity = answer && answer.activity
    return fetch(config.url + '__bridge/sheet', {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'Content-Type': 'application/json', 'Tauri-Invoke-Key': config.key, 'Bridge-Page': page }
    }).then(function (response) {
      return response.text().then(function (text) {
        if (!response.ok) throw new Error(text.replace(/\n$/, ''))
        return JSON.parse(text)
      })
    })
  }
  bridge.answerSheet = answerSheet

  // One command call with the bridge's whole answer, {ok, value, error, id} (`error`: the
  // Bridge-Error object {code, message, data}; `id`: the call's id, which its presentation and
  // warnings carry): for the page's own shims (navigator.share), which need the code where
  // invoke() gives only the message. Labels as the script's invoke sends them.
  bridge.call = function (cmd, payload) {
    var meta = window.__TAURI_INTERNALS__ && window.__TAURI_INTERNALS__.metadata
    var headers = { 'Content-Type': 'application/json', 'Tauri-Invoke-Key': config.key, 'Bridge-Page': page }
    if (meta && meta.currentWindow && meta.currentWebview) {
      headers['Bridge-Window'] = meta.currentWindow.label
      headers['Bridge-Webview'] = meta.currentWebview.label
    }
    return fetch(config.url + '__bridge/call/' + encodeURIComponent(cmd), { method: 'POST', body: JSON.stringify(payload || {}), headers: headers })
      .then(function (response) {
        var error = null
        try { error = JSON.parse(response.headers.get('Bridge-Error') || 'null') } catch (e) {}
        return response.text().then(function (text) {
          var value = text
          try { value = JSON.parse(text) } catch (e) {}
          return { ok: response.headers.get('Tauri-Response') === 'ok', value: value, error: error, id: response.headers.get('Bridge-Call') }
        })
      })
  }

  function overlayFor(id) {
    return document.querySelector('[data-bridge-sheet="' + String(id).replace(/["\\]/g, '') + '"]')
  }

  // Styles that a page's Content-Security-Policy cannot block (`style-src 'self'` blocks style
  // attributes and <style> elements): CSSOM properties on the host, and the sheet's CSS as a
  // constructed stylesheet adopted by the shadow root (the overlay's markup has no style
  // attribute). A browser without constructed stylesheets gets a <style> element.
  var hostStyle = { position: 'fixed', inset: '0', 'z-index': '2147483647', overflow: 'auto', background: 'rgba(0,0,0,.25)' }
  function adoptStyles(root, css) {
    try {
      if (typeof CSSStyleSheet === 'function' && 'adoptedStyleSheets' in root) {
        var sheet = new CSSStyleSheet()
        sheet.replaceSync(css)
        root.adoptedStyleSheets = [sheet]
        return
      }
    } catch (e) {}
    var style = document.createElement('style')
    style.textContent = css
    root.appendChild(style)
  }

  function showSheet(params) {
    if (overlayFor(params.sheet)) return
    var host = document.createElement('div')
    host.setAttribute('data-bridge-sheet', params.sheet)
    for (var property in hostStyle) host.style.setProperty(property, hostStyle[property])
    var root = host.attachShadow({ mode: 'open' })
    if (params.error) {
      root.textContent = '[bridge] ' + params.error
    } else {
      adoptStyles(root, params.css)
      var holder = document.createElement('div')
      holder.innerHTML = params.html
      root.appendChild(holder)
    }
    root.addEventListener('click', function (e) {
      var button = e.target && e.target.closest ? e.target.closest('button') : null
      if (!button) return
      var answer
      if (button.hasAttribute('data-activity-type')) answer = { activity: button.getAttribute('data-activity-type') }
      else if (button.hasAttribute('data-package')) answer = { activity: button.getAttribute('data-package') }
      else if (button.getAttribute('data-activity') === 'cancel' || button.getAttribute('data-activity') === 'copy') answer = { cancel: true }
      else return
      answerSheet(params.sheet, answer).catch(function (err) {
        console.error('[bridge] ' + err.message)
        closeSheet(params.sheet)
      })
    })
    ;(document.body || document.documentElement).appendChild(host)
    fitSheet(host)
    restack()
  }

  // Only the sheet on top takes input: one presented over another (frak-share's topmost
  // present) leaves the one below covered, as UIKit's presenting view is under a modal.
  function restack() {
    var hosts = document.querySelectorAll('[data-bridge-sheet]')
    for (var i = 0; i < hosts.length; i++) {
      if (i < hosts.length - 1) hosts[i].setAttribute('inert', '')
      else hosts[i].removeAttribute('inert')
    }
  }

  // The device is drawn at its size in points; it is scaled down to fit the window, so the whole
  // sheet is seen (and clickable) without scrolling.
  function fitSheet(host) {
    var stage = host.shadowRoot && host.shadowRoot.querySelector('.stage')
    var screen = stage && stage.querySelector('.screen')
    if (!screen) return
    stage.style.zoom = '1'
    var r = screen.getBoundingClientRect()
    var zoom = Math.min(1, (window.innerHeight - 16) / (r.height + 68), (window.innerWidth - 16) / (r.width + 68))
    stage.style.zoom = String(Math.max(0.25, zoom))
  }
  window.addEventListener('resize', function () {
    var hosts = document.querySelectorAll('[data-bridge-sheet]')
    for (var i = 0; i < hosts.length; i++) fitSheet(hosts[i])
  })

  function closeSheet(id) {
    var host = overlayFor(id)
    if (host) host.remove()
    restack()
  }

  if (typeof bridge.onSheet !== 'function') bridge.onSheet = function (params) {
    if (params.state === 'shown') showSheet(params)
    else closeSheet(params.sheet)
  }

  // Runs callback `id` as Rust's webview.eval does: through runCallback (Tauri >= 2.3), or the
  // window property `_<id>` that earlier 2.x transformCallback defines.
  function runCallback(id, data) {
    var internals = window.__TAURI_INTERNALS__
    if (internals && internals.callbacks && typeof internals.runCallback === 'function' && internals.callbacks.has(id)) {
      internals.runCallback(id, data)
      return true
    }
    var f = window['_' + id]
    if (typeof f === 'function') { f(data); return true }
    return false
  }
  bridge.runCallback = runCallback

  function dispatch(name, params) {
    try { window.dispatchEvent(new CustomEvent(name, { detail: params })) } catch (e) {}
  }

  function connect() {
    if (typeof EventSource !== 'function') return
    var source = new EventSource(config.url + '__bridge/events?key=' + encodeURIComponent(config.key) + '&page=' + encodeURIComponent(page))
    bridge.eventSource = source
    source.addEventListener('callback', function (e) {
      var m = JSON.parse(e.data)
      runCallback(m.callback, m.payload)
    })
    // Each bridge notification is kept in its list, dispatched as a DOM event and handed to its
    // hook (looked up at delivery, so a page may replace the hook at any time).
    function keep(name, list, hook) {
      source.addEventListener('bridge/' + name, function (e) {
        var params = JSON.parse(e.data)
        bridge[list].push(params)
        dispatch('bridge:' + name, params)
        bridge[hook](params)
      })
    }
    keep('presentation', 'presentations', 'onPresentation')
    keep('warning', 'warnings', 'onWarning')
    keep('sheet', 'sheets', 'onSheet')
    keep('event', 'events', 'onEvent')
    keep('unhandled', 'unhandled', 'onUnhandled')
    // plugin-process ended the app. `exit`: the page is told (`bridge.exited`, `bridge:exit`),
    // as the app's webview would be gone. `restart`: once the old bridge has closed the stream,
    // the page reloads as soon as the new one answers, as the app's webview starts again.
    source.addEventListener('bridge/exit', function (e) {
      bridge.exited = JSON.parse(e.data)
      source.close()
      dispatch('bridge:exit', bridge.exited)
    })
    source.addEventListener('bridge/restart', function (e) {
      bridge.restarting = true
      dispatch('bridge:restart', JSON.parse(e.data))
      source.addEventListener('error', function () {
        source.close()
        // Polled every 100 ms, then less often (up to a second) for five minutes: a bridge
        // starting again on a busy machine takes what it takes, as an app's restart does.
        var started = Date.now(), wait = 100
        function again() {
          fetch(config.url + '__bridge/ipc.js', { cache: 'no-store' })
            .then(function (r) { if (r.ok) location.reload(); else retry() }, retry)
        }
        function retry() {
          if (Date.now() - started > 300000) return console.error('[bridge] the bridge did not start again within five minutes; reload the page once it runs')
          setTimeout(again, wait)
          wait = Math.min(1000, Math.round(wait * 1.5))
        }
        again()
      })
    })
    source.addEventListener('ready', function () {
      bridge.ready = true
      dispatch('bridge:ready', { page: page })
    })
  }

  // The message handler Tauri's ipc-protocol.js falls back to (window.ipc.postMessage).
  if (!window.ipc) {
    Object.defineProperty(window, 'ipc', {
      value: Object.freeze({
        postMessage: function (message) {
          var parsed
          try { parsed = JSON.parse(message) } catch (e) { console.error('[bridge] window.ipc.postMessage needs a JSON string', e); return }
          fetch(config.url + '__bridge/post-message', {
            method: 'POST',
            body: message,
            headers: { 'Content-Type': 'application/json', 'Bridge-Page': page }
          })
            .then(function (response) {
              var ok = response.headers.get('Tauri-Response') === 'ok'
              var type = (response.headers.get('content-type') || '').split(',')[0]
              return (type.indexOf('application/json') === 0 ? response.json() : response.text()).then(function (body) {
                if (response.status >= 400 && type.indexOf('text/plain') === 0) {
                  // Refused before it reached a command (a wrong key): Tauri would log it and drop it.
                  console.error('[bridge] ' + body)
                }
                runCallback(ok ? parsed.callback : parsed.error, body)
              })
            })
            .catch(function (e) { runCallback(parsed.error, String(e)) })
        }
      })
    })
  }

  bridge.connected = true
  connect()
})()
"""##
    /// `Scripts/notification.js`.
    static let notification = ##"""
;(function () {
  'use strict'
  var internals = window.__TAURI_INTERNALS__
  if (!internals || !internals.invoke) return
  var settable = false
  var value = 'default'
  function setPermission(v) {
    settable = true
    window.Notification.permission = v
    settable = false
  }
  function send(options) {
    if (typeof options === 'object') Object.freeze(options)
    return internals.invoke('plugin:notification|notify', { options: typeof options === 'string' ? { title: options } : options })
  }
  var Notification = function (title, options) {
    var opts = options || {}
    void send(Object.assign(opts, { title: title }))
  }
  Notification.requestPermission = function () {
    return internals.invoke('plugin:notification|request_permission').then(function (state) {
      setPermission(state === 'prompt' || state === 'prompt-with-rationale' ? 'default' : state)
      return state
    })
  }
  Object.defineProperty(Notification, 'permission', {
    enumerable: true,
    get: function () { return value },
    set: function (v) {
      if (!settable) throw new Error('Readonly property')
      value = v
    }
  })
  window.Notification = Notification
  var granted = (value !== 'default' || __WINDOWS__)
    ? Promise.resolve(value === 'granted')
    : internals.invoke('plugin:notification|is_permission_granted')
  void granted.then(function (answer) {
    setPermission(answer === null ? 'default' : answer ? 'granted' : 'denied')
  })
})()
"""##
    /// `Scripts/tauri.js`.
    static let tauri = ##"""
;(function () {
  'use strict'
  if (window.__TAURI_INTERNALS__ && window.__TAURI_INTERNALS__.invoke) {
    console.warn('[bridge] __TAURI_INTERNALS__ is already defined; /__bridge/tauri.js left it as it is')
    return
  }
  var config = __BRIDGE_CONFIG__
  // The key stays in this closure, as Tauri keeps __TAURI_INVOKE_KEY__ out of the object.
  var invokeKey = config.key
  var page = String(window.crypto.getRandomValues(new Uint32Array(2)).join('-'))
  var SERIALIZE_TO_IPC_FN = '__TAURI_TO_IPC_KEY__'

  Object.defineProperty(window, 'isTauri', { value: true })
  if (!window.__TAURI_INTERNALS__) {
    Object.defineProperty(window, '__TAURI_INTERNALS__', { value: { plugins: {} } })
  }
  var internals = window.__TAURI_INTERNALS__
  if (!internals.plugins) internals.plugins = {}

  function uid() {
    return window.crypto.getRandomValues(new Uint32Array(1))[0]
  }

  var callbacks = new Map()

  function registerCallback(callback, once) {
    var identifier = uid()
    var prop = '_' + identifier
    callbacks.set(identifier, function (data) {
      if (once) unregisterCallback(identifier)
      return callback && callback(data)
    })
    Object.defineProperty(window, prop, {
      value: function (data) {
        var f = callbacks.get(identifier)
        if (f) return f(data)
      },
      writable: false,
      configurable: true
    })
    return identifier
  }

  function unregisterCallback(id) {
    callbacks.delete(id)
    Reflect.deleteProperty(window, '_' + id)
  }

  function runCallback(id, data) {
    var callback = callbacks.get(id)
    if (callback) {
      callback(data)
    } else {
      console.warn('[TAURI] Couldn\'t find callback id ' + id + '. This might happen when the app is reloaded while Rust is running an asynchronous operation.')
    }
  }

  Object.defineProperty(internals, 'transformCallback', { value: registerCallback })
  Object.defineProperty(internals, 'unregisterCallback', { value: unregisterCallback })
  Object.defineProperty(internals, 'runCallback', { value: runCallback })
  Object.defineProperty(internals, 'callbacks', { value: callbacks })

  Object.defineProperty(internals, 'convertFileSrc', {
    value: function (filePath, protocol) {
      protocol = protocol || 'asset'
      var path = encodeURIComponent(filePath)
      if (protocol === 'ipc') return config.url + path
      // Android and Windows name a file http://<protocol>.localhost/<path>: a page served at
      // tauri.localhost (whose subdomains the browser resolves to loopback) gets that form.
      if ((config.platform === 'android' || config.platform === 'windows') && location.hostname === 'tauri.localhost') {
        return 'http://' + protocol + '.localhost:' + location.port + '/' + path
      }
      return config.url + '__bridge/' + protocol + '/' + path
    }
  })

  function processIpcMessage(message) {
    if (message instanceof ArrayBuffer || ArrayBuffer.isView(message) || Array.isArray(message)) {
      return { contentType: 'application/octet-stream', data: message }
    }
    var data = JSON.stringify(message, function (_k, val) {
      if (val instanceof Map) {
        var o = {}
        val.forEach(function (v, k) { o[k] = v })
        return o
      } else if (val instanceof Uint8Array) {
        return Array.from(val)
      } else if (val instanceof ArrayBuffer) {
        return Array.from(new Uint8Array(val))
      } else if (typeof val === 'object' && val !== null && SERIALIZE_TO_IPC_FN in val && typeof val[SERIALIZE_TO_IPC_FN] === 'function') {
        return val[SERIALIZE_TO_IPC_FN]()
      } else if (val instanceof Object && '__TAURI_CHANNEL_MARKER__' in val && typeof val.id === 'number') {
        return '__CHANNEL__:' + val.id
      }
      return val
    })
    return { contentType: 'application/json', data: data }
  }

  // listen() ids → their handler callbacks, so unregisterListener can drop the handler.
  var listenerHandlers = new Map()

  function sendIpcMessage(message) {
    var cmd = message.cmd, callback = message.callback, error = message.error, options = message.options
    var processed = processIpcMessage(message.payload)
    var headers = {
      'Content-Type': processed.contentType,
      'Tauri-Callback': callback,
      'Tauri-Error': error,
      'Tauri-Invoke-Key': invokeKey,
      'Bridge-Page': page,
      'Bridge-Window': internals.metadata.currentWindow.label,
      'Bridge-Webview': internals.metadata.currentWebview.label
    }
    // The app's headers override these, case-insensitively, a Headers object as a plain one
    // (tauri-apps/tauri#13227, Tauri 2.5: ipc-protocol.js builds a Headers and sets each entry).
    headers = new Headers(headers)
    if (options && options.headers) {
      var extra = options.headers instanceof Headers ? Array.from(options.headers.entries()) : Object.entries(options.headers)
      extra.forEach(function (pair) { headers.set(pair[0], pair[1]) })
    }
    fetch(internals.convertFileSrc(cmd, 'ipc'), { method: 'POST', body: processed.data, headers: headers })

      .then(function (response) {
        var cb = response.headers.get('Tauri-Response') === 'ok' ? callback : error
        switch ((response.headers.get('content-type') || '').split(',')[0].split(';')[0]) {
          case 'application/json':
            return response.json().then(function (r) { return [cb, r] })
          case 'text/plain':
            return response.text().then(function (r) { return [cb, r.replace(/\n$/, '')] })
          default:
            return response.arrayBuffer().then(function (r) { return [cb, r] })
        }
      })
      .then(function (pair) {
        if (cmd === 'plugin:event|listen' && pair[0] === callback && message.payload && typeof pair[1] === 'number') {
          listenerHandlers.set(pair[1], message.payload.handler)
        }
        runCallback(pair[0], pair[1])
      })
      .catch(function (e) {
        runCallback(error, 'the bridge at ' + config.url + ' could not be reached: ' + String(e))
      })
  }

  Object.defineProperty(internals, 'postMessage', { value: sendIpcMessage })
  Object.defineProperty(internals, 'ipc', { value: Object.freeze(function (message) { internals.postMessage(message) }) })

  Object.defineProperty(internals, 'invoke', {
    value: function (cmd, payload, options) {
      if (payload === undefined) payload = {}
      return new Promise(function (resolve, reject) {
        var callback = registerCallback(function (r) {
          resolve(r)
          unregisterCallback(error)
        }, true)
        var error = registerCallback(function (e) {
          reject(e)
          unregisterCallback(callback)
        }, true)
        internals.ipc({ cmd: cmd, callback: callback, error: error, payload: payload, options: options })
      })
    }
  })

  Object.defineProperty(internals, 'metadata', {
    value: {
      currentWindow: { label: config.window },
      currentWebview: { windowLabel: config.window, label: config.webview }
    }
  })
  internals.plugins.path = { sep: config.sep, delimiter: config.delimiter }

  Object.defineProperty(window, '__TAURI_EVENT_PLUGIN_INTERNALS__', {
    value: {
      unregisterListener: function (event, eventId) {
        var handler = listenerHandlers.get(eventId)
        listenerHandlers.delete(eventId)
        if (handler !== undefined) unregisterCallback(handler)
      }
    }
  })

  if (config.os) {
    Object.defineProperty(window, '__TAURI_OS_PLUGIN_INTERNALS__', { value: Object.freeze(config.os) })
  }

  window.__BRIDGE__ = window.__BRIDGE__ || {}
  window.__BRIDGE__.page = page
})()
"""##
    /// `Scripts/web-share.js`.
    static let webShare = ##"""
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
"""##
}
