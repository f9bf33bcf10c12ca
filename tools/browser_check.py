#!/usr/bin/env python3
"""Open a specrun HTML report in headless Chromium and check that it works.

Usage:
    python3 tools/browser_check.py REPORT.html [EXPECTED_COUNTS...] [--ndjson RUN.ndjson ...]
                                   [--screenshot OUT.png] [--timeout SECONDS] [--shared ../shared]

EXPECTED_COUNTS are STATUS=N pairs for scenarios (e.g. `scenarios=12 passed=10 failed=1`); with --ndjson they are
computed from the message stream(s) the report was built from (the last attempt of each test case).

It checks, at 1400 px: the page renders from file://; the counts per status; the first screen at desktop and
390 px (tools/browser_first_screen.py); the requirements view (one row per
criterion, with its status); search (nothing, a quoted name, clearing); a tag as a whole tag and a tag expression
giving the scenarios `--tags` would select; words and tags in one query, bare ids, a refused query, hits
marked; the tag-expression evaluator against the official cases of
../shared/conformance/tag-expressions (when present); a status filter; an outline shown once with a status per
Examples row; expand all; theme; a deep link; no nested interactive elements; print media hides the controls;
axe-core 4 with the WCAG 2.0, 2.1 and 2.2 A and AA rules finds no violation in either theme (the axe.min.js of
axe-playwright-python; without it, axe-selenium-python's axe: no serious or critical violation); and
at 390 px, with everything expanded: no horizontal page scroll, step text on its own line, a status on each
feature card; the Markdown renderer against CommonMark (tools/markdown_check.py, with markdown-it-py). Also: no
console error. Saves a screenshot (default REPORT.png). Exit 0 when every check passes,
1 when one fails, 2 on bad arguments or a missing browser.
"""
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_support import (STATUSES, axe_violations, axe_wcag22, console_errors, counts_from_ndjson, load,  # noqa: E402
                             start_browser, wait_until)
from browser_first_screen import check_first_screen, check_history, check_query_forms, check_without_script  # noqa: E402
from markdown_check import check_markdown  # noqa: E402

DATA = """var d = JSON.parse(document.getElementById('report-data').textContent);
d.features.forEach(function (f) { f.scenarios.forEach(function (s) { if (!s.id) s.id = f.uri + ':' + s.l; }); });
return d;"""


