import SpecRunReportCore

/// The static parts of the page. Nothing here holds user text: the title is escaped and the data is JSON.
enum HTMLTemplate {
    /// The policy: no script but the page's own (its SHA-256, computed from the script it is written with, so an
    /// element injected by whatever means never runs), no fetch, no frame, no form, no base.
    static let csp =
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; "
        + "script-src \(SHA256.cspSource(of: HTMLPage.scriptElementText)); img-src data:; media-src data:; "
        + "base-uri 'none'; form-action 'none'\">"

    static let head = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        \(csp)
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="generator" content="specrun">

        """

    /// The body before the data, with the first screen already in it (`HTMLFirstScreen`).
    static func body(_ first: HTMLFirstScreen) -> String {
        """
        <body>
        <a class="skip" href="#features">Skip to the features</a>
        <header class="top">
          <div class="top-row">
            <div>
              <h1 id="title">\(first.titleHTML)</h1>
              <p class="meta" id="run-meta">\(first.metaHTML)</p>
            </div>
            <div class="top-buttons">
              <button type="button" id="print-summary" hidden>Print summary</button>
              <button type="button" id="theme-toggle" aria-pressed="false" hidden>Dark theme</button>
            </div>
          </div>
          <div class="summary">
            <div class="chart" id="chart"></div>
            <div class="summary-text">
              <p class="headline \(first.headlineClass)" id="headline">\(first.headlineHTML)</p>
              <div class="filters" id="filters" role="group" aria-label="Filter by status"></div>
              <p class="steps-line" id="steps-line">\(first.totalsHTML)</p>
            </div>
          </div>
        </header>
        <main>
          <section id="problems" aria-label="Needs attention"\(first.needsAttention ? "" : " hidden")>\(first.problemsHTML)</section>
          \(first.criteriaHistory)<section id="requirements" aria-label="Requirements" hidden></section>
          <section id="features" aria-labelledby="features-title">
            <h2 id="features-title">Features</h2>
            <div class="toolbar" role="search" hidden>
              <input type="search" id="search" placeholder="Words, or tags: @smoke and not @slow  (press /)" aria-label="Search scenarios by words or tag expression" aria-describedby="search-hint">
              <button type="button" id="expand-all">Expand all</button>
              <button type="button" id="collapse-all">Collapse all</button>
            </div>
            <p class="search-hint" id="search-hint" role="status" hidden></p>
            <p class="visible-count" id="visible-count" aria-live="polite"></p>
            <div id="features-view"></div>
          </section>
        </main>
        <noscript><p class="noscript">The first screen above reads without JavaScript; the rest of this report needs it.</p></noscript>

        """
    }
}
