// The page's state and wiring: filters, search, expand and collapse, theme, deep links, printing.
// The data, parsed once the first screen (already in the page as HTML) is painted: see boot().
var model = null;
var state = { query: parseQuery(''), statuses: {}, open: {}, shown: {}, scenarioOpen: {}, expandAll: false };

function anyStatusFilter() { for (var k in state.statuses) if (state.statuses[k]) return true; return false; }
function filtering() { return anyStatusFilter() || !!state.query.expression || state.query.words.length > 0; }
function matches(sc) {
  if (anyStatusFilter() && !state.statuses[sc.s]) return false;
  return queryMatches(state.query, sc);
}
function isScenarioOpen(sc) {
  var own = state.scenarioOpen[sc.id];
  return own !== undefined ? own : state.expandAll;
}

var searchBox = document.getElementById('search');
var visibleCount = document.getElementById('visible-count');
var searchHint = document.getElementById('search-hint');

/** Applies the filters and the search: counts and visibility now, card bodies when they come into view. */
function update() {
  var shown = 0, searching = filtering(), openedBySearch = 0;
  model.features.forEach(function (feature, f) {
    var node = featureNodes[f];
    var visible = searching ? feature.scenarios.filter(matches) : feature.scenarios;
    shown += visible.length;
    if (searching && visible.length && openedBySearch < 200 && state.open[f] === undefined) {
      state.open[f] = true;
      openedBySearch += visible.length;
    }
    // Cards whose scenarios, openness and wording stay the same are left alone.
    if (node.stale || node.wasOpen !== !!state.open[f] || node.wasFiltering !== searching || !sameList(node.visible, visible)) {
      node.visible = visible;
      node.stale = false;
      node.wasOpen = !!state.open[f];
      node.wasFiltering = searching;
      refreshFeature(f);
    }
  });
  refreshFolders();
  visibleCount.textContent = searching ? 'Showing ' + shown + ' of ' + plural(model.scenarios.length, 'scenario') : '';
  visibleCount.dataset.visible = String(shown);
  searchHint.textContent = state.query.error || '';
  searchHint.hidden = !state.query.error;
  Array.prototype.forEach.call(document.querySelectorAll('#filters .filter'), function (b) {
    var status = b.dataset.status;
    var active = status === 'all' ? !anyStatusFilter() : !!state.statuses[status];
    b.classList.toggle('active', active);
    b.setAttribute('aria-pressed', active ? 'true' : 'false');
  });
  renderNear();
}

