extension HTMLTemplate {
    static let css = """
    :root {
      --bg: #f7f8fa; --panel: #ffffff; --text: #1d2330; --muted: #5d6778; --border: #dde2ea; --code: #f1f3f7;
      --accent: #2f6fd6; --shadow: 0 1px 2px rgba(20, 30, 50, .06), 0 2px 8px rgba(20, 30, 50, .05);
      --passed: #1f8a3b; --failed: #d0352b; --pending: #c98a00; --undefined: #e06c00; --ambiguous: #8e3bb5;
      --skipped: #2a7fb8; --unknown: #8a93a3;
      color-scheme: light;
    }
    :root[data-theme="dark"] {
      --bg: #12151b; --panel: #1b2029; --text: #e4e8ef; --muted: #9aa4b5; --border: #2d3442; --code: #232a36;
      --accent: #6ea2ff; --shadow: none;
      --passed: #4cc56b; --failed: #ff6b5e; --pending: #f0c040; --undefined: #ff9c45; --ambiguous: #c98cf0;
      --skipped: #5fb4ee; --unknown: #8a93a3;
      color-scheme: dark;
    }
    * { box-sizing: border-box; }
    body { margin: 0; background: var(--bg); color: var(--text);
      font: 15px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
    code, pre, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; font-size: 13px; }
    button { font: inherit; color: inherit; background: var(--panel); border: 1px solid var(--border); border-radius: 6px;
      padding: 4px 10px; cursor: pointer; }
    button:hover { border-color: var(--accent); }
    button:focus-visible, input:focus-visible, summary:focus-visible { outline: 2px solid var(--accent); outline-offset: 1px; }
    a { color: var(--accent); }
    header.top { background: var(--panel); padding: 18px 28px 4px; }
    .sticky { background: var(--panel); border-bottom: 1px solid var(--border); padding: 4px 28px 8px; position: sticky; top: 0; z-index: 5; box-shadow: var(--shadow); }
    .top-row { display: flex; justify-content: space-between; align-items: flex-start; gap: 16px; }
    h1 { margin: 0; font-size: 22px; font-weight: 650; }
    .meta { margin: 2px 0 0; color: var(--muted); font-size: 13px; }
    .summary { display: flex; gap: 22px; align-items: flex-start; margin: 12px 0 8px; }
    .chart svg { display: block; }
    .chart .rate { font-size: 9px; font-weight: 700; fill: var(--text); }
    .chart .rate-label { font-size: 4px; fill: var(--muted); }
    .filters { display: flex; flex-wrap: wrap; gap: 8px; }
    .filter { display: inline-flex; align-items: center; gap: 6px; border-radius: 999px; padding: 3px 12px; }
    .filter .count { font-weight: 700; }
    .filter.active { background: var(--accent); border-color: var(--accent); color: #fff; }
    .filter.active .dot { border-color: #fff; }
    .dot { width: 10px; height: 10px; border-radius: 50%; display: inline-block; border: 1px solid transparent; }
    .steps-line { margin: 8px 0 0; color: var(--muted); font-size: 13px; }
    .problems { color: var(--failed); background: var(--code); padding: 8px 10px; border-radius: 6px; white-space: pre-wrap; margin: 8px 0 0; }
    .attention { margin: 8px 0 0; font-size: 14px; }
    .attention summary { cursor: pointer; color: var(--failed); font-weight: 600; }
    .attention ul { margin: 4px 0; padding-left: 4px; list-style: none; max-height: 240px; overflow: auto; }
    .attention li { margin: 2px 0; }
    .toolbar { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
    #search { flex: 1 1 280px; min-width: 200px; padding: 6px 10px; border-radius: 6px; border: 1px solid var(--border);
      background: var(--bg); color: var(--text); font: inherit; }
    .tabs { display: inline-flex; }
    .tab { border-radius: 0; }
    .tab:first-child { border-radius: 6px 0 0 6px; }
    .tab:last-child { border-radius: 0 6px 6px 0; margin-left: -1px; }
    .tab.active { background: var(--accent); color: #fff; border-color: var(--accent); }
    .visible-count { margin: 6px 0 0; color: var(--muted); font-size: 13px; }
    main { padding: 16px 28px 60px; max-width: 1200px; }
    .feature { background: var(--panel); border: 1px solid var(--border); border-radius: 10px; margin: 0 0 12px; box-shadow: var(--shadow); }
    .feature-head { display: flex; align-items: center; gap: 10px; width: 100%; text-align: left; border: 0; border-radius: 10px;
      padding: 12px 16px; background: transparent; }
    .feature-head .chevron { transition: transform .15s; color: var(--muted); width: 12px; }
    .feature.open > .feature-head .chevron { transform: rotate(90deg); }
    .feature-title { font-weight: 650; font-size: 16px; flex: 1; }
    .feature-title .kw { color: var(--muted); font-weight: 500; }
    .uri { color: var(--muted); font-size: 12px; font-weight: 400; margin-left: 6px; }
    .bar { display: flex; width: 140px; height: 8px; border-radius: 4px; overflow: hidden; background: var(--code); flex: none; }
    .bar span { display: block; height: 100%; }
    .mini-counts { font-size: 12px; color: var(--muted); white-space: nowrap; }
    .feature-body { padding: 0 18px 14px 40px; }
    .description { color: var(--text); margin: 0 0 10px; max-width: 820px; }
    .description p { margin: 6px 0; }
    .description table { border-collapse: collapse; margin: 8px 0; }
    .description td, .description th { border: 1px solid var(--border); padding: 3px 8px; }
    .description code, .step code { background: var(--code); padding: 1px 4px; border-radius: 4px; }
    .rule { margin: 14px 0 6px; padding: 6px 0 0; border-top: 1px dashed var(--border); }
    .rule h3 { margin: 4px 0; font-size: 15px; }
    .rule h3 .kw { color: var(--muted); font-weight: 500; }
    .tags { display: inline-flex; flex-wrap: wrap; gap: 4px; margin-left: 4px; vertical-align: middle; }
    .tag { font-size: 11.5px; padding: 0 7px; border-radius: 999px; background: var(--code); color: var(--muted); border: 1px solid var(--border); cursor: pointer; }
    .tag:hover { color: var(--accent); border-color: var(--accent); }
    .scenario { border-left: 4px solid var(--unknown); background: var(--bg); border-radius: 6px; margin: 10px 0; padding: 8px 12px; }
    .scenario.target { outline: 2px solid var(--accent); }
    .scenario-head { display: flex; align-items: baseline; gap: 8px; flex-wrap: wrap; }
    .scenario-name { font-weight: 600; }
    .scenario-name .kw { color: var(--muted); font-weight: 500; }
    .scenario .anchor { color: var(--muted); text-decoration: none; font-size: 13px; }
    .scenario .anchor:hover { color: var(--accent); }
    .scenario .right { margin-left: auto; color: var(--muted); font-size: 12px; white-space: nowrap; }
    .badge { font-size: 11px; font-weight: 700; text-transform: uppercase; letter-spacing: .04em; padding: 1px 7px; border-radius: 4px; color: #fff; }
    ol.steps { list-style: none; margin: 6px 0 0; padding: 0; }
    .step { padding: 2px 0; }
    .step-line { display: flex; gap: 8px; align-items: baseline; }
    .step .icon { width: 16px; text-align: center; flex: none; font-weight: 700; }
    .step .kw { font-weight: 650; }
    .step .text { flex: 1; }
    .step .where { color: var(--muted); font-size: 12px; }
    .step .dur { color: var(--muted); font-size: 12px; white-space: nowrap; }
    .step.hook .text { font-style: italic; color: var(--muted); }
    .extra { margin: 4px 0 6px 24px; }
    table.data { border-collapse: collapse; font-size: 13px; }
    table.data td { border: 1px solid var(--border); padding: 2px 8px; background: var(--panel); }
    pre { margin: 0; padding: 8px 10px; background: var(--code); border-radius: 6px; white-space: pre-wrap; word-break: break-word; overflow-x: auto; }
    pre.error { color: var(--failed); border-left: 3px solid var(--failed); }
    pre.snippet { border-left: 3px solid var(--undefined); }
    .extra-title { font-size: 12px; color: var(--muted); margin: 4px 0 2px; display: flex; gap: 8px; align-items: center; }
    .extra-title button { font-size: 11px; padding: 0 6px; }
    img.attachment { max-width: 100%; max-height: 420px; border: 1px solid var(--border); border-radius: 6px; background: #fff; }
    .more { margin: 8px 0; }
    .empty { color: var(--muted); font-style: italic; }
    .s-passed { --st: var(--passed); } .s-failed { --st: var(--failed); } .s-pending { --st: var(--pending); }
    .s-undefined { --st: var(--undefined); } .s-ambiguous { --st: var(--ambiguous); } .s-skipped { --st: var(--skipped); }
    .s-unknown { --st: var(--unknown); }
    .scenario[class*="s-"] { border-left-color: var(--st); }
    .icon[class*="s-"], .st-text[class*="s-"] { color: var(--st); }
    .badge[class*="s-"], .dot[class*="s-"], .bar span[class*="s-"] { background: var(--st); }
    .trace-family { background: var(--panel); border: 1px solid var(--border); border-radius: 10px; padding: 8px 16px 12px; margin: 0 0 12px; box-shadow: var(--shadow); }
    .trace-family h2 { font-size: 16px; margin: 6px 0; }
    table.trace { border-collapse: collapse; width: 100%; table-layout: fixed; }
    table.trace col.c-tag { width: 30%; } table.trace col.c-status { width: 14%; }
    .trace-summary { color: var(--muted); font-size: 13px; margin: 0 0 6px; }
    table.trace td, table.trace th { border-bottom: 1px solid var(--border); padding: 6px 8px; text-align: left; vertical-align: top; }
    table.trace th { font-size: 12px; color: var(--muted); font-weight: 600; }
    table.trace td.child { padding-left: 28px; }
    table.trace details summary { cursor: pointer; color: var(--muted); font-size: 13px; }
    table.trace ul { margin: 4px 0; padding-left: 18px; }
    .noscript { padding: 20px; }
    @media (max-width: 700px) { header.top, .sticky, main { padding-left: 12px; padding-right: 12px; } .bar { display: none; } .feature-body { padding-left: 14px; } }

    """
}
