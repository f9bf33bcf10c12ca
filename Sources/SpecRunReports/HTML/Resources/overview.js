// The first screen: the run's headline ("5 of 6 scenarios passed"), the status filters, then what needs
// attention: run problems, unparsable files (one line each, folded under a count), hooks that failed, each
// failing scenario with its failing step and message, flaky scenarios, and the steps still to write.

function renderHeader() {
  var run = model.run;
  document.getElementById('title').textContent = run.title || 'Living documentation';
  var parts = [];
  if (run.start) parts.push(new Date(run.start).toLocaleString());
  if (run.duration !== undefined) parts.push('took ' + (duration(run.duration) || '0 ms'));
  if (run.implementation) parts.push(run.implementation);
  if (run.runtime) parts.push(run.runtime);
  if (run.os) parts.push(run.os + (run.cpu ? ' (' + run.cpu + ')' : ''));
  document.getElementById('run-meta').textContent = parts.join(' \u00B7 ');
  var totals = countStatuses(model.scenarios), total = model.scenarios.length, passed = totals.passed || 0;
  var headline = document.getElementById('headline');
  headline.textContent = passedWording(passed, total);
  // Red whenever a scenario did not pass (undefined and pending ones too: the run is not ready to ship).
  var failingAny = model.scenarios.some(function (sc) { return isProblem(sc.s); });
  headline.className = 'headline s-' + (passed === total ? 'passed' : failingAny ? 'failed' : worst(Object.keys(totals)));
  renderChart(totals, total, passed);
  renderFilters(totals, total);
  var stepTotals = {}, steps = 0;
  model.scenarios.forEach(function (sc) {
    for (var i = 0; i < sc.p.length; i++) {
      var step = sc.p[i];
      if (step.x !== undefined) { var s = stepStatus(step); stepTotals[s] = (stepTotals[s] || 0) + 1; steps++; }
    }
  });
  document.getElementById('steps-line').textContent = plural(steps, 'step') + ': ' + STATUSES.filter(function (s) { return stepTotals[s]; })
    .map(function (s) { return stepTotals[s] + ' ' + LABEL[s]; }).join(', ') + ' \u00B7 ' + plural(model.features.length, 'feature');
  renderTrend();
}

function renderChart(totals, total, passed) {
  var box = svg('svg', { width: '84', height: '84', viewBox: '0 0 42 42', role: 'img', 'aria-label': passedWording(passed, total) });
  add(box, svg('circle', { cx: '21', cy: '21', r: '15.9155', fill: 'none', stroke: 'var(--track)', 'stroke-width': '5' }));
  var offset = 25;
  STATUSES.forEach(function (status) {
    var n = totals[status] || 0;
    if (!n) return;
    var share = 100 * n / total;
    add(box, svg('circle', { cx: '21', cy: '21', r: '15.9155', fill: 'none', stroke: 'var(--' + status + ')',
      'stroke-width': '5', 'stroke-dasharray': share + ' ' + (100 - share), 'stroke-dashoffset': String(offset) }));
    offset -= share;
  });
  var label = svg('text', { x: '21', y: '24', 'text-anchor': 'middle', class: 'rate' });
  label.textContent = (total ? Math.floor(100 * passed / total) : 0) + '%';
  add(box, label);
  add(document.getElementById('chart'), box);
}

function renderFilters(totals, total) {
  var box = document.getElementById('filters');
  var all = button('filter', null, 'Show every scenario');
  all.dataset.status = 'all';
  add(all, el('span', 'count', total), total === 1 ? ' scenario' : ' scenarios');
  all.addEventListener('click', function () { state.statuses = {}; update(); });
  add(box, all);
  STATUSES.forEach(function (status) {
    if (!totals[status]) return;
    var b = button('filter', null, 'Show only the ' + LABEL[status] + ' scenarios (again to clear)');
    b.dataset.status = status;
    b.setAttribute('aria-pressed', 'false');
    add(b, el('span', 'dot s-' + status), el('span', 'count', totals[status]), ' ' + LABEL[status]);
    b.addEventListener('click', function () { state.statuses[status] = !state.statuses[status]; update(); });
    add(box, b);
  });
}

