"""Checks of tools/browser_check.py for a product owner's first look: the first screen answers "can we ship?", and
the search reads a query one way (words, a tag expression, or both joined) or refuses it with a hint.

- Failures in the criterion's language: the first failure reads as its Then and what the app did ("Then … —
  the app showed …"); its step, Swift paths, feature line and message sit behind a closed "For developers" fold.
- First screen, on a fresh load at 1400 x 900 and at 390 x 844 (a phone): when scenarios failed, what needs
  attention comes before the requirements and the features, and the first failure's criterion id (when the run
  has requirements), scenario and failing step are on screen without scrolling; failing stories open to their
  broken criteria only (failing, or held back by steps to write or pending); no sideways scroll.
- Search: a bare criterion id finds the scenarios tagged with it; `@tag and not @other and "name"` is one query
  (each visible scenario has @tag, not @other); a query that cannot be read shows a hint and filters nothing;
  words found are marked in the cards.
"""
from browser_support import load, wait_until

SIZES = [(1400, 900, "desktop"), (390, 844, "390 px phone")]

FIRST_SCREEN = """
var failure = document.querySelector('#problems .failure');
if (!failure) return null;
function box(node) { if (!node) return null; var r = node.getBoundingClientRect(); return [r.top, r.bottom]; }
var problems = document.getElementById('problems'), requirements = document.getElementById('requirements');
var features = document.getElementById('features');
var before = function (a, b) { return b.hidden || a.getBoundingClientRect().top < b.getBoundingClientRect().top; };
return {
  height: window.innerHeight, width: document.documentElement.scrollWidth, viewport: window.innerWidth,
  criterion: box(failure.querySelector('.criterion-ref')), head: box(failure.querySelector('.failure-head')),
  step: box(failure.querySelector('.failure-step')),
  claim: (failure.querySelector('.failure-step.claim') || {}).textContent || null,
  developersFolded: !!failure.querySelector('details.for-developers:not([open])'),
  messageOutsideFold: Array.prototype.some.call(failure.querySelectorAll('pre.error, .error.diff, .mono.where'), function (n) { return !n.closest('details.for-developers'); }),
  first: before(problems, requirements) && before(problems, features),
  hasRequirements: !requirements.hidden,
  openStoriesFailingOnly: Array.prototype.every.call(document.querySelectorAll('#requirements details.story[open]'), function (d) {
    return Array.prototype.every.call(d.querySelectorAll('.criterion'), function (c) { return c.dataset.status === 'failing' || c.dataset.status === 'not-run'; });
  })
};"""


def on_screen(span, height):
    return span is not None and span[0] >= 0 and span[1] <= height


def check_first_screen(driver, check, report, timeout):
    for width, height, name in SIZES:
        driver.set_window_size(width, height)
        load(driver, report, timeout)
        seen = driver.execute_script(FIRST_SCREEN)
        if seen is None:
            print(f"info - no failing scenario: the first-screen check at {name} has nothing to find")
            continue
        check(seen["first"], f"{name}: what needs attention comes before the requirements and the features")
        if seen["hasRequirements"] and seen["criterion"] is not None:
            check(on_screen(seen["criterion"], seen["height"]),
                  f"{name}: the first failing criterion is visible without scrolling ({seen['criterion']}, screen {seen['height']} px)")
        check(on_screen(seen["head"], seen["height"]), f"{name}: the first failing scenario is visible without scrolling ({seen['head']})")
        check(on_screen(seen["step"], seen["height"]), f"{name}: its failing step is visible without scrolling ({seen['step']})")
        if seen["claim"] is not None:
            check(" \u2014 " in seen["claim"], f"{name}: the first failure reads as its Then and what the app did ({seen['claim'][:90]})")
            check(seen["developersFolded"], f"{name}: the failing step's paths and message sit behind a closed 'For developers' fold")
            check(not seen["messageOutsideFold"], f"{name}: no exception text or Swift path outside the fold")
        else:
            check(False, f"{name}: the first failure has a line in the criterion's language (.failure-step.claim)")
        check(seen["openStoriesFailingOnly"], f"{name}: failing stories open to their broken criteria only (failing, or held back by steps to write)")
        check(seen["width"] <= seen["viewport"], f"{name}: no sideways scroll ({seen['width']} of {seen['viewport']} px)")
    driver.set_window_size(1400, 1000)
    load(driver, report, timeout)


def escape(tag):
    return "".join("\\" + c if c in "()\\" or c.isspace() else c for c in tag)


def search(driver, text):
    driver.execute_script("var s = document.getElementById('search'); s.value = arguments[0]; window.specrun.applySearch();", text)
    return driver.execute_script("return window.specrun.visibleScenarios()")


def hint(driver):
    return driver.execute_script("var h = document.getElementById('search-hint'); return h.hidden ? '' : h.textContent;")


