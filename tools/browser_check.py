#!/usr/bin/env python3
"""Open a specrun HTML report in headless Chromium and check that it works.

Usage:
    python3 tools/browser_check.py REPORT.html [EXPECTED_COUNTS...] [--ndjson RUN.ndjson ...]
                                   [--screenshot OUT.png] [--dark] [--timeout SECONDS]

EXPECTED_COUNTS are STATUS=N pairs for scenarios, e.g. `scenarios=12 passed=10 failed=1 undefined=1`
(statuses: passed failed pending undefined ambiguous skipped unknown; a status that is not named must not be
shown). With --ndjson the expected counts are computed from the message stream(s) the report was built from
(the last attempt of each test case, its most severe step status), so "the counts shown match the stream".

It checks that
  1. the page loads from file:// and renders (and reports the load time),
  2. the counts shown per status equal the expected ones,
  3. typing in the search box changes what is visible (a query matching nothing hides every scenario;
     the first scenario's name, quoted, shows it),
  4. clicking a status filter shows exactly that many scenarios, and clicking it again restores the view,
  5. the traceability view lists every tag, the theme button switches light/dark, a #deep-link opens its scenario,
  6. the browser console has no errors (script errors, CSP violations, failed loads),
and saves a screenshot (default: REPORT.png next to the report) with the first feature expanded.

Needs Debian's `chromium` and `chromium-driver` (apt-get install -y chromium chromium-driver); python3 stdlib only:
it speaks the W3C WebDriver protocol to chromedriver over HTTP. Exit status 0 when every check passes, 1 when one
fails, 2 on bad arguments or a missing browser.
"""
import base64
import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

STATUSES = ["passed", "failed", "pending", "undefined", "ambiguous", "skipped", "unknown"]
SEVERITY = {"UNKNOWN": 0, "PASSED": 1, "SKIPPED": 2, "PENDING": 3, "UNDEFINED": 4, "AMBIGUOUS": 5, "FAILED": 6}


def usage(message):
    print(f"browser_check: {message}", file=sys.stderr)
    print(__doc__.split("\n\n")[1], file=sys.stderr)
    sys.exit(2)


def parse_args(argv):
    options = {"report": None, "counts": {}, "ndjson": [], "screenshot": None, "dark": False, "timeout": 60.0}
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg in ("-h", "--help"):
            print(__doc__)
            sys.exit(0)
        elif arg == "--ndjson":
            i += 1
            options["ndjson"].append(argv[i])
        elif arg == "--screenshot":
            i += 1
            options["screenshot"] = argv[i]
        elif arg == "--timeout":
            i += 1
            options["timeout"] = float(argv[i])
        elif arg == "--dark":
            options["dark"] = True
        elif "=" in arg:
            key, _, value = arg.partition("=")
            if key != "scenarios" and key not in STATUSES:
                usage(f"unknown status '{key}' in {arg}")
            try:
                options["counts"][key] = int(value)
            except ValueError:
                usage(f"'{arg}' is not STATUS=NUMBER")
        elif options["report"] is None:
            options["report"] = arg
        else:
            usage(f"unexpected argument '{arg}'")
        i += 1
    if options["report"] is None:
        usage("no report given")
    if not os.path.isfile(options["report"]):
        usage(f"no such file: {options['report']}")
    return options


def counts_from_ndjson(paths):
    """Scenario counts per status as the report must show them: the last attempt of each test case."""
    test_cases, started, finished_case, steps = {}, {}, {}, {}
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            for line in handle:
                if not line.strip():
                    continue
                envelope = json.loads(line)
                if "testCase" in envelope:
                    test_cases[envelope["testCase"]["id"]] = envelope["testCase"]
                elif "testCaseStarted" in envelope:
                    started[envelope["testCaseStarted"]["id"]] = envelope["testCaseStarted"]
                elif "testCaseFinished" in envelope:
                    finished_case[envelope["testCaseFinished"]["testCaseStartedId"]] = envelope["testCaseFinished"]
                elif "testStepFinished" in envelope:
                    step = envelope["testStepFinished"]
                    steps.setdefault(step["testCaseStartedId"], []).append(step["testStepResult"]["status"])
    final = {}
    for attempt_id, attempt in started.items():
        if finished_case.get(attempt_id, {}).get("willBeRetried"):
            continue
        final[attempt["testCaseId"]] = attempt_id
    counts = {"scenarios": len(test_cases)}
    for test_case_id in test_cases:
        attempt_id = final.get(test_case_id)
        if attempt_id is None:
            status = "unknown"
        else:
            statuses = steps.get(attempt_id, [])
            status = max(statuses, key=lambda s: SEVERITY[s]).lower() if statuses else "passed"
        counts[status] = counts.get(status, 0) + 1
    return counts