function section(id, title, count) {
  var box = document.getElementById(id);
  var h = el('h2', null, title);
  if (count !== undefined) add(h, ' ', el('span', 'count-pill', count));
  add(box, h);
  box.hidden = false;
  return box;
}

function renderProblems() {
  // The first screen the page was written with (HTMLFirstScreen) makes way for the one drawn from the data.
  var written = document.getElementById('first-screen');
  if (written) written.remove();
  document.getElementById('problems').hidden = true;
  var data = model.data, failing = model.scenarios.filter(function (sc) { return isProblem(sc.s); });
  var flaky = model.scenarios.filter(function (sc) { return sc.fl; });
  var undefinedSteps = failing.filter(function (sc) { return sc.s === 'undefined'; });
  var hooks = (data.runHooks || []).filter(function (h) { return h.status !== 'passed' || (h.attachments || []).length; });
  var parseErrors = data.parseErrors || [];
  var h = history(), changes = h && h.runs.length > 1 && (h.fixed.length || h.flaky.length);
  if (!failing.length && !flaky.length && !hooks.length && !parseErrors.length && !model.run.problems && !changes) return;
  var box = section('problems', 'Needs attention');
  var realFailures = failing.filter(function (sc) { return sc.s !== 'undefined'; });
  // What failed comes first: the verdict and the failures, worst first, before the run's other troubles.
  if (failing.length || hooks.some(function (h) { return h.status !== 'passed'; })) add(box, verdict(failing), renderBrokenCriteria(failing));
  renderSinceLastRun(box);
  if (model.run.problems) add(box, el('pre', 'error run-problem', model.run.problems));
  hooks.forEach(function (hook) { add(box, renderRunHook(hook)); });
  if (realFailures.length) add(box, renderFailures(realFailures));
  if (parseErrors.length) add(box, renderParseErrors(parseErrors));
  if (undefinedSteps.length) add(box, renderToDo(undefinedSteps, !realFailures.length));
  if (flaky.length) add(box, renderFlaky(flaky));
  renderHistoryLists(box);
}

/** "Not ready to ship: 3 scenarios did not pass (1 with steps to write), breaking 2 criteria." (as HTMLFirstScreen) */
function verdict(failures) {
  var broken = {};
  failures.forEach(function (sc) { criterionIdsOf(sc).forEach(function (id) { broken[id] = true; }); });
  var count = Object.keys(broken).length;
  var undef = failures.filter(function (sc) { return sc.s === 'undefined'; }).length;
  var p = el('p', 'verdict s-failed'), gate = model.data.requirements && model.data.requirements.gate;
  var gateLine = null;
  if (gate) {
    var colon = gate.indexOf(':'), blocked = model.data.requirements.blocked;
    gateLine = add(el('p', 'verdict gate ' + (blocked ? 's-failed' : 'shippable')), statusIcon(blocked ? 'failed' : 'passed'), ' ',
      el('strong', null, gate.slice(0, colon + 1) + ' '), gate.slice(colon + 1).trim());
  }
  add(p, statusIcon('failed'), ' ', gate ? null : el('strong', null, 'Not ready to ship: '),
    failures.length ? plural(failures.length, 'scenario') + ' did not pass' +
      (undef && undef < failures.length ? ' (' + undef + ' with steps to write)' : '') + (undef && undef === failures.length ? ': steps to write' : '') +
      (count ? ', breaking ' + plural(count, 'criterion', 'criteria') : '') + '.'
      : 'a hook of the run failed.');
  if (!gateLine) return p;
  var box = document.createDocumentFragment();
  return add(box, gateLine, p);
}

