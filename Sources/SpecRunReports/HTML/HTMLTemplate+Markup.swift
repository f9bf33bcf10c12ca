/// The static parts of the page. Nothing here holds user text: the title is escaped and the data is JSON.
enum HTMLTemplate {
    static let head = """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="generator" content="specrun">

    """

    static let body = """
    <body>
    <header class="top">
      <div class="top-row">
        <div>
          <h1 id="title"></h1>
          <p class="meta" id="run-meta"></p>
        </div>
        <div class="top-actions">
          <button type="button" id="theme-toggle" title="Switch between light and dark">◐ Theme</button>
        </div>
      </div>
      <div class="summary">
        <div class="chart" id="chart" aria-label="Pass rate"></div>
        <div class="summary-text">
          <div class="filters" id="filters" role="group" aria-label="Filter by status"></div>
          <p class="steps-line" id="steps-line"></p>
          <pre class="problems" id="problems" hidden></pre>
          <details class="attention" id="attention" hidden><summary id="attention-title"></summary><ul id="attention-list"></ul></details>
        </div>
      </div>
    </header>
    <div class="sticky">
      <nav class="toolbar">
        <input type="search" id="search" placeholder="Search scenarios, steps or @tags (press / to focus, Esc to clear)" autocomplete="off" aria-label="Search">
        <div class="tabs" role="tablist">
          <button type="button" class="tab active" id="tab-features" data-view="features">Features</button>
          <button type="button" class="tab" id="tab-trace" data-view="trace">Traceability</button>
        </div>
        <button type="button" id="expand-all">Expand all</button>
        <button type="button" id="collapse-all">Collapse all</button>
      </nav>
      <p class="visible-count" id="visible-count" aria-live="polite"></p>
    </div>
    <main>
      <section id="features-view"></section>
      <section id="trace-view" hidden></section>
    </main>
    <noscript><p class="noscript">This report needs JavaScript to show its content.</p></noscript>

    """
}
