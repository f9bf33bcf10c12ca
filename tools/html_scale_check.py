#!/usr/bin/env python3
"""Measure the HTML report at scale in headless Chromium.

Usage:
    python3 tools/html_scale_check.py [--scenarios 50000] [--specrun PATH] [--out DIR] [--corpus-report REPORT.html]
                                      [--runs N]

Writes a synthetic run of N scenarios (tools/html_fixture.py: outlines, backgrounds, failures, retries,
attachments, requirements), turns it into HTML with `specrun report RUN.ndjson --format html:OUT.html`, opens it
and measures, in the page (performance.now(), layout included):
  first failure visible  navigation start to the first failure's text in the DOM, laid out inside the viewport, at
               the first animation frame after it arrived (the frame it is painted in), and not before the
               page's first contentful paint (budget 1.5 s). The report
               writes its first screen (header, totals, first failures) as HTML before the data, so this does not
               wait for the data to be parsed. Also printed: "first failure in DOM" (a MutationObserver),
               "first failure painted" (the Element Timing API's renderTime of the element marked
               elementtiming="first-failure", where the browser reports it), "headline visible", and
               "first contentful paint" (the Paint Timing API).
  first screen navigation start to the script's own header, totals and failures drawn from the data (info)
  ready        navigation start to the page saying it is ready          (budget 2 s)
  expand all   the click to every open card near the viewport built     (budget 1 s)
  filter       a status filter on, the page updated                     (budget 200 ms)
  keystroke    a search keystroke applied, the page updated             (budget 200 ms; the input waits 80 ms first)
An `html-site` folder's index.html (--corpus-report DIR/index.html) is measured the same way (it has no script),
then the first failure's feature page is opened and its "feature page ready" printed.
Exit 1 when a budget is exceeded. --specrun defaults to .build/debug/specrun (measure a release build for figures).
"""
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from browser_support import load, start_browser  # noqa: E402

BUDGETS = {"first failure visible": 1500, "ready": 2000, "expand all": 1000, "filter": 200, "keystroke": 200}

AFTER_FRAMES = """var done = arguments[arguments.length - 1], t0 = arguments[0];
requestAnimationFrame(function () { requestAnimationFrame(function () {
  document.body.offsetHeight; done(performance.now() - t0); }); });"""


def timed(driver, action):
    """Milliseconds from before `action` (JS) until two frames later, layout included."""
    return driver.execute_async_script("var t0 = performance.now();" + action + "; document.body.offsetHeight;" + AFTER_FRAMES.replace("arguments[0]", "t0"))


# Installed before the page's own script (CDP Page.addScriptToEvaluateOnNewDocument): when the first failure's text
# (`#problems .failure`) is in the DOM, when it is first laid out inside the viewport at an animation frame (the frame
# that paints it), and its Element Timing paint time; the same for the headline.
OBSERVER = r"""
(function () {
  var t = window.__firstScreen = {};
  function shown(node) {
    if (!node || !node.textContent.trim()) return false;
    var r = node.getBoundingClientRect();
    return r.height > 0 && r.bottom > 0 && r.top < window.innerHeight;
  }
  var observer = new MutationObserver(function () {
    if (t.dom === undefined && document.querySelector('#problems .failure .failure-head')) t.dom = performance.now();
    if (t.dom !== undefined) observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
  function frame() {
    var now = performance.now();
    if (t.headline === undefined && shown(document.getElementById('headline'))) t.headline = now;
    if (t.visible === undefined && shown(document.querySelector('#problems .failure .failure-head'))) t.visible = now;
    if (t.visible === undefined || t.headline === undefined) requestAnimationFrame(frame);
  }
  requestAnimationFrame(frame);
  try {
    new PerformanceObserver(function (list) {
      list.getEntries().forEach(function (e) {
        if (e.identifier === 'first-failure' && t.painted === undefined) t.painted = e.renderTime || e.loadTime;
      });
    }).observe({ type: 'element', buffered: true });
  } catch (e) { /* no Element Timing */ }
})();
"""


def first_screen_times(driver):
    """The figures OBSERVER took, in ms from navigation start."""
    seen = driver.execute_script("var t = window.__firstScreen || {}, p = performance.getEntriesByName('first-contentful-paint')[0];"
                                 " if (p) t.fcp = p.startTime; return t;")
    names = {"visible": "first failure visible", "dom": "first failure in DOM", "painted": "first failure painted",
             "headline": "headline visible", "fcp": "first contentful paint"}
    # Laid out at a frame is not yet on screen before the page's first paint: the later of the two.
    for key in ("visible", "headline"):
        if seen.get(key) is not None and seen.get("fcp") is not None:
            seen[key] = max(seen[key], seen["fcp"])
    return {names[k]: seen[k] for k in names if seen.get(k) is not None}


def is_site_index(report):
    """The index of an `html-site` folder: plain HTML, its feature pages beside it."""
    return os.path.exists(os.path.join(os.path.dirname(report), "assets", "report.js"))


