// Failure triage: which criteria a scenario proves (its tags that are criterion ids), and a failure message
// with an expected/got diff when it compares two values (`expected 2, got 3`, `expected:<a> but was:<b>`,
// XCTest's `("a") is not equal to ("b")`): both values in full, on their own lines, the part that differs marked.

var criterionIndex = null;

/** Criterion id → {criterion, story}, built once from the requirements data. */
function criteriaById() {
  if (criterionIndex) return criterionIndex;
  criterionIndex = {};
  var requirements = model.data.requirements;
  (requirements ? requirements.stories : []).forEach(function (story) {
    story.criteria.forEach(function (c) { criterionIndex[c.id] = { criterion: c, story: story }; });
  });
  return criterionIndex;
}

/** The ids of the criteria a scenario carries as tags (`@QUIZ-ST-2-AC-2` → `QUIZ-ST-2-AC-2`). */
function criterionIdsOf(sc) {
  var known = criteriaById(), ids = [];
  for (var i = 0; i < sc.t.length; i++) {
    var id = sc.t[i].charAt(0) === '@' ? sc.t[i].slice(1) : sc.t[i];
    if (known[id] && ids.indexOf(id) < 0) ids.push(id);
  }
  return ids;
}

/** A link to a criterion in the requirements view. */
function criterionRef(id) {
  var a = link(id, '#criterion-' + encodeURIComponent(id));
  a.className = 'criterion-ref mono';
  var entry = criteriaById()[id];
  if (entry) a.title = entry.criterion.title;
  a.addEventListener('click', function (event) {
    event.preventDefault();
    revealCriterion(id);
  });
  return a;
}

var COMPARISONS = [
  /^([\s\S]*?)expected:?\s*<([\s\S]*)>\s*but was:?\s*<([\s\S]*)>([\s\S]*)$/,
  /^([\s\S]*?)\("([\s\S]*)"\) is not equal to \("([\s\S]*)"\)([\s\S]*)$/,
  /^([\s\S]*?)\bexpected ([\s\S]+), got ([\s\S]+?)( \([^()\n]*:\d+\))?$/
];

/** {before, expected, got, after} when a message compares two values, else null. What follows the comparison
 *  from the first line that is only a place (`Sources/x.swift:45`, `at …`) on is kept as `after`. */
function comparison(message) {
  var lines = String(message).split('\n'), cut = lines.length;
  for (var i = 1; i < lines.length; i++) {
    if (/^\s*(at\s.*|\S+:\d+(:\d+)?\)?)\s*$/.test(lines[i])) { cut = i; break; }
  }
  var head = lines.slice(0, cut).join('\n'), tail = cut < lines.length ? '\n' + lines.slice(cut).join('\n') : '';
  for (var k = 0; k < COMPARISONS.length; k++) {
    var m = COMPARISONS[k].exec(head);
    if (m) return { before: m[1], expected: m[2], got: m[3], after: (m[4] || '') + tail };
  }
  return null;
}

/** The differing middle of two texts: [commonPrefixLength, commonSuffixLength]. */
function differingMiddle(a, b) {
  var start = 0, max = Math.min(a.length, b.length);
  while (start < max && a.charAt(start) === b.charAt(start)) start++;
  var end = 0;
  while (end < max - start && a.charAt(a.length - 1 - end) === b.charAt(b.length - 1 - end)) end++;
  return [start, end];
}

function markedValue(text, middle) {
  var pre = el('pre', 'diff-value');
  var start = middle[0], end = text.length - middle[1];
  add(pre, text.slice(0, start));
  if (end > start) add(pre, el('mark', null, text.slice(start, end)));
  else add(pre, el('mark', 'missing', '\u2038'));
  return add(pre, text.slice(end));
}

/** A failure message; a comparison of long or multi-line values as an expected/got diff. */
function failureMessage(message, lines) {
  var c = comparison(message);
  var long = c && (c.expected.length + c.got.length > 40 || /\n/.test(c.expected + c.got));
  if (!long) {
    var text = lines ? firstLines(message, lines) : String(message);
    var pre = el('pre', 'error', text);
    if (text !== String(message)) return add(el('div', 'error-box'), pre, fullMessage(message));
    return pre;
  }
  var box = el('div', 'error diff');
  if (c.before.trim()) add(box, el('p', 'diff-before', c.before.trim().replace(/:$/, '')));
  var middle = differingMiddle(c.expected, c.got);
  var table = el('dl', 'diff-values');
  add(table, el('dt', null, 'Expected'), add(el('dd'), markedValue(c.expected, middle)));
  add(table, el('dt', null, 'Got'), add(el('dd'), markedValue(c.got, middle)));
  add(box, table);
  if (c.after.trim()) add(box, el('pre', 'diff-after', c.after.trim()));
  return box;
}

function fullMessage(message) {
  var details = el('details', 'full-message');
  add(details, el('summary', null, 'Whole message'), el('pre', 'error', String(message)));
  return details;
}

function firstLines(text, n) {
  var lines = String(text).split('\n');
  return lines.length > n ? lines.slice(0, n).join('\n') + '\n\u2026' : String(text);
}