function sameList(a, b) {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (var i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function markStale() { featureNodes.forEach(function (node) { node.stale = true; }); }

function applySearch() {
  state.query = parseQuery(searchBox.value);
  state.shown = {};
  update();
}

function searchFor(text) {
  searchBox.value = text;
  applySearch();
  document.getElementById('features').scrollIntoView({ block: 'start' });
}

function setAllOpen(open) {
  state.expandAll = open;
  state.scenarioOpen = {};
  state.shown = {};
  model.features.forEach(function (feature, f) { state.open[f] = open; });
  markStale();
  update();
}

function openTarget() {
  var id;
  try { id = decodeURIComponent(window.location.hash.slice(1)); } catch (e) { return; }
  var sc = model.byId[id];
  if (!sc) return;
  if (!matches(sc)) { state.statuses = {}; searchBox.value = ''; state.query = parseQuery(''); }
  state.open[sc.f] = true;
  state.scenarioOpen[sc.id] = true;
  var items = featureItems(model.features[sc.f], model.features[sc.f].scenarios.filter(matches));
  var position = 0;
  items.forEach(function (item, i) { if (item.sc === sc || (item.rows && item.rows.indexOf(sc) >= 0)) position = i; });
  state.shown[sc.f] = Math.max(state.shown[sc.f] || CHUNK, position + 1);
  featureNodes[sc.f].stale = true;
  update();
  renderFeatureBody(sc.f, true);
  var node = document.getElementById(sc.id);
  if (node) {
    Array.prototype.forEach.call(document.querySelectorAll('.target'), function (n) { n.classList.remove('target'); });
    node.classList.add('target');
    node.scrollIntoView({ block: 'center' });
    focusCard(node);
  }
}

/** Moves the keyboard focus to the card a link opened (not left on the link), without scrolling again. */
function focusCard(node) {
  if (!node.hasAttribute('tabindex')) node.setAttribute('tabindex', '-1');
  try { node.focus({ preventScroll: true }); } catch (e) { node.focus(); }
}

function setUpTheme() {
  var root = document.documentElement, stored = null;
  try { stored = window.localStorage.getItem('specrun-theme'); } catch (e) { /* private mode */ }
  var prefersDark = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches;
  root.dataset.theme = stored || (prefersDark ? 'dark' : 'light');
  var toggle = document.getElementById('theme-toggle');
  // Buttons that need the script are hidden in the page's HTML: shown once it runs.
  toggle.hidden = false;
  function label() { toggle.setAttribute('aria-pressed', root.dataset.theme === 'dark' ? 'true' : 'false'); }
  label();
  toggle.addEventListener('click', function () {
    root.dataset.theme = root.dataset.theme === 'dark' ? 'light' : 'dark';
    label();
    try { window.localStorage.setItem('specrun-theme', root.dataset.theme); } catch (e) { /* private mode */ }
  });
}

var timings = {};
/** The first screen (header, totals, what needs attention) first, painted; then the rest, a frame later. */
function start() {
  setUpTheme();
  renderHeader();
  timings.header = performance.now();
  renderProblems();
  timings.problems = performance.now();
  window.specrunFirstScreen = timings.problems;
  if (model.scenarios.length < 2000 || !window.requestAnimationFrame) { startRest(); return; }
  window.requestAnimationFrame(function () { setTimeout(startRest, 0); });
}

function startRest() {
  renderRequirements();
  timings.requirements = performance.now();
  buildFeatureCards(document.getElementById('features-view'));
  timings.cards = performance.now();
  var timer = null;
  searchBox.addEventListener('input', function () {
    clearTimeout(timer);
    timer = setTimeout(applySearch, 80);
  });
  document.addEventListener('keydown', function (event) {
    var typing = /^(INPUT|TEXTAREA|SELECT)$/.test(document.activeElement && document.activeElement.tagName);
    if (event.key === '/' && !typing) { event.preventDefault(); searchBox.focus(); }
    else if (event.key === 'Escape' && document.activeElement === searchBox) { searchBox.value = ''; applySearch(); }
  });
  document.querySelector('#features .toolbar').hidden = false;
  var printSummary = document.getElementById('print-summary');
  printSummary.hidden = false;
  // A summary-only print: the header, what needs attention and the requirements; the features left out.
  printSummary.addEventListener('click', function () {
    document.body.classList.add('print-summary');
    window.print();
  });
  window.addEventListener('afterprint', function () { document.body.classList.remove('print-summary'); });
  document.getElementById('expand-all').addEventListener('click', function () { setAllOpen(true); });
  document.getElementById('collapse-all').addEventListener('click', function () { setAllOpen(false); });
  window.addEventListener('hashchange', openTarget);
  window.addEventListener('beforeprint', function () {
    if (document.body.classList.contains('print-summary')) return;
    model.features.forEach(function (feature, f) { state.open[f] = true; });
    state.expandAll = true;
    markStale();
    update();
    renderAllOpen();
    Array.prototype.forEach.call(document.querySelectorAll('details'), function (d) { d.open = true; });
  });
  if (model.features.length === 1) state.open[0] = true;
  update();
  openTarget();
  // For tools/browser_check.py and the scale check: the same functions the page uses.
  window.specrun = { parseTagExpression: parseTagExpression, parseQuery: parseQuery, markdown: markdown, applySearch: applySearch, timings: timings,
    visibleScenarios: function () {
      return model.scenarios.filter(matches).map(function (sc) { return { n: sc.n, t: sc.t, q: searchText(sc) }; });
    } };
  window.specrunReady = performance.now();
  document.body.dataset.ready = 'true';
  if (window.requestIdleCallback) {
    var next = 0;
    var warm = function (deadline) {
      while (next < model.scenarios.length && deadline.timeRemaining() > 2) searchText(model.scenarios[next++]);
      if (next < model.scenarios.length) window.requestIdleCallback(warm);
    };
    window.requestIdleCallback(warm);
  }
}

/** The page's HTML already shows the header, the totals and the first failures: they are painted first, then
 *  the data (tens of megabytes for 50,000 scenarios) is parsed and the page drawn over them. */
var booted = false;
function boot() {
  if (booted) return;
  booted = true;
  timings.boot = performance.now();
  model = loadReport();
  timings.parsed = performance.now();
  start();
}
// A page opened in a background tab gets no frame: it is drawn at once.
if (!window.requestAnimationFrame || document.hidden) boot();
else window.requestAnimationFrame(function () { setTimeout(boot, 0); });
