"""Checks the pages of an html-site folder and a status card the way a reader looks at them, in headless Chromium:

- failures.html: every scenario that did not pass is listed, each read as its Then and what the app did, each
  linking to a feature page of the folder that exists; no script; axe-core: no violation.
- a feature page of a folder written with --history: the scenarios' last-results strips are drawn.
- the status card (--status FILE): a verdict, what the run proves, every link into the report; its SVG badge
  beside it; no script; axe-core: no violation.

  python3 tools/browser_site_check.py reports/fixture-site [--status reports/status.html] [--history]
"""
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from browser_support import load, start_browser  # noqa: E402

failed = []


def check(ok, what):
    print(("ok   - " if ok else "FAIL - ") + what)
    if not ok:
        failed.append(what)


def axe4_source():
    """axe-core 4.x (WCAG 2.2 rules): the axe.min.js that the PyPI package axe-playwright-python ships, or None."""
    import importlib.util
    spec = importlib.util.find_spec("axe_playwright_python")
    for folder in (spec.submodule_search_locations or []) if spec else []:
        path = os.path.join(folder, "axe.min.js")
        if os.path.exists(path):
            return open(path, encoding="utf-8").read()
    return None


def axe_all(driver):
    """Every axe-core 4.x violation of the WCAG 2.0, 2.1 and 2.2 A and AA rules, or None without axe-core 4."""
    source = axe4_source()
    if source is None:
        return None
    driver.execute_script(source)
    driver.set_script_timeout(120)
    result = driver.execute_async_script(
        "var done = arguments[arguments.length - 1];"
        "axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']},"
        " resultTypes: ['violations']}).then(function (r) { done({version: axe.version, violations: r.violations.map("
        "function (v) { return v.id + ' (' + v.impact + ') ' + JSON.stringify(v.nodes[0].target); })}); })"
        ".catch(function (e) { done({error: String(e)}); });")
    if "error" in result:
        return ["axe-core: " + result["error"]]
    print(f"info - axe-core {result['version']}, WCAG 2.0/2.1/2.2 A and AA rules")
    return result["violations"]


def check_axe(driver, name):
    violations = axe_all(driver)
    if violations is None:
        print(f"info - axe-core 4 missing (pip install --no-deps axe-playwright-python): no axe check of {name}")
        return
    check(not violations, f"{name}: axe-core WCAG 2.2 AA: {len(violations)} violations " + "; ".join(violations))


def main():
    args = sys.argv[1:]
    site = args[0]
    status = args[args.index("--status") + 1] if "--status" in args else None
    history = "--history" in args
    driver = start_browser()
    try:
        failures = os.path.abspath(os.path.join(site, "failures.html"))
        check(os.path.exists(failures), "the folder has failures.html")
        driver.get("file://" + failures)  # no script: loaded once the document is
        seen = driver.execute_script("""
            var items = document.querySelectorAll('#problems .failure');
            return {
              count: items.length,
              scripts: document.scripts.length,
              claims: Array.prototype.filter.call(items, function (li) { return /\\u2014/.test((li.querySelector('.claim') || {}).textContent || ''); }).length,
              links: Array.prototype.map.call(items, function (li) { var a = li.querySelector('.failure-head > a'); return a ? a.getAttribute('href') : null; })
            };""")
        check(seen["scripts"] == 0, "failures.html runs no script")
        check(seen["count"] > 0, f"failures.html lists the scenarios that did not pass ({seen['count']})")
        check(seen["claims"] == seen["count"], f"each reads as its Then and what the app did ({seen['claims']} of {seen['count']})")
        missing = [h for h in seen["links"] if not h or not os.path.exists(os.path.join(site, h.split("#")[0]))]
        check(not missing, f"each links to a feature page that exists ({len(missing)} do not: {missing[:3]})")
        check_axe(driver, "failures.html")
        if history and seen["links"]:
            # The failure's deep link opens its card, where the strip is.
            page, _, anchor = seen["links"][0].partition("#")
            load(driver, os.path.abspath(os.path.join(site, page)) + "#" + anchor, 60)
            strips = driver.execute_script("return document.querySelectorAll('.history-strip').length")
            check(strips > 0, f"a feature page of a folder with a history draws its scenarios' last results ({strips})")
        if status:
            card = os.path.abspath(status)
            driver.get("file://" + card)
            facts = driver.execute_script("""
                return {
                  scripts: document.scripts.length,
                  verdict: (document.querySelector('.verdict') || {}).textContent || '',
                  proves: (document.querySelector('.proves') || {}).textContent || '',
                  links: Array.prototype.map.call(document.querySelectorAll('a'), function (a) { return a.getAttribute('href'); })
                };""")
            check(facts["scripts"] == 0, "the status card runs no script")
            check(bool(facts["verdict"].strip()), f"the status card gives a verdict ({facts['verdict'][:80]})")
            check(bool(facts["proves"].strip()), f"the status card says what the run proves ({facts['proves'][:80]})")
            check(len(facts["links"]) >= 1 and all(h and not h.lower().startswith("javascript:") for h in facts["links"]),
                  f"each line links into the report ({len(facts['links'])} links)")
            badge = card[:-5] + ".svg" if card.endswith(".html") else card + ".svg"
            check(os.path.exists(badge) and open(badge, encoding="utf-8").read().startswith("<svg"), "the SVG badge is beside the card")
            check_axe(driver, "the status card")
    finally:
        driver.quit()
    print(f"{len(failed)} failed" if failed else "all site and status card checks passed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