def check_query_forms(driver, check, data, total):
    scenarios = [sc for f in data["features"] for sc in f["scenarios"]]
    requirements = data.get("requirements") or {"stories": []}
    criteria = [c for s in requirements["stories"] for c in s["criteria"] if c.get("scenarios")]
    if criteria:
        criterion = criteria[0]["id"]
        tagged = sum("@" + criterion in sc["t"] for sc in scenarios)
        shown = search(driver, criterion)
        check(len(shown) >= tagged and all("@" + criterion in sc["t"] or criterion.lower() in sc["q"] for sc in shown),
              f"the bare id {criterion} finds the {tagged} scenarios tagged with it ({len(shown)} shown)")
    stories = [s for s in requirements["stories"] if any(c.get("scenarios") for c in s["criteria"])]
    if stories:
        story = stories[0]
        ids = {"@" + c["id"] for c in story["criteria"]}
        tagged = sum(bool(ids & set(sc["t"])) for sc in scenarios)
        shown = search(driver, story["id"])
        check(len(shown) >= tagged and all(ids & set(sc["t"]) or story["id"].lower() in sc["q"] for sc in shown),
              f"the story id {story['id']} finds the {tagged} scenarios of its criteria ({len(shown)} shown)")
    tags = sorted({t for sc in scenarios for t in sc["t"]}, key=lambda t: -sum(t in sc["t"] for sc in scenarios))
    named = next(((tag, other, sc) for tag in tags for other in tags if other != tag
                  for sc in scenarios if tag in sc["t"] and other not in sc["t"]), None)
    if named:
        tag, other, sc = named
        name = sc["n"].replace('"', " ").replace("\\", " ").strip()
        query = f'{escape(tag)} and not {escape(other)} and "{name}"'
        shown = search(driver, query)
        check(not hint(driver) and any(s["n"] == sc["n"] for s in shown)
              and all(tag in s["t"] and other not in s["t"] for s in shown),
              f"'{query}' is one query: {len(shown)} scenarios, each {tag} and not {other}")
        side = f'"{name}" {escape(tag)}'
        shown = search(driver, side)
        check(not hint(driver) and any(s["n"] == sc["n"] for s in shown) and all(tag in s["t"] for s in shown),
              f"'{side}' (side by side) means both: {len(shown)} scenarios, each {tag}")
        search(driver, query)
        driver.execute_script("document.getElementById('features').scrollIntoView();")
        marks = wait_until(lambda: driver.execute_script("return document.querySelectorAll('#features-view mark.hit').length")) or 0
        check(marks > 0, f"the words found are marked in the cards ({marks} marks)")
        # An opened feature shows its matching scenarios first: the count, then the scenarios; its description after.
        # (a search opens the features it matches)
        first = wait_until(lambda: driver.execute_script(
            "var b = document.querySelector('#features-view .feature-body:not([hidden])'); if (!b || !b.firstElementChild) return null;"
            " var kids = Array.prototype.slice.call(b.children);"
            " var list = kids.findIndex(function (k) { return k.classList.contains('scenarios'); });"
            " var prose = kids.findIndex(function (k) { return !k.classList.contains('shown-count') && !k.classList.contains('scenarios')"
            "   && !k.classList.contains('more') && !k.classList.contains('about-feature'); });"
            " return {count: b.firstElementChild.classList.contains('shown-count') ? b.firstElementChild.textContent : null,"
            "         scenariosFirst: list >= 0 && (prose < 0 || list < prose)};"))
        check(bool(first) and first["count"] is not None and " scenario" in first["count"] and first["scenariosFirst"],
              f"a search shows each opened feature's matching scenarios first ({first and first['count']})")
    shown = search(driver, "(@zz-unclosed and")
    words = hint(driver)
    check(len(shown) == total and "Could not read" in words, f"a query that cannot be read is refused with a hint and filters nothing ({words[:60]}...)")
    search(driver, "")


def check_history(driver, check, data, report, timeout):
    """With --history: the new failures are marked, and each scenario card shows its last results."""
    history = data.get("history")
    if not history or len(history["runs"]) < 2:
        print("info - no history of earlier runs in this report")
        return
    marked = driver.execute_script("return document.querySelectorAll('#problems .failure .new-failure').length")
    failing = driver.execute_script("return document.querySelectorAll('#problems .failure').length")
    want = min(len(history["newFailures"]), failing)
    check(marked == want, f"the {want} new failures since the previous run are marked ({marked})")
    words = driver.execute_script("var n = document.querySelector('#problems .since-last'); return n ? n.textContent : '';")
    check(f"{len(history['newFailures'])} new failure" in words, f"the first screen says what changed since the previous run ({words[:80]})")
    driver.execute_script("document.getElementById('expand-all').click(); document.getElementById('features').scrollIntoView();")
    strips = wait_until(lambda: driver.execute_script("return document.querySelectorAll('#features-view .history-strip').length")) or 0
    check(strips > 0, f"scenario cards show their last results ({strips} strips)")
    load(driver, report, timeout)


def check_without_script(driver, check, report):
    """Without script, the first screen reads and no button that needs the script is shown."""
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        driver.get("file://" + report)
        seen = driver.execute_cdp_cmd("Runtime.evaluate", {"returnByValue": True, "expression": (
            "({buttons: Array.prototype.filter.call(document.querySelectorAll('button, input'), function (b) {"
            "   return b.getClientRects().length > 0; }).map(function (b) { return b.id || b.textContent; }),"
            "  headline: (document.getElementById('headline') || {}).textContent || ''})")})["result"]["value"]
    finally:
        driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
    check(not seen["buttons"], f"without script no button that needs it is shown ({seen['buttons'][:4]})")
    check(bool(seen["headline"].strip()), f"without script the first screen still reads ({seen['headline'][:60]})")
