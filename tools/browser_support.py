"""Shared by tools/browser_check.py and tools/html_scale_check.py: headless Chromium through selenium, the
counts a report must show computed from its message stream, and axe-core (axe-selenium-python) when present."""
import json
import shutil
import sys
import time

STATUSES = ["passed", "failed", "pending", "undefined", "ambiguous", "skipped", "unknown"]
SEVERITY = {"UNKNOWN": 0, "PASSED": 1, "SKIPPED": 2, "PENDING": 3, "UNDEFINED": 4, "AMBIGUOUS": 5, "FAILED": 6}


def start_browser(width=1400, height=1000, dark=False):
    """A headless Chromium session (selenium), or exit 2 when chromium, chromedriver or selenium is missing."""
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.options import Options
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        print("browser check: python selenium is needed (bash .ci/install-tools)", file=sys.stderr)
        sys.exit(2)
    chromium = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    driver_path = shutil.which("chromedriver")
    if not chromium or not driver_path:
        print("browser check: chromium and chromedriver are needed: apt-get install -y chromium chromium-driver", file=sys.stderr)
        sys.exit(2)
    options = Options()
    options.binary_location = chromium
    for arg in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                f"--window-size={width},{height}", "--allow-file-access-from-files"]:
        options.add_argument(arg)
    if dark:
        options.add_argument("--force-dark-mode")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(driver_path))
    config = getattr(driver.command_executor, "_client_config", None)
    if config is not None:
        config.timeout = 600  # axe-core on a report of 1,000 features takes minutes on a busy machine
    return driver


def load(driver, path, timeout=60.0):
    """Opens a report from file:// and waits until it says it is ready; the seconds it took, or None."""
    started = time.time()
    driver.get("file://" + path)
    deadline = started + timeout
    while time.time() < deadline:
        if driver.execute_script("return document.body && document.body.dataset.ready === 'true'"):
            return time.time() - started
        time.sleep(0.02)
    return None


def wait_until(predicate, timeout=10.0, step=0.02):
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(step)
    return None


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


def axe_violations(driver):
    """axe-core's serious and critical violations on the page as it is, or None without axe-selenium-python."""
    try:
        from axe_selenium_python import Axe
    except ImportError:
        return None
    axe = Axe(driver)
    axe.inject()
    # Cards after the 20th are built like the first ones: leaving them out keeps axe within minutes on 1,000 cards.
    context = {"include": [["header"], ["#requirements"], ["#problems"], ["#features > h2"], [".toolbar"],
                           ["#features-view > .feature:nth-child(-n+20)"]]}
    results = axe.run(context=context, options={"resultTypes": ["violations"]})
    return [v for v in results["violations"] if v.get("impact") in ("serious", "critical")]


def axe4_source():
    """axe-core 4.x (WCAG 2.2 rules): the axe.min.js that the PyPI package axe-playwright-python ships, or None."""
    import importlib.util
    import os
    spec = importlib.util.find_spec("axe_playwright_python")
    for folder in (spec.submodule_search_locations or []) if spec else []:
        path = os.path.join(folder, "axe.min.js")
        if os.path.exists(path):
            return open(path, encoding="utf-8").read()
    return None


WCAG22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']


def axe_wcag22(driver, context=None):
    """Every axe-core 4.x violation of the WCAG 2.0, 2.1 and 2.2 A and AA rules, whatever its impact, on the page
    as it is (within `context`, an axe context, when given): a list of "rule (impact) target", or None without
    axe-core 4."""
    source = axe4_source()
    if source is None:
        return None
    driver.execute_script(source)
    driver.set_script_timeout(300)
    # The cards laid out in full while axe reads them: with `content-visibility: auto` a card away from the screen
    # keeps its placeholder height while axe reads its children's real boxes, which then overlap the next card's (a
    # tag chip "partially obscured" by a scenario no user sees there: the report draws a card as it nears the screen).
    driver.execute_script("var s = document.createElement('style'); s.id = 'axe-layout';"
                          "s.textContent = '.feature, .scenario { content-visibility: visible !important; }';"
                          "document.head.appendChild(s);")
    result = driver.execute_async_script(
        "var done = arguments[arguments.length - 1];"
        "axe.run(arguments[0] || document, {runOnly: {type: 'tag', values: arguments[1]}, resultTypes: ['violations']})"
        ".then(function (r) { done({version: axe.version, violations: r.violations.map("
        "function (v) { return v.id + ' (' + v.impact + ') ' + JSON.stringify(v.nodes[0].target); })}); })"
        ".catch(function (e) { done({error: String(e)}); });", context, WCAG22_AA)
    driver.execute_script("var s = document.getElementById('axe-layout'); if (s) s.remove();")
    if "error" in result:
        return ["axe-core: " + result["error"]]
    print(f"info - axe-core {result['version']}, WCAG 2.0/2.1/2.2 A and AA rules")
    return result["violations"]


def console_errors(driver):
    return [e for e in driver.get_log("browser") if e.get("level") in ("SEVERE", "ERROR")]
