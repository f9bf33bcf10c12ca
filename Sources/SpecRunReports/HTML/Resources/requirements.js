// The requirements view, below what needs attention: per story, its criteria with the document's Given/When/Then,
// their status (proven, failing, not run, no scenario, outside this run) and the scenarios behind them; coverage
// per story and overall, over what the run could prove (criteria whose scenarios it did not select are counted apart).
var COVERAGE_LABEL = { proven: 'proven', failing: 'failing', 'not-run': 'not run', 'no-scenario': 'no scenario', outside: 'outside this run' };
var COVERAGE_CLASS = { proven: 'passed', failing: 'failed', 'not-run': 'skipped', 'no-scenario': 'undefined', outside: 'unknown' };
var COVERAGE_ICON = { proven: '\u2714', failing: '\u2718', 'not-run': '\u21B7', 'no-scenario': '\u2205', outside: '\u2212' };
var COVERAGE_ORDER = ['proven', 'failing', 'not-run', 'no-scenario', 'outside'];

function coverageBadge(status) {
  var b = el('span', 'badge s-' + (COVERAGE_CLASS[status] || 'unknown') + ' coverage');
  var icon = el('span', 'badge-icon', COVERAGE_ICON[status] || '');
  icon.setAttribute('aria-hidden', 'true');
  return add(b, icon, COVERAGE_LABEL[status] || status);
}

function meter(proven, total, label) {
  var box = el('span', 'meter');
  box.setAttribute('role', 'img');
  box.setAttribute('aria-label', label);
  var fill = el('span', 'meter-fill');
  fill.style.width = (total ? 100 * proven / total : 0) + '%';
  return add(box, fill);
}

function renderRequirements() {
  var requirements = model.data.requirements;
  if (!requirements || !requirements.stories.length) return;
  var box = section('requirements', 'Requirements');
  var outside = requirements.outside || 0, provable = requirements.total - outside;
  var summary = el('p', 'coverage-summary');
  var wording = requirements.proven + ' of ' + plural(provable, 'criterion', 'criteria') + ' proven';
  add(summary, el('strong', null, wording), ' in ' + plural(requirements.stories.length, 'story', 'stories'),
    meter(requirements.proven, provable, wording));
  var counts = {};
  requirements.stories.forEach(function (story) {
    story.criteria.forEach(function (c) { counts[c.status] = (counts[c.status] || 0) + 1; });
  });
  var legend = el('span', 'coverage-counts');
  COVERAGE_ORDER.forEach(function (status) {
    if (counts[status] && status !== 'outside') add(legend, coverageBadge(status), ' ' + counts[status] + ' ');
  });
  add(summary, legend);
  add(box, summary);
  if (outside) {
    add(box, el('p', 'coverage-scope', 'This run could prove ' + provable + ' of the ' + plural(requirements.total, 'criterion', 'criteria') +
      ' in the documents: the scenarios of the other ' + outside + ' were not selected (a path or --tags left them out), so it says nothing about them.'));
  }
  requirements.stories.forEach(function (story) { add(box, renderStory(story)); });
  if (requirements.warnings.length) {
    var warnings = el('details', 'fold');
    add(warnings, el('summary', null, plural(requirements.warnings.length, 'warning') + ' reading the documents'));
    var ul = el('ul', 'lines');
    requirements.warnings.forEach(function (w) { add(ul, el('li', null, w)); });
    add(box, add(warnings, ul));
  }
}

var STORIES_OPEN = 8;
var storiesOpened = 0;

function storyStatus(story) {
  var has = {};
  story.criteria.forEach(function (c) { has[c.status] = true; });
  var outside = story.criteria.filter(function (c) { return c.status === 'outside'; }).length;
  if (has.failing) return 'failing';
  if (outside === story.total) return 'outside';
  if (story.proven === story.total - outside) return 'proven';
  return 'not-run';
}

/** A story as a disclosure; its criteria are built when it opens. A story with a broken criterion (failing, or
 *  held back by steps to write or pending) opens at once, to its broken criteria only (a button shows the others). */