def measure_site(driver, report):
    """An html-site index (no script: loaded when the document is complete), then the first failure's page."""
    driver.get("file://" + report)
    figures = first_screen_times(driver)
    figures["index loaded"] = driver.execute_script(
        "var n = performance.getEntriesByType('navigation')[0]; return n.loadEventEnd || n.domContentLoadedEventEnd;")
    href = driver.execute_script("var a = document.querySelector('#problems .failure-head > a') ||"
                                 " document.querySelector('.site-features a'); return a ? a.getAttribute('href') : null;")
    if href:
        page = os.path.join(os.path.dirname(report), href.split("#")[0])
        load(driver, page, 120)
        figures["feature page ready"] = driver.execute_script(
            "var n = performance.getEntriesByType('navigation')[0]; return window.specrunReady - (n ? n.startTime : 0);")
        figures["feature page"] = href
    return figures


def measure(driver, report):
    driver.set_script_timeout(120)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": OBSERVER})
    if is_site_index(report):
        return measure_site(driver, report)
    seconds = load(driver, report, 120)
    if seconds is None:
        return {"ready": float("inf")}
    ready = driver.execute_script("return window.specrunReadyAt || performance.now()")
    figures = first_screen_times(driver)
    figures.update({
        "first screen": driver.execute_script("var n = performance.getEntriesByType('navigation')[0];"
                                              " return (window.specrunFirstScreen || window.specrunReady) - (n ? n.startTime : 0);"),
        "ready": driver.execute_script(
            "var n = performance.getEntriesByType('navigation')[0]; return window.specrunReady - (n ? n.startTime : 0);") or ready})
    driver.execute_script("document.getElementById('features').scrollIntoView();")
    figures["expand all"] = timed(driver, "document.getElementById('expand-all').click()")
    figures["collapse all"] = timed(driver, "document.getElementById('collapse-all').click()")
    status = driver.execute_script("var b = document.querySelector('#filters .filter[data-status=failed]') ||"
                                   " document.querySelectorAll('#filters .filter')[1]; return b ? b.dataset.status : null;")
    if status:
        figures["filter"] = timed(driver, f"document.querySelector('#filters .filter[data-status={status}]').click()")
        timed(driver, f"document.querySelector('#filters .filter[data-status={status}]').click()")
    keystrokes = []
    for text in ["s", "sc", "sco", "scor", "score", "@quiz", "@quiz and not @QUIZ-001-AC-1", ""]:
        keystrokes.append(timed(driver, "var s = document.getElementById('search'); s.value = " + repr(text) + "; window.specrun.applySearch()"))
    figures["keystroke"] = max(keystrokes)
    figures["visible after search"] = driver.execute_script("return document.getElementById('visible-count').dataset.visible")
    return figures


def median_figures(samples):
    """Each figure's median over the loads (a text figure: the first load's)."""
    figures = {}
    for name in samples[0]:
        values = sorted(s[name] for s in samples if isinstance(s.get(name), (int, float)))
        figures[name] = values[len(values) // 2] if values else samples[0][name]
    return figures


def main():
    args = sys.argv[1:]
    if "-h" in args or "--help" in args:
        print(__doc__)
        sys.exit(0)
    def option(name, default):
        return args[args.index(name) + 1] if name in args else default
    scenarios = int(option("--scenarios", "50000"))
    specrun = option("--specrun", os.path.join(HERE, "..", ".build", "debug", "specrun"))
    out = option("--out", "/tmp/specrun-scale")
    os.makedirs(out, exist_ok=True)
    reports = []
    corpus = option("--corpus-report", None)
    if scenarios > 0:
        stream, report = os.path.join(out, f"run-{scenarios}.ndjson"), os.path.join(out, f"run-{scenarios}.html")
        started = time.time()
        subprocess.run([sys.executable, os.path.join(HERE, "html_fixture.py"), stream, "--scenarios", str(scenarios)], check=True)
        print(f"info - {scenarios} scenarios written to {stream} in {time.time() - started:.1f} s ({os.path.getsize(stream) / 1e6:.1f} MB)")
        started = time.time()
        subprocess.run([specrun, "report", stream, "--format", f"html:{report}"], check=True)
        print(f"info - specrun report wrote {report} in {time.time() - started:.1f} s ({os.path.getsize(report) / 1e6:.1f} MB)")
        reports.append(report)
    if corpus:
        reports.append(os.path.abspath(corpus))
    runs = int(option("--runs", "1"))
    failed = False
    for report in reports:
        samples = []
        for _ in range(runs):
            driver = start_browser()
            try:
                samples.append(measure(driver, report))
            finally:
                driver.quit()
        figures = median_figures(samples)
        print(f"== {report}" + (f" (median of {runs} loads, each in a fresh browser)" if runs > 1 else ""))
        if runs > 1:
            for name in figures:
                values = [s.get(name) for s in samples if isinstance(s.get(name), (int, float))]
                if values:
                    print(f"info - {name} per load: " + ", ".join(f"{v:.0f}" for v in values) + " ms")
        for name, value in figures.items():
            budget = BUDGETS.get(name)
            if isinstance(value, (int, float)):
                over = budget is not None and value > budget
                failed |= over
                print(f"{'FAIL' if over else 'ok  '} - {name}: {value:.0f} ms" + (f" (budget {budget} ms)" if budget else ""))
            else:
                print(f"info - {name}: {value}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
