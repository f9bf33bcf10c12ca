// The run's history (`--history DIR`): what changed since the previous run (new failures, fixed), scenarios flaky
// across runs, each scenario's last results, and the duration trend. Absent without a history.
var HISTORY_LETTER = { p: 'passed', f: 'failed', a: 'ambiguous', u: 'undefined', n: 'pending', s: 'skipped', x: 'unknown' };

function history() {
  var h = model.data.history;
  if (h && Array.isArray(h.recent)) {
    var byId = {};
    h.recent.forEach(function (pair) { byId[pair[0]] = pair[1]; });
    h.recent = byId;
  }
  return h || null;
}

function historySet(name) {
  var h = history();
  if (!h) return {};
  if (!h['_' + name]) {
    var set = {};
    (h[name] || []).forEach(function (key) { set[key] = true; });
    h['_' + name] = set;
  }
  return h['_' + name];
}

function isNewFailure(sc) { return !!historySet('newFailures')[sc.id]; }
function isFlakyAcrossRuns(sc) { return !!historySet('flaky')[sc.id]; }

/** By scenario anchor, how long it has not passed: { runs, since, lastPassed } (HistoryView.failingSince). */
function failingSince(id) {
  var h = history();
  if (!h || !h.since) return null;
  if (!h._since) {
    h._since = {};
    h.since.forEach(function (e) { h._since[e[0]] = { runs: e[1], since: e[2], lastPassed: e.length > 3 ? e[3] : null }; });
  }
  return h._since[id] || null;
}

/** The longest of several (a criterion's scenarios), as FailingSince.longest. */
function longestSince(list) {
  var best = null;
  list.forEach(function (s) { if (s && (!best || s.runs > best.runs || (s.runs === best.runs && s.since < best.since))) best = s; });
  return best;
}