var PARSE_TOKENS = {
  '#EOF': 'the end of the file', '#StepLine': 'a step', '#TableRow': 'a table row', '#DocStringSeparator': 'a docstring',
  '#TagLine': 'tags', '#ScenarioLine': 'a Scenario', '#RuleLine': 'a Rule', '#FeatureLine': 'a Feature',
  '#BackgroundLine': 'a Background', '#ExamplesLine': 'Examples', '#Language': "a '# language:' header", '#Other': 'a description'
};

/** The parser's `(3:5): expected: #EOF, #StepLine, got 'Giving x'` as the console words it: `expected the end of the
 *  file or a step, got 'Giving x'` (the location is shown beside it). */
function humanParseMessage(message) {
  var text = message.replace(/^\(\d+(:\d+)?\): /, '');
  var got = text.lastIndexOf(", got '");
  if (text.indexOf('expected: ') !== 0 || got < 0) return text;
  var words = text.slice('expected: '.length, got).split(',').map(function (t) { return PARSE_TOKENS[t.trim()]; }).filter(Boolean);
  var expected = words.length > 1 ? words.slice(0, -1).join(', ') + ' or ' + words[words.length - 1] : words[0] || 'something else';
  return 'expected ' + expected + text.slice(got);
}

/** One line per unparsable file: its first error's location and message, how many more it has. */
function renderParseErrors(errors) {
  var details = el('details', 'fold parse-errors'), byFile = {}, order = [];
  errors.forEach(function (e) {
    if (!byFile[e.uri]) { byFile[e.uri] = []; order.push(e.uri); }
    byFile[e.uri].push(e);
  });
  add(details, el('summary', null, plural(order.length, 'file') + ' could not be parsed'));
  var list = el('ul', 'lines');
  order.forEach(function (uri) {
    var all = byFile[uri], e = all[0], li = el('li');
    var where = uri + (e.line ? ':' + e.line + (e.column ? ':' + e.column : '') : '');
    add(li, el('span', 'mono where', where), ' ', el('span', 'message', humanParseMessage(String(e.message).split('\n')[0])));
    if (all.length > 1) add(li, el('span', 'more-errors', ' (and ' + plural(all.length - 1, 'more error') + ')'));
    li.title = all.map(function (x) { return (x.line ? x.line + ':' + (x.column || '') + ' ' : '') + x.message; }).join('\n');
    add(list, li);
  });
  return add(details, list);
}

function renderRunHook(hook) {
  var box = el('div', 'run-hook s-' + hook.status);
  var title = el('p', 'run-hook-title');
  add(title, badge(hook.status), ' ', hook.name, hook.location ? el('span', 'mono where', ' ' + hook.location) : null);
  add(box, title);
  if (hook.error) add(box, el('pre', 'error', hook.error));
  (hook.attachments || []).forEach(function (a) { add(box, renderAttachment(a)); });
  return box;
}

/** Each scenario that did not pass, worst first: the criteria it breaks, the failing step and its message. */
function renderFailures(list) {
  var rank = list.map(function (sc, i) {
    return { sc: sc, i: i, key: SEVERITY[sc.s] * 1e4 + (isNewFailure(sc) ? 5e3 : 0) + Math.min(criterionIdsOf(sc).length, 4999) };
  });
  list = rank.sort(function (a, b) { return b.key - a.key || a.i - b.i; }).map(function (r) { return r.sc; });
  var box = el('div', 'failures');
  add(box, el('h3', null, plural(list.length, 'scenario') + ' did not pass'));
  var ul = el('ul', 'failure-list');
  list.slice(0, 200).forEach(function (sc) {
    var li = el('li', 'failure s-' + sc.s);
    var head = el('div', 'failure-head');
    add(head, badge(sc.s), ' ');
    if (isNewFailure(sc)) add(head, newFailureBadge(), ' ');
    if (isFlakyAcrossRuns(sc)) add(head, flakyAcrossRunsBadge(), ' ');
    var ids = criterionIdsOf(sc);
    if (ids.length) {
      var refs = el('span', 'criterion-refs');
      add(refs, hiddenText('breaks criteria '));
      ids.forEach(function (id) { add(refs, criterionRef(id), ' '); });
      add(head, refs);
    }
    add(head, el('span', 'feature-name', model.features[sc.f].name + ' \u203A '), scenarioLink(sc));
    add(li, head, sinceLine(failingSince(sc.id)));
    failureBody(li, sc, failingStep(sc));
    add(ul, li);
  });
  add(box, ul);
  if (list.length > 200) add(box, el('p', 'empty', 'and ' + (list.length - 200) + ' more: use the status filters.'));
  return box;
}

