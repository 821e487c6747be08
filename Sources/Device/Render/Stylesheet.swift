/// The rendering's CSS: inline in the document, system fonts only (nothing to fetch).
enum Stylesheet {
    static let css = """
    *{box-sizing:border-box}
    body{margin:0;background:#d9dce1;font-family:-apple-system,"SF Pro Text","Helvetica Neue","Liberation Sans","DejaVu Sans",sans-serif;color:#1c1c1e}
    .stage{display:flex;gap:32px;align-items:flex-start;padding:24px}
    .screen{position:relative;flex:none;overflow:hidden;border-radius:40px;background:#f2f2f7;box-shadow:0 0 0 10px #1c1c1e,0 20px 50px rgba(0,0,0,.35);margin:10px}
    .screen.android{border-radius:28px;background:#fff}
    .backdrop{position:absolute;inset:0;padding:60px 20px;display:flex;flex-direction:column;gap:16px}
    .backdrop-bar{height:44px;border-radius:10px;background:#c7c7cc}
    .backdrop-block{height:90px;border-radius:14px;background:#fff;box-shadow:0 1px 2px rgba(0,0,0,.08)}
    .backdrop-block.tall{height:200px;background:#e0e4ea}.backdrop-block.short{height:50px}
    .dim{position:absolute;inset:0;background:rgba(0,0,0,.32)}
    .ios-sheet{background:#f2f2f7;color:#1c1c1e}
    .bottom-sheet{position:absolute;left:0;right:0;bottom:0;border-radius:14px 14px 0 0;padding-bottom:8px;box-shadow:0 -2px 20px rgba(0,0,0,.2)}
    .grabber{width:36px;height:5px;border-radius:3px;background:#c7c7cc;margin:6px auto 0}
    .home-indicator{width:134px;height:5px;border-radius:3px;background:#1c1c1e;margin:18px auto 4px}
    .popover{position:absolute;transform:translate(-50%,-50%);border-radius:13px;padding-bottom:12px;box-shadow:0 12px 48px rgba(0,0,0,.32),0 0 0 .5px rgba(0,0,0,.15)}
    .anchor-lines{position:absolute;left:0;top:0}
    .sheet-header{display:flex;align-items:center;gap:12px;padding:14px 16px;border-bottom:.5px solid #c6c6c8}
    .icon{flex:none;border-radius:12px;overflow:hidden;background:#e5e5ea}
    .icon img{display:block;object-fit:cover;image-rendering:auto}
    .header-text{flex:1;min-width:0}
    .header-title{margin:0;font-size:17px;font-weight:600;line-height:22px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
    .header-subtitle{margin:2px 0 0;font-size:13px;color:#8a8a8e;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
    button{font:inherit;color:inherit;cursor:pointer}
    .close{flex:none;border:0;background:none;padding:0;width:30px;height:30px}
    .apps{display:flex;gap:10px;padding:16px 12px 12px;overflow:hidden}
    .activity.app{flex:none;width:68px;border:0;background:none;padding:0;display:flex;flex-direction:column;align-items:center;gap:6px}
    .activity .label{font-size:11px;line-height:13px;text-align:center}
    .activity[aria-pressed=true] .glyph{outline:3px solid #007aff;outline-offset:2px;border-radius:16px}
    .actions{margin:4px 16px 0;border-radius:10px;background:#fff;overflow:hidden}
    .activity.action{display:flex;width:100%;justify-content:space-between;align-items:center;border:0;border-bottom:.5px solid #c6c6c8;background:#fff;padding:12px 16px;text-align:left}
    .activity.action:last-child{border-bottom:0}
    .activity.action .label{font-size:17px;line-height:22px;text-align:left}
    .activity.action[aria-pressed=true]{background:#dbeafe}
    .activity.action[aria-pressed=true] .glyph{outline:0}
    .scrim{position:absolute;inset:0;border:0;background:rgba(0,0,0,.4);padding:0}
    .chooser{position:absolute;left:0;right:0;bottom:0;background:#fff;border-radius:28px 28px 0 0;padding:8px 0 24px;font-family:Roboto,"Liberation Sans","DejaVu Sans",sans-serif}
    .handle{width:32px;height:4px;border-radius:2px;background:#c4c7c5;margin:4px auto 12px}
    .chooser-title{margin:8px 24px 16px;font-size:16px;font-weight:500;color:#1f1f1f;text-align:center}
    .content-preview{margin:0 16px 8px;border-bottom:1px solid #e0e0e0;padding-bottom:12px}
    .preview-title{display:flex;align-items:center;gap:12px;padding:8px}
    .thumbnail{flex:none;width:48px;height:48px;border-radius:8px;overflow:hidden;background:#e0e0e0}
    .thumbnail img{display:block;object-fit:cover}
    .preview-title .title{margin:0;font-size:16px;font-weight:500;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
    .preview-text{display:flex;align-items:center;gap:12px;padding:8px;border-radius:12px;background:#f3f6fc}
    .preview-text .text{flex:1;margin:0;font-size:14px;line-height:20px;color:#444746;white-space:pre-line;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden}
    .copy{flex:none;border:0;background:none;padding:4px;width:32px;height:32px}
    .targets{display:grid;grid-template-columns:repeat(4,1fr);gap:16px 0;padding:12px 8px}
    .activity.target{border:0;background:none;padding:0;display:flex;flex-direction:column;align-items:center;gap:6px}
    .activity.target .label{font-size:12px;color:#1f1f1f}
    .outcome{flex:none;width:380px;background:#fff;border-radius:16px;padding:20px;box-shadow:0 4px 20px rgba(0,0,0,.15);margin-top:10px}
    .outcome h2{margin:0 0 10px;font-size:18px}
    .outcome code{font-family:"DejaVu Sans Mono",monospace;font-size:13px}
    .resolves{margin:0 0 14px;font-size:14px}
    .resolves code{display:inline-block;max-width:100%;overflow-wrap:anywhere}
    .note{margin:10px 0 0;font-size:13px;color:#636366}
    .note.warning{color:#b25000}
    .mail{border:1px solid #d1d1d6;border-radius:10px;overflow:hidden}
    .mail-row{padding:10px 12px;border-bottom:.5px solid #d1d1d6;font-size:15px}
    .mail-key{color:#8a8a8e}
    .mail-body{padding:12px;font-size:15px}
    .mail-text{margin:0 0 10px;white-space:pre-wrap}
    .conversation{display:flex;flex-direction:column;align-items:flex-end;gap:6px;padding:10px;background:#fff}
    .bubble{max-width:85%;padding:8px 12px;border-radius:18px;background:#0b84ff;color:#fff;font-size:15px;white-space:pre-wrap}
    .card-bubble{padding:0;background:#e9e9eb;color:#1c1c1e;overflow:hidden}
    .link-card{display:flex;align-items:center;gap:10px;padding:10px;background:#e9e9eb;border-radius:14px;max-width:320px}
    .card-text{min-width:0}
    .card-title{margin:0;font-size:15px;font-weight:600;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
    .card-host{margin:2px 0 0;font-size:13px;color:#8a8a8e}
    .airdrop-file{display:flex;gap:12px;align-items:flex-start;margin-bottom:12px}
    .file-name{margin:0;font-weight:600;word-break:break-all}
    .file-content,.pasteboard{margin:8px 0 0;padding:8px;background:#f2f2f7;border-radius:6px;font-size:13px;white-space:pre-wrap;word-break:break-all}
    .received{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:8px}
    .received-text{white-space:pre-wrap}
    .file-card{display:flex;gap:10px;align-items:center;padding:8px}
    .file-card .note{margin:2px 0 0}
    .mail-attachment{margin:0 0 10px}
    .preview-images{display:flex;gap:8px;padding:8px;align-items:center}
    .preview-images .thumbnail{width:96px;height:96px}
    .preview-file{display:flex;gap:12px;align-items:center;padding:8px;border-radius:12px;background:#f3f6fc}
    .preview-file .text{margin:0;font-size:14px;color:#444746}
    .more{font-size:14px;color:#444746}
    .extras{margin:0;font-size:13px}.extras dt{font-family:"DejaVu Sans Mono",monospace;color:#636366;margin-top:8px}
    .extras dd{margin:2px 0 0;word-break:break-all}.extras pre{margin:0;white-space:pre-wrap;font:inherit}
    """

    /// What a sheet laid over a page adds (inside its shadow root, where `body` is not).
    static let overlayCSS = """
    :host{all:initial}
    .stage.overlay{justify-content:center;min-height:100%;font-family:-apple-system,"SF Pro Text","Helvetica Neue","Liberation Sans","DejaVu Sans",sans-serif;color:#1c1c1e}
    """
}
