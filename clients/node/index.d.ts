/** Options of `spawnBridge`; they mirror `bridge serve`'s command-line options. */
export interface SpawnOptions {
  /** The `bridge` executable [$BRIDGE_EXECUTABLE, else `bridge` on PATH]. */
  executable?: string
  platform?: 'ios' | 'android' | 'linux' | 'macos' | 'windows'
  device?: 'iphone' | 'ipad'
  window?: string
  webview?: string
  /** `local` or a remote URL. */
  origin?: string
  /** A capability file or folder (`src-tauri/capabilities`). */
  capabilities?: string
  /** `--app DIR`: a Tauri project (or its `src-tauri`): config, capabilities, the app's own commands. */
  app?: string
  /** `--fixtures FILE`: answers for the commands the bridge does not simulate. */
  fixtures?: string
  /** `--app-group DIR`: the share inbox's App Group container. */
  appGroup?: string
  /** `--open-url`: the link the app was started with (deep-link's `getCurrent`). */
  openUrl?: string
  /** `--clipboard`: the clipboard starts holding this text, copied by another app. */
  clipboard?: string
  /** `--biometry`: the device's biometric sensor. */
  biometry?: 'face' | 'fingerprint' | 'iris' | 'none' | 'not-enrolled'
  /** `--sandbox`: the folder that holds the device's files (fs); a temporary one by default. */
  sandbox?: string
  /** `--http-fixtures`: a JSON file of the responses plugin-http's fetch() gets. */
  httpFixtures?: string
  /** `--tauri-version`: the Tauri version modelled (`'2.8.5'`); else the app's Cargo.lock, else the newest. */
  tauriVersion?: string
  /** `--plugin-version NAME@VERSION` for each: the plugin versions modelled (`{http: '2.0.3'}`). */
  pluginVersions?: Record<string, string>
  /** `--http-passthrough`: fetch for real what no fixture answers (the http scope applies first). */
  httpPassthrough?: boolean
  /** `--strict`: warnings become refusals. */
  strict?: boolean
  /** Ask for `presentation` events (the platform record of each call). */
  inspect?: boolean
  /** Browser mode too: `true` (a free port), a port, or `HOST:PORT`. */
  http?: boolean | number | string
  /** More arguments for `bridge serve`. */
  extraArgs?: string[]
}

/** The error `invoke` rejects with. */
export class BridgeError extends Error {
  /** The JSON-RPC error code, e.g. -32602. */
  code: number
  /** `{kind, command?, field?, …}`. */
  data: { kind: string; [key: string]: unknown }
}

export interface PresentationEvent { id: number | string; presentation: Record<string, unknown> }
export interface WarningEvent { id: number | string; warnings: { code: string; message: string; field?: string }[] }
export interface PluginEvent { plugin: string; event: string; payload: unknown }
/** A call nothing answered (`bridge/unhandled`), with a fixture entry that would answer it. */
export interface UnhandledEvent { command: string; kind: string; args: unknown; message: string; fixture: Record<string, unknown> }
/** Where a call a handler answers comes from. */
export interface CallContext { command: string; window: string; webview: string; origin: string; platform: string }

export interface BrowserMode {
  /** `http://127.0.0.1:PORT/` */
  url: string
  /** `http://127.0.0.1:PORT/__bridge/tauri.js` */
  script: string
  /** The invoke key (`Tauri-Invoke-Key`). */
  key: string
}

export class Bridge {
  /** Resolves once the bridge answers `initialize` (and after `bridge/listening` when started with `http`). */
  readonly ready: Promise<void>
  /** Resolves with the result, or rejects with a `BridgeError` whose message is Tauri's rejection value. */
  invoke<T = unknown>(cmd: string, args?: Record<string, unknown>): Promise<T>
  /** For `mockIPC`: rejects with exactly what the app's `invoke()` would see (the message string). */
  readonly handler: (cmd: string, args?: Record<string, unknown>) => Promise<unknown>
  on(name: 'presentation', callback: (event: PresentationEvent) => void): () => void
  on(name: 'warning', callback: (event: WarningEvent) => void): () => void
  on(name: 'event', callback: (event: PluginEvent) => void): () => void
  on(name: 'unhandled', callback: (event: UnhandledEvent) => void): () => void
  /**
   * Answers `command` (`greet`, `plugin:<p>|<c>`, or `'*'`) for every transport of this bridge:
   * the result is what `fn` returns; what it throws is what `invoke()` rejects with.
   */
  handle(command: string, fn: (args: Record<string, unknown>, context: CallContext) => unknown): Promise<void>
  /** A link tapped while the app runs: `onOpenUrl` handlers receive it when `plugins.deep-link` routes it to the app. */
  openUrl(url: string): Promise<{ opened: boolean, url?: string, event?: string, reason?: string }>
  /** Android's back button (Tauri ≥ 2.9): `onBackButtonPress` listeners receive `{canGoBack}`. */
  backButton(): Promise<{ handled: boolean, listeners: number, default?: string }>
  /**
   * Installs the bridge as `target`'s `__TAURI_INTERNALS__` (and the event plugin's internals),
   * as `mockIPC` does, events included; returns `clearMocks`.
   */
  installMocks(target?: object, options?: { window?: string }): () => void
  /** Browser mode's addresses and key once `ready` resolved, or null without `http`. */
  readonly http: BrowserMode | null
  /** What the bridge wrote on stderr so far. */
  readonly stderr: string
  /** `shutdown` then `exit`; resolves with the exit status. */
  close(): Promise<number>
}

export function spawnBridge(options?: SpawnOptions): Bridge

/**
 * The executable `spawnBridge` runs: `options.executable`, `BRIDGE_EXECUTABLE`, the package's own
 * `bin/bridge`, else `bridge` on PATH once its `--version` says it is this bridge (iproute2 has a
 * `/usr/sbin/bridge` too); throws saying what it found otherwise.
 */
export function resolveExecutable(options?: { executable?: string }): string