def parse_args(argv):
    options = {"report": None, "counts": {}, "ndjson": [], "screenshot": None, "timeout": 60.0,
               "shared": os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared")}
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg in ("-h", "--help"):
            print(__doc__)
            sys.exit(0)
        elif arg in ("--ndjson", "--screenshot", "--timeout", "--shared"):
            i += 1
            if arg == "--ndjson":
                options["ndjson"].append(argv[i])
            else:
                options[arg[2:]] = float(argv[i]) if arg == "--timeout" else argv[i]
        elif arg == "--dark":
            pass  # both themes are always checked
        elif "=" in arg:
            key, _, value = arg.partition("=")
            options["counts"][key] = int(value)
        elif options["report"] is None:
            options["report"] = arg
        else:
            sys.exit(f"browser_check: unexpected argument '{arg}'")
        i += 1
    if not options["report"] or not os.path.isfile(options["report"]):
        print(__doc__)
        sys.exit(2)
    return options


class Checks:
    def __init__(self):
        self.failures = []

    def __call__(self, condition, message):
        print(("ok   - " if condition else "FAIL - ") + message)
        if not condition:
            self.failures.append(message)


def visible(driver):
    return int(driver.execute_script("return parseInt(document.getElementById('visible-count').dataset.visible, 10)"))


def search(driver, text):
    driver.execute_script("var s = document.getElementById('search'); s.value = arguments[0]; window.specrun.applySearch();", text)
    return visible(driver)


def check_counts(driver, check, expected):
    shown = driver.execute_script("""var r = {};
        document.querySelectorAll('#filters .filter').forEach(function (b) {
          r[b.dataset.status === 'all' ? 'scenarios' : b.dataset.status] = parseInt(b.querySelector('.count').textContent, 10); });
        return r;""")
    print(f"info - counts shown: {json.dumps(shown, sort_keys=True)}")
    for key in ["scenarios"] + STATUSES:
        if key in expected or (key in shown and key != "scenarios" and expected):
            check(shown.get(key, 0) == expected.get(key, 0), f"{key}: shown {shown.get(key, 0)}, expected {expected.get(key, 0)}")
    return shown


def check_requirements(driver, check, data):
    requirements = data.get("requirements")
    if not requirements:
        print("info - no requirements in this run")
        return
    want = [(c["id"], c["status"]) for s in requirements["stories"] for c in s["criteria"]]
    driver.execute_script("document.querySelectorAll('#requirements details.story').forEach(function (d) { d.open = true; });")
    wait_until(lambda: driver.execute_script("return document.querySelectorAll('#requirements details.story[open]').length ==="
                                             " document.querySelectorAll('#requirements details.story[data-built]').length"))
    driver.execute_script("document.querySelectorAll('#requirements .show-criteria').forEach(function (b) { b.click(); });")
    wait_until(lambda: driver.execute_script("return document.querySelectorAll('#requirements .criterion').length") >= len(want))
    got = driver.execute_script("return Array.prototype.map.call(document.querySelectorAll('#requirements .criterion'),"
                                " function (n) { return [n.dataset.criterion, n.dataset.status]; })")
    check([tuple(x) for x in got] == want, f"the requirements view lists every criterion with its status ({len(got)} of {len(want)})")
    first = driver.execute_script("var r = document.getElementById('requirements'), f = document.getElementById('features');"
                                  "return !r.hidden && r.getBoundingClientRect().top < f.getBoundingClientRect().top;")
    check(first, "the requirements come before the features")
    outside = sum(c["status"] == "outside" for s in requirements["stories"] for c in s["criteria"])
    if outside:
        words = driver.execute_script("return document.querySelector('#requirements .coverage-scope').textContent")
        check(f"of the other {outside}" in words, f"the {outside} criteria outside this run are counted apart ({words[:70]}...)")


def escape_tag(tag):
    """A tag as a tag expression writes it: backslash before `(`, `)`, `\\` and whitespace."""
    return "".join("\\" + c if c in "()\\" or c.isspace() else c for c in tag)


def check_search(driver, check, data, total):
    check(search(driver, "zz-no-such-scenario-zz") == 0, "a search matching nothing hides every scenario")
    scenarios = [sc for f in data["features"] for sc in f["scenarios"]]
    if scenarios:
        name = scenarios[0]["n"].replace('"', " ")
        count = search(driver, '"' + name + '"')
        check(count >= 1, f"searching for the first scenario's name shows it ({count} visible)")
    check(search(driver, "") == total, "clearing the search shows every scenario again")
    tags = sorted({t for sc in scenarios for t in sc["t"]})
    if not tags:
        return
    tag = max(tags, key=lambda t: sum(t in sc["t"] for sc in scenarios) < len(scenarios))
    want = sum(tag in sc["t"] for sc in scenarios)
    check(search(driver, escape_tag(tag)) == want, f"the tag {tag} shows its {want} scenarios")
    prefix = tag[:-1]
    if len(prefix) > 1 and prefix not in tags:
        want_prefix = sum(prefix in sc["t"] for sc in scenarios)
        check(search(driver, escape_tag(prefix)) == want_prefix, f"{prefix} matches whole tags only ({want_prefix} scenarios)")
    other = next((t for t in tags if t != tag), None)
    if other:
        expression = f"{escape_tag(tag)} and not {escape_tag(other)}"
        want = sum(tag in sc["t"] and other not in sc["t"] for sc in scenarios)
        check(search(driver, expression) == want, f"'{expression}' selects what --tags would ({want} scenarios)")
        expression = f"({escape_tag(tag)} or {escape_tag(other)}) and not @zz-none"
        want = sum(tag in sc["t"] or other in sc["t"] for sc in scenarios)
        check(search(driver, expression) == want, f"'{expression}' selects what --tags would ({want} scenarios)")
    search(driver, "")


def check_tag_conformance(driver, check, shared):
    folder = os.path.join(shared, "conformance", "tag-expressions")
    if not os.path.isdir(folder):
        print("info - ../shared/conformance/tag-expressions absent: the official tag-expression cases are skipped")
        return
    cases = {name: json.load(open(os.path.join(folder, name + ".json"), encoding="utf-8")) for name in ("evaluations", "parsing", "errors")}
    bad = driver.execute_script("""var c = arguments[0], bad = [], parse = window.specrun.parseTagExpression;
        c.evaluations.forEach(function (e) { var x = parse(e.expression); e.tests.forEach(function (t) {
          if (x.evaluate(t.variables) !== t.result) bad.push(e.expression); }); });
        c.parsing.forEach(function (e) { if (String(parse(e.expression)) !== e.formatted) bad.push(e.expression); });
        c.errors.forEach(function (e) { try { parse(e.expression); bad.push(e.expression); } catch (x) { if (x.message !== e.error) bad.push(e.expression); } });
        try { if (String(parse("a and b\\\\")) !== String(parse("a and b"))) bad.push("a and b\\\\"); } catch (x) { bad.push("a and b\\\\"); }
        return bad;""", cases)
    n = sum(len(e["tests"]) for e in cases["evaluations"]) + len(cases["parsing"]) + len(cases["errors"])
    check(not bad, f"the page's tag expressions agree with the {n} official cases" + (f" (not: {bad[:5]})" if bad else ""))


def check_filter(driver, check, shown, total):
    statuses = [s for s in STATUSES if shown.get(s)]
    pick = next((s for s in statuses if shown[s] < total), statuses[0] if statuses else None)
    if not pick:
        return
    driver.find_element("css selector", f"#filters .filter[data-status='{pick}']").click()
    wait_until(lambda: visible(driver) == shown[pick])
    check(visible(driver) == shown[pick], f"the '{pick}' filter shows exactly its {shown[pick]} scenarios (visible {visible(driver)})")
    driver.find_element("css selector", f"#filters .filter[data-status='{pick}']").click()
    check(wait_until(lambda: visible(driver) == total), f"clicking '{pick}' again shows all {total} scenarios")


def check_outline(driver, check, data):
    for f, feature in enumerate(data["features"]):
        for outline in feature.get("outlines", []):
            rows = [c for e in outline["examples"] for c in e["cases"] if c >= 0]
            first = feature["scenarios"][rows[0]]["id"]
            driver.execute_script("window.location.hash = encodeURIComponent(arguments[0]);", first)
            wait_until(lambda: driver.execute_script("return !!document.getElementById(arguments[0])", first))
            got = driver.execute_script("""var row = document.getElementById(arguments[0]); if (!row) return null;
                var box = row.closest('.outline');
                return [document.querySelectorAll('.outline[id="' + box.id + '"]').length,
                        Array.prototype.map.call(box.querySelectorAll('tr.example-row'), function (r) { return r.dataset.status; })];""", first)
            want = [feature["scenarios"][c].get("s", "passed") for c in rows]
            check(got is not None and got[0] == 1 and got[1] == want,
                  f"the outline '{outline['name']}' is shown once with a status per Examples row ({got and got[1]})")
            driver.execute_script("history.replaceState(null, '', window.location.pathname);")
            return


def check_structure(driver, check):
    nested = driver.execute_script("return document.querySelectorAll('button button, button a, a button, a a, summary button, summary a, button input').length")
    check(nested == 0, f"no interactive element inside another ({nested} found)")
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    hidden = driver.execute_script("return getComputedStyle(document.querySelector('.toolbar')).display === 'none'"
                                   " && getComputedStyle(document.getElementById('theme-toggle')).display === 'none'")
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
    check(hidden, "printing hides the controls")
    # The summary-only print: the class the Print summary button sets leaves the features out of the printout.
    driver.execute_script("document.body.classList.add('print-summary')")
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    summary = driver.execute_script("return getComputedStyle(document.getElementById('features')).display === 'none'"
                                    " && getComputedStyle(document.querySelector('header.top')).display !== 'none'")
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
    driver.execute_script("document.body.classList.remove('print-summary')")
    check(summary, "Print summary prints the run and what needs attention, without the features")
    shown = driver.execute_script("var b = document.getElementById('print-summary'); return !!b && !b.hidden;")
    check(shown, "the Print summary button is shown once the script runs")
    before = driver.execute_script("return document.documentElement.dataset.theme")
    driver.find_element("id", "theme-toggle").click()
    after = driver.execute_script("return document.documentElement.dataset.theme")
    check({before, after} == {"light", "dark"}, f"the theme button switches {before} to {after}")
    driver.find_element("id", "theme-toggle").click()


def check_keyboard(driver, check):
    """`/` focuses the search; Tab reaches a feature card, Enter opens it."""
    from selenium.webdriver.common.keys import Keys
    driver.find_element("tag name", "body").send_keys("/")
    focused = driver.execute_script("return document.activeElement && document.activeElement.id")
    check(focused == "search", f"'/' focuses the search ({focused})")
    head = driver.find_element("css selector", ".feature:not([hidden]) .feature-head")
    driver.execute_script("arguments[0].focus();", head)
    before = head.get_attribute("aria-expanded")
    head.send_keys(Keys.ENTER)
    after = head.get_attribute("aria-expanded")
    check(before != after, f"Enter on a focused feature card opens or closes it ({before} to {after})")
    head.send_keys(Keys.ENTER)


# What axe checks of the drawn page: every part of it but the feature cards after the 20th (built like the first
# ones: leaving them out keeps axe within minutes on 1,000 cards).
AXE_CONTEXT = {"include": [["header"], ["#requirements"], ["#problems"], ["#documentation-changes"], ["#criteria-history"],
                           ["#features > h2"], [".toolbar"], ["#features-view > .feature:nth-child(-n+20)"]]}


def check_accessibility(driver, check):
    """axe-core 4 with the WCAG 2.0, 2.1 and 2.2 A and AA rules: no violation of any impact, in either theme
    (without axe-core 4, axe-selenium-python's axe: no serious or critical violation)."""
    for theme in ("light", "dark"):
        driver.execute_script("document.documentElement.dataset.theme = arguments[0];", theme)
        context = {"include": [part for part in AXE_CONTEXT["include"]
                               if driver.execute_script("return !!document.querySelector(arguments[0])", part[0])]}
        violations = axe_wcag22(driver, context)
        if violations is not None:
            for v in violations:
                print(f"       axe {theme}: {v}")
            check(not violations, f"axe-core 4 WCAG 2.2 AA: no violation in the {theme} theme ({len(violations)} found)")
            continue
        violations = axe_violations(driver)
        if violations is None:
            print("info - axe-core absent (bash .ci/install-tools): the accessibility check is skipped")
            break
        for v in violations:
            print(f"       axe {theme}: {v['id']} ({v['impact']}): {v['help']} e.g. {v['nodes'][0]['target']}")
        check(not violations, f"axe-core: no serious or critical violation in the {theme} theme ({len(violations)} found)")
    driver.execute_script("document.documentElement.dataset.theme = 'light';")


def check_phone(driver, check):
    driver.set_window_size(390, 844)
    driver.find_element("id", "expand-all").click()
    time.sleep(0.3)
    width = driver.execute_script("return document.documentElement.scrollWidth")
    check(width <= 390, f"at 390 px the page does not scroll sideways (width {width})")
    own_line = driver.execute_script("""var lines = document.querySelectorAll('.step-line'); if (!lines.length) return true;
        return Array.prototype.every.call(lines, function (l) { var t = l.querySelector('.text');
          return !t || t.getBoundingClientRect().width >= 0.75 * l.getBoundingClientRect().width; });""")
    check(own_line, "at 390 px step text has its own line")
    status = driver.execute_script("return Array.prototype.every.call(document.querySelectorAll('.feature'), function (f) {"
                                   " var b = f.querySelector('.feature-head .badge'); return b && b.getBoundingClientRect().width > 0; })")
    check(status, "at 390 px each feature card shows its status")
    driver.find_element("id", "collapse-all").click()
    driver.set_window_size(1400, 1000)


def main():
    options = parse_args(sys.argv[1:])
    expected = dict(options["counts"])
    if options["ndjson"]:
        expected.update(counts_from_ndjson(options["ndjson"]))
    report = os.path.abspath(options["report"])
    screenshot = options["screenshot"] or os.path.splitext(report)[0] + ".png"
    check = Checks()
    driver = start_browser()
    driver.set_script_timeout(300)
    try:
        seconds = load(driver, report, options["timeout"])
        check(seconds is not None, f"the report renders from file:// (ready after {seconds or 0:.2f} s, {os.path.getsize(report) / 1e6:.2f} MB)")
        if seconds is None:
            sys.exit(1)
        data = driver.execute_script(DATA)
        shown = check_counts(driver, check, expected)
        total = shown.get("scenarios", 0)
        check(visible(driver) == total, f"every scenario is counted as visible at first ({visible(driver)} of {total})")
        check_first_screen(driver, check, report, options["timeout"])
        check_requirements(driver, check, data)
        check_history(driver, check, data, report, options["timeout"])
        driver.save_screenshot(screenshot)
        print(f"info - screenshot saved to {screenshot}")
        check_search(driver, check, data, total)
        check_query_forms(driver, check, data, total)
        check_without_script(driver, check, report)
        load(driver, report, options["timeout"])
        check_tag_conformance(driver, check, options["shared"])
        check_markdown(driver, check)
        check_filter(driver, check, shown, total)
        check_outline(driver, check, data)
        started = time.time()
        driver.find_element("id", "expand-all").click()
        opened = driver.execute_script("return document.querySelectorAll('.scenario.open, .outline.open').length")
        check(opened > 0 or total == 0, f"expand all opens the scenarios ({opened} built, {time.time() - started:.2f} s)")
        check_structure(driver, check)
        check_keyboard(driver, check)
        check_accessibility(driver, check)
        driver.find_element("id", "collapse-all").click()
        check_phone(driver, check)
        target = data["features"][-1]["scenarios"][-1]["id"] if data["features"] and data["features"][-1]["scenarios"] else None
        if target:
            driver.execute_script("window.location.hash = encodeURIComponent(arguments[0]);", target)
            got = wait_until(lambda: driver.execute_script("var n = document.querySelector('.target'); return n ? n.id : null;"))
            check(got == target, f"the deep link #{target} opens that scenario")
            focused = driver.execute_script("return document.activeElement && document.activeElement.id")
            check(focused == target, f"the opened scenario has the keyboard focus, not the link ({focused})")
        small = driver.execute_script(
            "return Array.prototype.filter.call(document.querySelectorAll('.tag'), function (t) {"
            " var r = t.getBoundingClientRect(); return r.width && (r.height < 24 || r.width < 24); }).length;")
        check(small == 0, f"every tag chip is at least 24 x 24 px (WCAG 2.2 target size; {small} smaller)")
        errors = console_errors(driver)
        for entry in errors:
            print(f"       console: {entry.get('message')}")
        check(not errors, f"the browser console shows no errors ({len(errors)} found)")
    finally:
        driver.quit()
    if check.failures:
        print(f"browser_check: {len(check.failures)} check(s) failed")
        sys.exit(1)
    print("browser_check: all checks passed")


if __name__ == "__main__":
    main()