/** The steps to write, each once, grouped by snippet, the ones most scenarios wait for first (a scenario whose
 *  only missing step it is counts as unblocked by it): what a first run of new features reads as. */
function renderToDo(scenarios, open) {
  var bySnippet = {}, order = [];
  scenarios.forEach(function (sc) {
    var missing = {};
    sc.p.forEach(function (step) {
      if (stepStatus(step) !== 'undefined') return;
      var key = step.sn || step.x;
      missing[key] = true;
      if (!bySnippet[key]) { bySnippet[key] = { snippet: step.sn, texts: {}, scenarios: [], unblocks: 0 }; order.push(key); }
      bySnippet[key].texts[step.k.trim() + ' ' + step.x] = true;
      if (bySnippet[key].scenarios.indexOf(sc) < 0) bySnippet[key].scenarios.push(sc);
    });
    var keys = Object.keys(missing);
    if (keys.length === 1) bySnippet[keys[0]].unblocks++;
  });
  order.sort(function (a, b) {
    var x = bySnippet[a], y = bySnippet[b];
    return y.unblocks - x.unblocks || y.scenarios.length - x.scenarios.length;
  });
  var details = el('details', 'fold todo');
  details.open = !!open;
  add(details, el('summary', null, 'To do: ' + plural(order.length, 'step definition') + ' to write for ' + plural(scenarios.length, 'undefined scenario')));
  var list = el('ol', 'todo-list'), shown = 0;
  function more(n) {
    order.slice(shown, shown + n).forEach(function (key) {
      var entry = bySnippet[key], li = el('li');
      var texts = Object.keys(entry.texts);
      add(li, el('p', 'todo-text', texts[0] + (texts.length > 1 ? ' (and ' + (texts.length - 1) + ' similar)' : '') +
        ' \u00B7 used by ' + plural(entry.scenarios.length, 'scenario') +
        (entry.unblocks ? ', the last missing step of ' + entry.unblocks : '')));
      if (entry.snippet) add(li, add(el('div', 'snippet-box'), el('pre', 'snippet', entry.snippet), copyButton(entry.snippet)));
      add(list, li);
    });
    shown = Math.min(order.length, shown + n);
  }
  more(TODO_CHUNK);
  add(details, list);
  if (order.length > shown) {
    var next = button('more', null);
    var label = function () { next.textContent = 'Show ' + Math.min(TODO_CHUNK, order.length - shown) + ' more of ' + (order.length - shown) + ' left'; };
    label();
    next.addEventListener('click', function () {
      more(TODO_CHUNK);
      if (shown >= order.length) next.remove(); else label();
    });
    add(details, next);
  }
  return details;
}

var TODO_CHUNK = 20;

function flakyAcrossRunsBadge() {
  var b = el('span', 'badge flaky', 'flaky');
  b.title = 'Passed and failed in turn over the last runs';
  return b;
}

function renderFlaky(list) {
  var details = el('details', 'fold flaky-list');
  add(details, el('summary', null, plural(list.length, 'flaky scenario') + ': passed after a failed attempt'));
  var ul = el('ul');
  list.slice(0, 200).forEach(function (sc) {
    add(ul, add(el('li'), flakyBadge(), ' ', el('span', 'feature-name', model.features[sc.f].name + ' \u203A '), scenarioLink(sc),
      ' (' + sc.a + ' attempts)'));
  });
  return add(details, ul);
}
