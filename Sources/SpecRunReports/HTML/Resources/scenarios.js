// Scenarios (collapsed to one line until opened), Scenario Outlines shown once with their Examples tables and
// a status per row, and Backgrounds shown once per feature or rule.

function tagChips(tags) {
  var box = el('span', 'tags');
  tags.forEach(function (tag) {
    var chip = button('tag', tag, 'Show the scenarios tagged ' + tag);
    chip.addEventListener('click', function () { searchFor(tag); });
    add(box, chip);
  });
  return box;
}

function ownTags(tags, feature, ruleIndex) {
  return tags.filter(function (t) {
    return feature.tags.indexOf(t) < 0 && (ruleIndex === undefined || ruleIndex < 0 || feature.rules[ruleIndex].tags.indexOf(t) < 0);
  });
}

function renderBackground(background) {
  var box = el('div', 'background');
  var title = el('h4', 'background-title');
  add(title, el('span', 'kw', background.keyword + ': '), background.name || '');
  add(box, title);
  if (background.description) add(box, markdown(background.description));
  var list = el('ol', 'steps');
  background.steps.forEach(function (step) { add(list, renderStep(step, true)); });
  return add(box, list);
}

/** The steps of a scenario's run; Background steps folded to one line when they passed. */
function renderSteps(sc) {
  var list = el('ol', 'steps'), seen = 0, background = sc.b || 0;
  var backgroundSteps = [], rest = [];
  sc.p.forEach(function (step) {
    if (!step.h && seen < background) { seen++; backgroundSteps.push(step); } else rest.push(step);
  });
  var hooksBefore = [];
  while (rest.length && rest[0].h && /^Before/.test(rest[0].h) && backgroundSteps.length) hooksBefore.push(rest.shift());
  hooksBefore.forEach(function (step) { add(list, renderStep(step)); });
  if (backgroundSteps.length) {
    var status = worst(backgroundSteps.map(stepStatus));
    if (status === 'passed') {
      var li = el('li', 'step background-passed');
      add(li, add(el('div', 'step-line'), statusIcon('passed'), el('span', 'text', 'Background: ' + plural(backgroundSteps.length, 'step') + ' passed')));
      add(list, li);
    } else {
      backgroundSteps.forEach(function (step) { add(list, renderStep(step)); });
    }
  }
  rest.forEach(function (step) { add(list, renderStep(step)); });
  if (!sc.p.length) add(list, el('li', 'empty', 'No steps.'));
  return list;
}

function scenarioFacts(sc, feature) {
  var parts = [feature.uri + ':' + sc.l];
  if (sc.d) parts.push(duration(sc.d));
  if (sc.a) parts.push(sc.a + ' attempts');
  var facts = el('span', 'facts', parts.join(' \u00B7 '));
  var strip = historyStrip(sc);
  if (strip) add(facts, ' \u00B7 ', strip);
  if (sc.s !== 'passed' && isNewFailure(sc)) add(facts, ' ', newFailureBadge());
  return facts;
}

function flakyBadge() {
  var b = el('span', 'badge flaky', 'flaky');
  b.title = 'Passed after a failed attempt';
  return b;
}

function renderScenario(sc, feature) {
  var box = el('article', 'scenario s-' + sc.s);
  box.id = sc.id;
  box.dataset.status = sc.s;
  var head = el('div', 'scenario-head');
  var toggle = button('scenario-toggle');
  toggle.setAttribute('aria-expanded', 'false');
  add(toggle, el('span', 'chevron', '\u25B8'), badge(sc.s));
  if (sc.fl) add(toggle, flakyBadge());
  var name = el('span', 'scenario-name');
  add(name, el('span', 'kw', sc.k + ': '), sc.n);
  add(toggle, name);
  add(head, toggle);
  var own = ownTags(sc.t, feature, sc.r);
  if (own.length) add(head, tagChips(own));
  add(head, scenarioFacts(sc, feature));
  var anchor = link('#', '#' + encodeURIComponent(sc.id));
  anchor.className = 'anchor';
  anchor.setAttribute('aria-label', 'Link to ' + sc.n);
  add(head, anchor);
  var body = el('div', 'scenario-body');
  add(box, head, body);
  function show(open) {
    toggle.setAttribute('aria-expanded', open ? 'true' : 'false');
    box.classList.toggle('open', open);
    body.hidden = !open;
    if (open && !body.firstChild) {
      if (sc.m) add(body, markdown(sc.m));
      add(body, renderSteps(sc));
      markHits(body);
    }
  }
  toggle.addEventListener('click', function () {
    var open = toggle.getAttribute('aria-expanded') !== 'true';
    state.scenarioOpen[sc.id] = open;
    show(open);
  });
  show(isScenarioOpen(sc));
  return box;
}