class WebDriver:
    def __init__(self, url):
        self.url = url
        self.session = None

    def call(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=120) as response:
                return json.loads(response.read() or b"{}").get("value")
        except urllib.error.HTTPError as error:
            detail = error.read().decode(errors="replace")
            raise RuntimeError(f"WebDriver {method} {path} failed: {detail[:500]}") from None

    def start(self, chromium, dark):
        args = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1400,1000", "--allow-file-access-from-files"]
        if dark:
            args.append("--force-dark-mode")
        capabilities = {"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {"binary": chromium, "args": args},
            "goog:loggingPrefs": {"browser": "ALL"},
        }}}
        value = self.call("POST", "/session", capabilities)
        self.session = value["sessionId"]

    def s(self, path):
        return f"/session/{self.session}{path}"

    def run(self, script, *args):
        return self.call("POST", self.s("/execute/sync"), {"script": script, "args": list(args)})

    def find(self, css):
        value = self.call("POST", self.s("/element"), {"using": "css selector", "value": css})
        return next(iter(value.values()))

    def click(self, css):
        self.call("POST", self.s(f"/element/{self.find(css)}/click"), {})

    def type(self, css, text):
        element = self.find(css)
        self.call("POST", self.s(f"/element/{element}/clear"), {})
        self.call("POST", self.s(f"/element/{element}/value"), {"text": text})

    def logs(self):
        try:
            return self.call("POST", self.s("/se/log"), {"type": "browser"}) or []
        except RuntimeError:
            return self.call("POST", self.s("/log"), {"type": "browser"}) or []

    def quit(self):
        if self.session:
            try:
                self.call("DELETE", self.s(""))
            except Exception:
                pass


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_until(predicate, timeout, step=0.05):
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(step)
    return None