function shortDate(ms) {
  return new Date(ms).toLocaleString(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
}

/** "failing for 3 runs, since 1 Dec 23:25 · last passed 1 Dec 22:10" */
function sinceText(s) {
  return 'failing for ' + plural(s.runs, 'run') + ', since ' + shortDate(s.since) + ' \u00B7 ' +
    (s.lastPassed !== null ? 'last passed ' + shortDate(s.lastPassed) : 'never passed in the recorded runs');
}

function sinceLine(s) { return s ? el('p', 'since', sinceText(s)) : null; }

/** The broken criteria, each with how long it has been broken (its longest-failing scenario's). */
function renderBrokenCriteria(failures) {
  if (!history()) return null;
  var byId = {}, order = [];
  failures.forEach(function (sc) {
    criterionIdsOf(sc).forEach(function (id) {
      if (!byId[id]) { byId[id] = []; order.push(id); }
      byId[id].push(failingSince(sc.id));
    });
  });
  var ul = el('ul', 'broken-criteria lines');
  order.slice(0, 200).forEach(function (id) {
    var s = longestSince(byId[id]);
    if (s) add(ul, add(el('li'), criterionRef(id), ' ', el('span', 'since', sinceText(s))));
  });
  return ul.firstChild ? ul : null;
}

function newFailureBadge() {
  var b = el('span', 'badge new-failure', 'new failure');
  b.title = 'Did not fail in the previous run';
  return b;
}

/** "Since the previous run (date): 2 new failures, 1 fixed." */
function renderSinceLastRun(box) {
  var h = history();
  if (!h || h.runs.length < 2) return;
  var previous = h.runs[h.runs.length - 2];
  var line = el('p', 'since-last');
  var parts = [plural(h.newFailures.length, 'new failure'), plural(h.fixed.length, 'scenario') + ' fixed'];
  if (h.flaky.length) parts.push(plural(h.flaky.length, 'scenario') + ' flaky across runs');
  add(line, el('strong', null, 'Since the previous run'), ' (' + new Date(previous.start).toLocaleString() + '): ' + parts.join(', ') + '.');
  add(box, line);
}

function scenarioList(title, keys, className) {
  var details = el('details', 'fold ' + className);
  add(details, el('summary', null, title));
  var ul = el('ul');
  keys.slice(0, 200).forEach(function (key) {
    var sc = model.byId[key];
    add(ul, add(el('li'), sc ? scenarioLink(sc) : el('span', 'mono', key), sc ? ' ' : null, sc ? historyStrip(sc) : null));
  });
  return add(details, ul);
}

function renderHistoryLists(box) {
  var h = history();
  if (!h || h.runs.length < 2) return;
  if (h.fixed.length) add(box, scenarioList(plural(h.fixed.length, 'scenario') + ' fixed since the previous run', h.fixed, 'fixed-list'));
  if (h.flaky.length) add(box, scenarioList(plural(h.flaky.length, 'scenario') + ' flaky across the last runs (passed and failed in turn)', h.flaky, 'flaky-runs'));
}

/** The scenario's last results, oldest first, as icons (the newest is this run). */
function historyStrip(sc) {
  var h = history();
  if (!h || h.runs.length < 2) return null;
  var letters = h.recent[sc.id];
  var strip = el('span', 'history-strip');
  var words = [];
  if (letters === undefined) {
    strip.textContent = '\u2714\u00D7' + Math.min(h.runs.length, 10);
    strip.className += ' all-passed';
    words.push('passed in each of the last ' + Math.min(h.runs.length, 10) + ' runs');
  } else {
    Array.from(letters).forEach(function (letter) {
      var status = HISTORY_LETTER[letter] || 'unknown';
      add(strip, statusIcon(status));
      words.push(LABEL[status]);
    });
  }
  strip.setAttribute('role', 'img');
  strip.setAttribute('aria-label', 'Last runs, oldest first: ' + words.join(', '));
  strip.title = 'Last runs, oldest first: ' + words.join(', ');
  return strip;
}

// A criterion's status in a run of the history (HTMLHistory.criterionLetters): icon, class and words.
var CRITERION_LETTER = {
  p: ['\u2714', 's-passed', 'proven'], f: ['\u2718', 's-failed', 'failing'], x: ['\u00B7', 's-skipped', 'not run'],
  u: ['\u2013', 's-undefined', 'no scenario'], o: ['\u25CB', 's-unknown', 'outside the run'], '-': [' ', 's-unknown', 'no record']
};

/** A criterion's results over the last runs, oldest first (the requirements' health over time); "proven in each
 *  of the last N runs" when it was; null without a history of two runs. */
function criterionStrip(id) {
  var h = history();
  if (!h || h.runs.length < 2) return null;
  if (!h._criteria) {
    h._criteria = {};
    (h.criteria || []).forEach(function (pair) { h._criteria[pair[0]] = pair[1]; });
  }
  var letters = h._criteria[id], shown = Math.min(h.runs.length, 10);
  var strip = el('span', 'history-strip criterion-strip'), words = [];
  if (letters === undefined) {
    strip.textContent = '\u2714\u00D7' + shown;
    strip.className += ' all-passed';
    words.push('proven in each of the last ' + shown + ' runs');
  } else {
    Array.from(letters).forEach(function (letter) {
      var cell = CRITERION_LETTER[letter] || CRITERION_LETTER['-'];
      var icon = el('span', 'icon ' + cell[1], cell[0]);
      icon.setAttribute('aria-hidden', 'true');
      add(strip, icon);
      words.push(cell[2]);
    });
  }
  strip.setAttribute('role', 'img');
  strip.setAttribute('aria-label', 'Last runs, oldest first: ' + words.join(', '));
  strip.title = 'Last runs, oldest first: ' + words.join(', ');
  return strip;
}

/** The duration of the last runs as a line, beside the run's facts. */
function renderTrend() {
  var h = history();
  if (!h || h.runs.length < 2) return;
  var runs = h.runs.slice(-20), max = 1;
  runs.forEach(function (r) { if (r.duration > max) max = r.duration; });
  var width = 120, height = 24, step = width / Math.max(1, runs.length - 1);
  var points = runs.map(function (r, i) { return (i * step).toFixed(1) + ',' + (height - 2 - (height - 4) * r.duration / max).toFixed(1); });
  var last = runs[runs.length - 1], previous = runs[runs.length - 2];
  var words = 'Duration of the last ' + runs.length + ' runs: ' + duration(last.duration * 1e6) + ' now, ' + duration(previous.duration * 1e6) + ' before';
  var box = svg('svg', { width: String(width), height: String(height), viewBox: '0 0 ' + width + ' ' + height, role: 'img', 'aria-label': words, class: 'trend' });
  add(box, svg('polyline', { points: points.join(' '), fill: 'none', stroke: 'var(--accent)', 'stroke-width': '2' }));
  var meta = document.getElementById('run-meta');
  var wrap = el('span', 'trend-box');
  wrap.title = words;
  add(wrap, ' \u00B7 duration ', box, ' over ' + plural(runs.length, 'run'));
  add(meta, wrap);
}