function renderStory(story) {
  var details = el('details', 'story');
  details.dataset.story = story.id;
  var status = storyStatus(story);
  var outside = story.criteria.filter(function (c) { return c.status === 'outside'; }).length;
  var provable = story.total - outside;
  var summary = el('summary', 'story-head');
  var wording = provable ? story.proven + ' of ' + plural(provable, 'criterion', 'criteria') + ' proven' : 'outside this run';
  if (provable && outside) wording += ' (' + outside + ' outside this run)';
  add(summary, coverageBadge(status), ' ', el('span', 'story-id mono', story.id), ' ', el('span', 'story-title', story.title),
    el('span', 'story-count', wording), meter(story.proven, provable, wording));
  add(details, summary);
  var list = null, rest = null;
  function build(all) {
    if (!details.dataset.built) {
      details.dataset.built = 'true';
      if (story.narrative) add(details, el('p', 'narrative', story.narrative));
      if (story.uri) add(details, el('p', 'where mono', story.uri + (story.line ? ':' + story.line : '')));
      list = el('ul', 'criteria');
      add(details, list);
      var shown = all ? story.criteria : story.criteria.filter(function (c) { return c.broken; });
      shown.forEach(function (criterion) { add(list, renderCriterion(criterion)); });
      if (shown.length < story.criteria.length) {
        rest = button('more show-criteria', 'Show all ' + plural(story.criteria.length, 'criterion', 'criteria') + ' of ' + story.id);
        rest.addEventListener('click', function () { showAll(); });
        add(details, rest);
      }
    } else if (all && rest) {
      showAll();
    }
  }
  function showAll() {
    if (!rest) return;
    clear(list);
    story.criteria.forEach(function (criterion) { add(list, renderCriterion(criterion)); });
    rest.remove();
    rest = null;
  }
  details.addEventListener('toggle', function () { if (details.open && !details.dataset.built) build(true); });
  details.specrunShowAll = function () { details.open = true; build(true); showAll(); };
  if (story.criteria.some(function (c) { return c.broken; }) && storiesOpened < STORIES_OPEN) {
    storiesOpened++;
    build(false);
    details.open = true;
  }
  return details;
}

/** Opens a criterion's story, shows the criterion and scrolls to it. */
function revealCriterion(id) {
  var entry = criteriaById()[id];
  if (!entry) return;
  var story = document.querySelector('details.story[data-story="' + cssEscape(entry.story.id) + '"]');
  if (!story) return;
  story.specrunShowAll();
  var node = document.getElementById('criterion-' + id);
  if (node) {
    Array.prototype.forEach.call(document.querySelectorAll('.target'), function (n) { n.classList.remove('target'); });
    node.classList.add('target');
    node.scrollIntoView({ block: 'center' });
    focusCard(node);
  }
}

function cssEscape(text) { return window.CSS && CSS.escape ? CSS.escape(text) : String(text).replace(/["\\]/g, '\\$&'); }

function renderCriterion(criterion) {
  var li = el('li', 'criterion c-' + criterion.status);
  li.id = 'criterion-' + criterion.id;
  li.dataset.criterion = criterion.id;
  li.dataset.status = criterion.status;
  var head = el('div', 'criterion-head');
  var id = el('span', 'mono criterion-id', criterion.id);
  if (criterion.derived) id.title = 'Id derived from the story and the position of the criterion';
  add(head, coverageBadge(criterion.status), ' ', id, ' ',
    el('span', 'criterion-title', criterion.title));
  if (criterion.type) add(head, el('span', 'criterion-type', criterion.type));
  var strip = criterionStrip(criterion.id);
  if (strip) add(head, ' ', strip);
  add(li, head);
  if (criterion.broken) add(li, sinceLine(longestSince(criterion.scenarios.map(failingSince))));
  var gwt = el('dl', 'gwt');
  [['Given', criterion.given], ['When', criterion.when], ['Then', criterion.then]].forEach(function (part) {
    if (!part[1] || !part[1].length) return;
    add(gwt, el('dt', null, part[0]));
    part[1].forEach(function (text) { add(gwt, el('dd', null, text)); });
  });
  if (gwt.firstChild) add(li, gwt);
  var behind = el('div', 'criterion-scenarios');
  var unselected = criterion.unselected || [];
  if (criterion.status === 'outside') {
    add(behind, el('span', 'empty', unselected.length
      ? 'Outside this run: ' + plural(unselected.length, 'scenario') + ' carry @' + criterion.id + ' but were not selected (' + unselected.slice(0, 3).join(', ') + (unselected.length > 3 ? ', \u2026' : '') + ').'
      : 'Outside this run: no scenario of the files this run read carries @' + criterion.id + '; the project\'s other feature files do, or were not looked at.'));
  } else if (!criterion.scenarios.length) {
    add(behind, el('span', 'empty', 'No scenario carries @' + criterion.id + ' yet.'));
  } else {
    var ul = el('ul');
    criterion.scenarios.slice(0, 20).forEach(function (id) {
      var sc = model.byId[id];
      if (!sc) return;
      add(ul, add(el('li'), statusIcon(sc.s), hiddenText(LABEL[sc.s] + ': '), ' ', scenarioLink(sc),
        el('span', 'where mono', ' ' + model.features[sc.f].uri + ':' + sc.l)));
    });
    add(behind, ul);
    if (criterion.scenarios.length > 20) add(behind, el('p', 'empty', 'and ' + (criterion.scenarios.length - 20) + ' more: search for @' + criterion.id + '.'));
  }
  add(li, behind);
  if (criterion.uri) add(li, el('p', 'where mono', criterion.uri + (criterion.line ? ':' + criterion.line : '')));
  return li;
}
