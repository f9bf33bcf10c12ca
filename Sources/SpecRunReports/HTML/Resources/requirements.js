// The requirements view the page opens on: per story, its criteria with the document's Given/When/Then,
// their status (proven, failing, not run, no scenario) and the scenarios behind them; coverage per story and
// overall.
var COVERAGE_LABEL = { proven: 'proven', failing: 'failing', 'not-run': 'not run', 'no-scenario': 'no scenario' };
var COVERAGE_CLASS = { proven: 'passed', failing: 'failed', 'not-run': 'skipped', 'no-scenario': 'undefined' };

function coverageBadge(status) {
  return el('span', 'badge s-' + (COVERAGE_CLASS[status] || 'unknown') + ' coverage', COVERAGE_LABEL[status] || status);
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
  var summary = el('p', 'coverage-summary');
  var wording = requirements.proven + ' of ' + plural(requirements.total, 'criterion', 'criteria') + ' proven';
  add(summary, el('strong', null, wording), ' in ' + plural(requirements.stories.length, 'story', 'stories'),
    meter(requirements.proven, requirements.total, wording));
  var counts = {};
  requirements.stories.forEach(function (story) {
    story.criteria.forEach(function (c) { counts[c.status] = (counts[c.status] || 0) + 1; });
  });
  var legend = el('span', 'coverage-counts');
  ['proven', 'failing', 'not-run', 'no-scenario'].forEach(function (status) {
    if (counts[status]) add(legend, coverageBadge(status), ' ' + counts[status] + ' ');
  });
  add(summary, legend);
  add(box, summary);
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

/** A story as a disclosure; its criteria are built when it opens (the first stories with a failing criterion open at once). */
function renderStory(story) {
  var details = el('details', 'story');
  details.dataset.story = story.id;
  var status = story.proven === story.total ? 'proven'
    : story.criteria.some(function (c) { return c.status === 'failing'; }) ? 'failing' : 'not-run';
  var summary = el('summary', 'story-head');
  var wording = story.proven + ' of ' + plural(story.total, 'criterion', 'criteria') + ' proven';
  add(summary, coverageBadge(status), ' ', el('span', 'story-id mono', story.id), ' ', el('span', 'story-title', story.title),
    el('span', 'story-count', wording), meter(story.proven, story.total, wording));
  add(details, summary);
  function build() {
    if (details.dataset.built) return;
    details.dataset.built = 'true';
    if (story.narrative) add(details, el('p', 'narrative', story.narrative));
    if (story.uri) add(details, el('p', 'where mono', story.uri + (story.line ? ':' + story.line : '')));
    var list = el('ul', 'criteria');
    story.criteria.forEach(function (criterion) { add(list, renderCriterion(criterion)); });
    add(details, list);
  }
  details.addEventListener('toggle', function () { if (details.open) build(); });
  if (status === 'failing' && storiesOpened < STORIES_OPEN) {
    storiesOpened++;
    details.open = true;
    build();
  }
  return details;
}

function renderCriterion(criterion) {
  var li = el('li', 'criterion c-' + criterion.status);
  li.dataset.criterion = criterion.id;
  li.dataset.status = criterion.status;
  var head = el('div', 'criterion-head');
  var id = el('span', 'mono criterion-id', criterion.id);
  if (criterion.derived) id.title = 'Id derived from the story and the position of the criterion';
  add(head, coverageBadge(criterion.status), ' ', id, ' ',
    el('span', 'criterion-title', criterion.title));
  if (criterion.type) add(head, el('span', 'criterion-type', criterion.type));
  add(li, head);
  var gwt = el('dl', 'gwt');
  [['Given', criterion.given], ['When', criterion.when], ['Then', criterion.then]].forEach(function (part) {
    if (!part[1] || !part[1].length) return;
    add(gwt, el('dt', null, part[0]));
    part[1].forEach(function (text) { add(gwt, el('dd', null, text)); });
  });
  if (gwt.firstChild) add(li, gwt);
  var behind = el('div', 'criterion-scenarios');
  if (!criterion.scenarios.length) {
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
