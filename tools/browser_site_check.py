"""Checks the pages of an html-site folder and a status card the way a reader looks at them, in headless Chromium:

- index.html: no script; axe-core 4 with the WCAG 2.0/2.1/2.2 A and AA rules: no violation; written with
  --history, it shows what changed in the documentation and the criteria over the last runs, read at 1400 x 900
  and at 390 x 844 without the page scrolling sideways (screenshots of both in --screenshots DIR).
- the one-file report written with the same history (--one-file FILE): the page's script leaves both sections
  as the HTML wrote them and draws each criterion's last runs in the requirements view; axe-core 4 WCAG 2.2 AA
  on the sections: no violation; the same screenshots.
- failures.html: every scenario that did not pass is listed, each read as its Then and what the app did, each
  linking to a feature page of the folder that exists; no script; axe-core: no violation.
- a feature page of a folder written with --history: the scenarios' last-results strips are drawn.
- the status card (--status FILE): a verdict, what the run proves, every link into the report; its SVG badge
  beside it; no script; axe-core: no violation.

  python3 tools/browser_site_check.py reports/fixture-site [--status reports/status.html] [--history]
      [--one-file reports/fixture-history.html] [--screenshots DIR]
"""
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from browser_support import axe_wcag22, load, start_browser  # noqa: E402

failed = []


def check(ok, what):
    print(("ok   - " if ok else "FAIL - ") + what)
    if not ok:
        failed.append(what)


def check_axe(driver, name, context=None):
    violations = axe_wcag22(driver, context)
    if violations is None:
        print(f"info - axe-core 4 missing (pip install --no-deps axe-playwright-python): no axe check of {name}")
        return
    check(not violations, f"{name}: axe-core WCAG 2.2 AA: {len(violations)} violations " + "; ".join(violations))


HISTORY_SECTIONS = ("#documentation-changes", "#criteria-history")


def check_history_sections(driver, name, screenshots):
    """Both sections are there and read on a desktop and on a phone (the page never scrolls sideways: the
    criteria's table scrolls inside its own region); a screenshot of each size with the sections in view."""
    seen = driver.execute_script("""
        var changes = document.querySelector('#documentation-changes'), runs = document.querySelector('#criteria-history');
        return {changes: changes ? changes.textContent : '', runs: runs ? runs.textContent : '',
                rows: document.querySelectorAll('#criteria-history tbody tr').length};""")
    check("What changed in the documentation" in seen["changes"] and "Since the previous run" in seen["changes"],
          f"{name} says what changed in the documentation since the previous run ({seen['changes'][:90]!r})")
    check("Criteria over the last" in seen["runs"] and (seen["rows"] > 0 or "proven in each" in seen["runs"]),
          f"{name} shows the criteria over the last runs ({seen['rows']} criteria not proven in each run)")
    for label, (width, height) in (("desktop", (1400, 900)), ("phone", (390, 844))):
        driver.set_window_size(width, height)
        driver.execute_script("var n = document.querySelector('#documentation-changes') || document.querySelector("
                              "'#criteria-history'); if (n) n.scrollIntoView();")
        wide = driver.execute_script("return document.documentElement.scrollWidth")
        check(wide <= width, f"{name} at {width} px: the page does not scroll sideways (width {wide})")
        shown = driver.execute_script("var n = document.querySelector('#documentation-changes h2') || document.querySelector("
                                      "'#criteria-history h2'); if (!n) return false; var r = n.getBoundingClientRect();"
                                      " return r.width > 0 && r.top >= -2 && r.top < window.innerHeight;")
        check(shown, f"{name} at {width} px: the section's heading is on screen")
        if screenshots:
            path = os.path.join(screenshots, f"{name.replace('.html', '').replace(' ', '-')}-history-{label}.png")
            driver.save_screenshot(path)
            print(f"info - screenshot saved to {path}")
    driver.set_window_size(1400, 1000)


def main():
    args = sys.argv[1:]
    site = args[0]
    status = args[args.index("--status") + 1] if "--status" in args else None
    history = "--history" in args
    one_file = args[args.index("--one-file") + 1] if "--one-file" in args else None
    screenshots = args[args.index("--screenshots") + 1] if "--screenshots" in args else None
    if screenshots:
        os.makedirs(screenshots, exist_ok=True)
    driver = start_browser()
    try:
        index = os.path.abspath(os.path.join(site, "index.html"))
        driver.get("file://" + index)  # no script: loaded once the document is
        check(driver.execute_script("return document.scripts.length") == 0, "index.html runs no script")
        check_axe(driver, "index.html")
        if history:
            check_history_sections(driver, "index.html", screenshots)
        if one_file:
            report = os.path.abspath(one_file)
            seconds = load(driver, report, 120)
            check(seconds is not None, f"the one-file report with a history is drawn ({seconds or 0:.2f} s)")
            check_history_sections(driver, "the one-file report", screenshots)
            strips = driver.execute_script("return document.querySelectorAll('#requirements .criterion .criterion-strip').length")
            check(strips > 0, f"the one-file report's requirements view draws each criterion's last runs ({strips} strips)")
            present = [[s] for s in HISTORY_SECTIONS if driver.execute_script("return !!document.querySelector(arguments[0])", s)]
            if present:
                check_axe(driver, "the one-file report's history sections", {"include": present})
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