def main():
    options = parse_args(sys.argv[1:])
    chromium = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    driver_path = shutil.which("chromedriver")
    if not chromium or not driver_path:
        print("browser_check: chromium and chromedriver are needed: apt-get install -y chromium chromium-driver",
              file=sys.stderr)
        sys.exit(2)
    expected = dict(options["counts"])
    if options["ndjson"]:
        expected.update(counts_from_ndjson(options["ndjson"]))
    report = os.path.abspath(options["report"])
    screenshot = options["screenshot"] or os.path.splitext(report)[0] + ".png"

    port = free_port()
    service = subprocess.Popen([driver_path, f"--port={port}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    driver = WebDriver(f"http://127.0.0.1:{port}")
    failures = []

    def check(condition, message):
        print(("ok   - " if condition else "FAIL - ") + message)
        if not condition:
            failures.append(message)

    try:
        if not wait_until(lambda: _ready(driver), 15):
            print("browser_check: chromedriver did not start", file=sys.stderr)
            sys.exit(2)
        driver.start(chromium, options["dark"])
        started = time.time()
        driver.call("POST", driver.s("/url"), {"url": "file://" + report})
        ready = wait_until(lambda: driver.run("return document.body && document.body.dataset.ready === 'true'"),
                           options["timeout"])
        load_seconds = time.time() - started
        check(bool(ready), f"the report renders from file:// (ready after {load_seconds:.2f} s, "
                           f"{os.path.getsize(report) / 1e6:.2f} MB)")
        if not ready:
            raise SystemExit(1)
        timing = driver.run("var t = performance.getEntriesByType('navigation')[0];"
                            "return t ? [t.domContentLoadedEventEnd, t.loadEventEnd] : null;")
        if timing:
            print(f"info - DOMContentLoaded {timing[0]:.0f} ms, load {timing[1]:.0f} ms after navigation start")

        shown = driver.run("""
            var result = {};
            document.querySelectorAll('#filters .filter').forEach(function (b) {
              result[b.dataset.status === 'all' ? 'scenarios' : b.dataset.status] =
                parseInt(b.querySelector('.count').textContent, 10);
            });
            return result;""")
        print(f"info - counts shown: {json.dumps(shown, sort_keys=True)}")
        if expected:
            for key in ["scenarios"] + STATUSES:
                # The total is checked when given; a status that is not named must not be shown.
                if key in expected or (key in shown and key != "scenarios"):
                    want = expected.get(key, 0)
                    check(shown.get(key, 0) == want, f"{key}: shown {shown.get(key, 0)}, expected {want}")
        total = shown.get("scenarios", 0)

        def visible():
            return int(driver.run("return parseInt(document.getElementById('visible-count').dataset.visible, 10)"))

        def settle(predicate):
            return wait_until(predicate, 10)

        check(visible() == total, f"every scenario is counted as visible at first ({visible()} of {total})")

        # Search.
        driver.type("#search", "zz-no-such-scenario-zz")
        settle(lambda: visible() == 0)
        hidden_features = driver.run("return Array.prototype.every.call("
                                     "document.querySelectorAll('.feature'), function (f) { return f.hidden; })")
        check(visible() == 0 and hidden_features, f"a search matching nothing hides every scenario (visible {visible()})")
        first_name = driver.run("var d = JSON.parse(document.getElementById('report-data').textContent);"
                                "return d.features.length && d.features[0].sc.length ? d.features[0].sc[0].n : null;")
        if first_name:
            driver.type("#search", '"' + first_name.replace('"', ' ') + '"')
            settle(lambda: visible() > 0)
            count = visible()
            shown_names = driver.run("return Array.prototype.map.call(document.querySelectorAll('.scenario .scenario-name'),"
                                     " function (n) { return n.textContent; })")
            check(count >= 1 and any(first_name in n for n in shown_names),
                  f"searching for the first scenario's name shows it ({count} visible)")
        driver.type("#search", " ")
        settle(lambda: visible() == total)
        check(visible() == total, "clearing the search shows every scenario again")

        # Status filter: prefer a status that is not every scenario's.
        statuses = [s for s in STATUSES if shown.get(s)]
        pick = next((s for s in statuses if shown[s] < total), statuses[0] if statuses else None)
        if pick:
            driver.click(f"#filters .filter[data-status='{pick}']")
            settle(lambda: visible() == shown[pick])
            statuses_visible = driver.run("return Array.prototype.map.call(document.querySelectorAll('.scenario'),"
                                          " function (n) { return n.className; })")
            check(visible() == shown[pick] and all(f"s-{pick}" in c for c in statuses_visible),
                  f"the '{pick}' filter shows exactly its {shown[pick]} scenarios (visible {visible()})")
            driver.click(f"#filters .filter[data-status='{pick}']")
            settle(lambda: visible() == total)
            check(visible() == total, f"clicking '{pick}' again shows all {total} scenarios")

        # The traceability view renders one row per tag.
        driver.click("#tab-trace")
        rows = driver.run("return document.querySelectorAll('#trace-view tr[data-tag]').length")
        tags = driver.run("var d = JSON.parse(document.getElementById('report-data').textContent), s = {};"
                          "d.features.forEach(function (f) { f.sc.forEach(function (c) { c.tg.forEach(function (t) { s[t] = 1; }); }); });"
                          "return Object.keys(s).length;")
        check(rows == tags, f"the traceability view lists every tag ({rows} of {tags})")
        driver.click("#tab-features")

        # Light and dark themes.
        before = driver.run("return document.documentElement.dataset.theme")
        driver.click("#theme-toggle")
        after = driver.run("return document.documentElement.dataset.theme")
        check({before, after} == {"light", "dark"}, f"the theme button switches {before} to {after}")
        driver.click("#theme-toggle")

        # A deep link opens its scenario.
        target = driver.run("var d = JSON.parse(document.getElementById('report-data').textContent);"
                            "var f = d.features[d.features.length - 1]; return f && f.sc.length ? f.sc[f.sc.length - 1].id : null;")
        if target:
            driver.run("window.location.hash = encodeURIComponent(arguments[0]);", target)
            opened = wait_until(lambda: driver.run("var n = document.querySelector('.scenario.target'); return n ? n.id : null;"), 10)
            check(opened == target, f"the deep link #{target} opens that scenario")
            driver.run("history.replaceState(null, '', window.location.pathname); window.scrollTo(0, 0);")

        # Screenshot with the first feature open.
        driver.run("var h = document.querySelector('.feature:not([hidden]) .feature-head');"
                   "if (h && !h.parentNode.classList.contains('open')) h.click();")
        time.sleep(0.3)
        png = driver.call("GET", driver.s("/screenshot"))
        with open(screenshot, "wb") as handle:
            handle.write(base64.b64decode(png))
        print(f"info - screenshot saved to {screenshot}")

        errors = [entry for entry in driver.logs() if entry.get("level") in ("SEVERE", "ERROR")]
        for entry in errors:
            print(f"       console: {entry.get('message')}")
        check(not errors, f"the browser console shows no errors ({len(errors)} found)")
    finally:
        driver.quit()
        service.terminate()
        try:
            service.wait(timeout=10)
        except subprocess.TimeoutExpired:
            service.kill()
    if failures:
        print(f"browser_check: {len(failures)} check(s) failed")
        sys.exit(1)
    print("browser_check: all checks passed")


def _ready(driver):
    try:
        return driver.call("GET", "/status").get("ready")
    except Exception:
        return False


if __name__ == "__main__":
    main()
