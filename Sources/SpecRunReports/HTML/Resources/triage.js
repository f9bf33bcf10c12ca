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

// A failure in the criterion's language (as FailureClaim.swift words it): the Then it could not prove and what the
// app did instead, "Then the counter shows 04:58 — the app showed 04:59"; the rest is for developers. An outcome
// step is one the data marks so (`o`: its keyword type, in any language: `Alors`, `Dann`, and `Et` after one), or
// by its English keyword: `Then`, and `And`/`But`/`*` after an outcome.
var CONJUNCTIONS = { And: true, But: true, '*': true };

/** {k, x, actual} for a scenario that did not pass, or null when it has no step to speak of. */
function claimOf(sc, failing) {
  var steps = [], failingAt = -1, afterThen = false;
  sc.p.forEach(function (step) {
    if (step.h && !step.x) return;
    var word = (step.k || '').trim();
    var outcome = step.o === true || word === 'Then' || (afterThen && CONJUNCTIONS[word] === true);
    afterThen = outcome;
    if (step === failing) failingAt = steps.length;
    steps.push({ k: step.k || '', x: step.x, outcome: outcome });
  });
  var at = failingAt >= 0 && steps[failingAt].outcome ? failingAt : -1;
  for (var i = failingAt + 1; at < 0 && i < steps.length; i++) if (steps[i].outcome) at = i;
  if (at < 0) at = failingAt;
  if (at < 0) return null;
  var status = failing ? stepStatus(failing) : 'failed', actual;
  if (at === failingAt) actual = ownOutcome(status, failing.e);
  else if (failingAt >= 0) actual = 'not checked: \u201C' + steps[failingAt].k.trim() + ' ' + steps[failingAt].x + '\u201D ' + CLAIM_VERBS[status];
  else actual = 'not checked: a hook failed';
  return { k: steps[at].k, x: steps[at].x, actual: ' \u2014 ' + actual };
}

var CLAIM_VERBS = { failed: 'failed', undefined: 'is not written yet', pending: 'is pending', ambiguous: 'matches more than one step definition' };

function ownOutcome(status, message) {
  if (status === 'undefined') return 'not checked: this step is not written yet';
  if (status === 'pending') return 'not checked: this step is pending';
  if (status === 'ambiguous') return 'not checked: more than one step definition matches it';
  var c = message ? comparison(message) : null;
  if (!c) return 'it did not hold';
  return c.got.length > 80 || /\n/.test(c.got) ? 'the app showed something else' : 'the app showed ' + c.got;
}

/** The claim line, then a "For developers" fold: the failing step and its definition's place, the feature line,
 *  the message (as an expected/got diff when it compares two values). */
function failureBody(li, sc, step) {
  var claim = claimOf(sc, step);
  if (claim) add(li, add(el('div', 'failure-step claim'), el('span', 'kw', claim.k), claim.x, el('span', 'actual', claim.actual)));
  var fold = el('details', 'for-developers');
  add(fold, el('summary', null, 'For developers'));
  if (step) {
    var line = el('div', claim ? 'failure-step dev-step' : 'failure-step');
    add(line, el('span', 'kw', step.k || ''), step.x || step.h || '', step.l ? el('span', 'mono where', '  ' + step.l) : null);
    add(fold, line);
  }
  add(fold, el('p', 'mono where feature-line', sc.id));
  var message = step && (step.e || (step.am ? 'Ambiguous: ' + step.am.join('; ') : null));
  if (message) add(fold, failureMessage(message, 6));
  add(li, fold);
}
