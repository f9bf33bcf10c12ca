#!/usr/bin/env python3
"""Compare the HTML report's Markdown renderer with a reference CommonMark renderer.

Usage:
    python3 tools/markdown_check.py REPORT.html [--verbose]

Renders the CommonMark spec examples of tools/commonmark_cases.py in headless Chromium with the report's own
renderer (window.specrun.markdown, headings not shifted) and with markdown-it-py's CommonMark preset (a test
dependency: pip install markdown-it-py), compares the two DOM trees (whitespace between blocks and percent-encoding
of URLs aside), and checks that hostile input (raw HTML, javascript: links) never becomes an element or a link.
tools/browser_check.py runs it too. Exit 0 when every example agrees, 1 otherwise, 2 without markdown-it-py.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from commonmark_cases import CASES  # noqa: E402

CANON = r"""
var BLOCK = /^(P|UL|OL|LI|BLOCKQUOTE|PRE|H[1-6]|HR|DIV|TABLE)$/;
function href(v) { try { return decodeURI(v); } catch (e) { return v; } }
function canon(node) {
  var out = '', kids = Array.prototype.slice.call(node.childNodes);
  kids.forEach(function (child, i) {
    if (child.nodeType === 3) {
      var t = child.data;
      if (!/^(PRE|CODE)$/.test(node.tagName)) {
        var prev = kids[i - 1], next = kids[i + 1];
        if (!prev ? BLOCK.test(node.tagName) || node.tagName === undefined : prev.nodeType === 1 && BLOCK.test(prev.tagName)) t = t.replace(/^\s+/, '');
        if (!next ? BLOCK.test(node.tagName) || node.tagName === undefined : next.nodeType === 1 && BLOCK.test(next.tagName)) t = t.replace(/\s+$/, '');
      }
      out += t.replace(/[<>&]/g, function (c) { return { '<': '&lt;', '>': '&gt;', '&': '&amp;' }[c]; });
    } else if (child.nodeType === 1) {
      var tag = child.tagName.toLowerCase(), attrs = '';
      if (child.getAttribute('href') !== null) attrs += ' href="' + href(child.getAttribute('href')) + '"';
      if (child.getAttribute('title')) attrs += ' title="' + child.getAttribute('title') + '"';
      if (tag === 'ol' && child.getAttribute('start') && child.getAttribute('start') !== '1') attrs += ' start="' + child.getAttribute('start') + '"';
      if (tag === 'code' && child.className) attrs += ' class="' + child.className + '"';
      out += '<' + tag + attrs + '>' + canon(child) + '</' + tag + '>';
    }
  });
  return out;
}
var cases = arguments[0], result = [];
cases.forEach(function (c) {
  var ours = window.specrun.markdown(c[0], { headingOffset: 0, dedent: false });
  var reference = new DOMParser().parseFromString('<body><div>' + c[1] + '</div></body>', 'text/html').body.firstChild;
  result.push([canon(ours), canon(reference)]);
});
return result;
"""

HOSTILE = r"""
var box = window.specrun.markdown(arguments[0], { headingOffset: 0, dedent: false });
return [box.querySelectorAll('script, img, iframe, object, embed, style, svg').length,
        Array.prototype.filter.call(box.querySelectorAll('a'), function (a) { return !/^(https?:|mailto:|#|[^:]*$)/i.test(a.getAttribute('href') || ''); }).length,
        Array.prototype.some.call(box.querySelectorAll('*'), function (n) { return Array.prototype.some.call(n.attributes, function (a) { return /^on/i.test(a.name); }); })];
"""

HOSTILE_TEXT = ('<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[x](javascript:alert(1)) '
                '[y](JAVASCRIPT:alert(1)) [z](data:text/html,<script>alert(1)</script>) <javascript:alert(1)>\n')


def check_markdown(driver, check, verbose=False):
    try:
        from markdown_it import MarkdownIt
    except ImportError:
        print("info - markdown-it-py absent: the CommonMark comparison is skipped")
        return None
    reference = MarkdownIt("commonmark")
    flat = [(section, text) for section, texts in CASES.items() for text in texts]
    results = driver.execute_script(CANON, [[text, reference.render(text)] for _, text in flat])
    per_section = {}
    for (section, text), (ours, theirs) in zip(flat, results):
        agreed, total = per_section.get(section, (0, 0))
        per_section[section] = (agreed + (ours == theirs), total + 1)
        if ours != theirs and verbose:
            print(f"       {section}: {text!r}\n         ours:      {ours}\n         reference: {theirs}")
    agreed = sum(a for a, _ in per_section.values())
    for section, (a, t) in per_section.items():
        print(f"info - CommonMark {section}: {a} of {t}")
    check(agreed == len(flat), f"Markdown agrees with CommonMark (markdown-it-py) on {agreed} of {len(flat)} spec examples")
    elements, links, handlers = driver.execute_script(HOSTILE, HOSTILE_TEXT)
    check(elements == 0 and links == 0 and not handlers, "hostile Markdown stays text: no element, script link or handler")
    return agreed, len(flat)


def main():
    args = sys.argv[1:]
    if not args or args[0] in ("-h", "--help"):
        print(__doc__)
        sys.exit(0 if args else 2)
    from browser_support import load, start_browser
    failures = []

    def check(condition, message):
        print(("ok   - " if condition else "FAIL - ") + message)
        if not condition:
            failures.append(message)

    driver = start_browser()
    try:
        if load(driver, os.path.abspath(args[0])) is None:
            sys.exit("markdown_check: the report did not render")
        if check_markdown(driver, check, verbose="--verbose" in args) is None:
            sys.exit(2)
    finally:
        driver.quit()
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