/** An outline once: its steps as written, then each Examples table with a status per row; a row's run opens below it. */
function renderOutline(feature, o, rows) {
  var outline = feature.outlines[o];
  var statuses = rows.map(function (sc) { return sc.s; });
  var status = worst(statuses), passed = statuses.filter(function (s) { return s === 'passed'; }).length;
  var box = el('article', 'scenario outline s-' + status);
  box.id = feature.uri + ':' + outline.line + ':outline';
  var head = el('div', 'scenario-head');
  var toggle = button('scenario-toggle');
  var name = el('span', 'scenario-name');
  add(name, el('span', 'kw', outline.keyword + ': '), outline.name);
  add(toggle, el('span', 'chevron', '\u25B8'), badge(status), name);
  if (rows.some(function (sc) { return sc.fl; })) add(toggle, flakyBadge());
  add(head, toggle);
  var own = ownTags(outline.tags, feature, outline.rule);
  if (own.length) add(head, tagChips(own));
  add(head, el('span', 'facts', feature.uri + ':' + outline.line + ' \u00B7 ' + passedWording(passed, rows.length, 'example')));
  var body = el('div', 'scenario-body');
  add(box, head, body);
  var key = box.id;
  function show(open) {
    toggle.setAttribute('aria-expanded', open ? 'true' : 'false');
    box.classList.toggle('open', open);
    body.hidden = !open;
    if (open && !body.firstChild) renderOutlineBody(body, feature, outline, rows);
  }
  toggle.addEventListener('click', function () {
    var open = toggle.getAttribute('aria-expanded') !== 'true';
    state.scenarioOpen[key] = open;
    show(open);
  });
  var anyOpen = rows.some(function (sc) { return state.scenarioOpen[sc.id]; });
  show(state.scenarioOpen[key] !== undefined ? state.scenarioOpen[key] : (anyOpen || state.expandAll));
  return box;
}

function renderOutlineBody(body, feature, outline, rows) {
  if (outline.description) add(body, markdown(outline.description));
  var steps = el('ol', 'steps');
  outline.steps.forEach(function (step) { add(steps, renderStep(step, true, true)); });
  add(body, steps);
  var shown = {};
  rows.forEach(function (sc) { shown[sc.i] = true; });
  outline.examples.forEach(function (examples) {
    var visibleRows = examples.cases.filter(function (c) { return shown[c]; }).length;
    if (!visibleRows) return;
    var title = el('h4', 'examples-title');
    add(title, el('span', 'kw', examples.keyword + ': '), examples.name || '');
    if (examples.tags.length) add(title, tagChips(examples.tags));
    add(body, title);
    if (examples.description) add(body, markdown(examples.description));
    var scroll = el('div', 'table-scroll'), table = el('table', 'data examples');
    scroll.tabIndex = 0;
    scroll.setAttribute('role', 'region');
    scroll.setAttribute('aria-label', 'Examples' + (examples.name ? ' ' + examples.name : ''));
    var headRow = el('tr');
    add(headRow, el('th', 'row-status', 'Status'));
    examples.header.forEach(function (cell) { add(headRow, el('th', null, cell)); });
    add(headRow, el('th', 'row-open', 'Run'));
    add(table, add(el('thead'), headRow));
    var tbody = el('tbody');
    examples.rows.forEach(function (cells, r) {
      var position = examples.cases[r];
      if (position < 0 || !shown[position]) return;
      var sc = feature.scenarios[position];
      var tr = el('tr', 'example-row s-' + sc.s);
      tr.id = sc.id;
      tr.dataset.status = sc.s;
      var statusCell = el('td', 'row-status');
      add(statusCell, badge(sc.s));
      if (sc.fl) add(statusCell, flakyBadge());
      add(tr, statusCell);
      cells.forEach(function (cell) { add(tr, el('td', null, cell)); });
      var openCell = el('td', 'row-open'), details = button('row-toggle', 'Steps', 'Show how this example ran');
      details.setAttribute('aria-expanded', 'false');
      add(openCell, details);
      add(tr, openCell);
      var detailRow = el('tr', 'example-run');
      var detailCell = el('td');
      detailCell.colSpan = cells.length + 2;
      add(detailRow, detailCell);
      detailRow.hidden = true;
      function show(open) {
        details.setAttribute('aria-expanded', open ? 'true' : 'false');
        detailRow.hidden = !open;
        if (open && !detailCell.firstChild) add(detailCell, renderSteps(sc));
      }
      details.addEventListener('click', function () {
        var open = details.getAttribute('aria-expanded') !== 'true';
        state.scenarioOpen[sc.id] = open;
        show(open);
      });
      show(isScenarioOpen(sc));
      add(tbody, tr, detailRow);
    });
    add(table, tbody);
    add(body, add(scroll, table));
  });
}
