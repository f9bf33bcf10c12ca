// Feature cards, rendered lazily: a card's body is built when it is open and comes near the viewport, CHUNK
// items at a time, so "expand all" on 50,000 scenarios builds only what can be seen.
var CHUNK = 40;
var featureNodes = [];
var nearObserver = null;

function statusBar(list) {
  var bar = el('span', 'bar'), c = countStatuses(list);
  bar.setAttribute('aria-hidden', 'true');
  STATUSES.forEach(function (status) {
    if (!c[status]) return;
    var part = el('span', 's-' + status);
    part.style.width = (100 * c[status] / list.length) + '%';
    add(bar, part);
  });
  return bar;
}

function countStatuses(list) {
  var result = {};
  for (var i = 0; i < list.length; i++) result[list[i].s] = (result[list[i].s] || 0) + 1;
  return result;
}

/** The items of a feature in order: a scenario, or an outline (once, where its first row is) with its rows. */
function featureItems(feature, visible) {
  var items = [], outlineItems = {};
  visible.forEach(function (sc) {
    if (sc.o === undefined) { items.push({ sc: sc }); return; }
    var item = outlineItems[sc.o];
    if (!item) { item = outlineItems[sc.o] = { outline: sc.o, rows: [] }; items.push(item); }
    item.rows.push(sc);
  });
  return items;
}

function buildFeatureCards(container) {
  var pending = false;
  if ('IntersectionObserver' in window) {
    nearObserver = new IntersectionObserver(function (entries) {
      entries.forEach(function (entry) {
        var f = Number(entry.target.dataset.feature);
        featureNodes[f].near = entry.isIntersecting;
        if (entry.isIntersecting && state.open[f] && !featureNodes[f].rendered) pending = true;
      });
      if (pending) renderNear();
      pending = false;
    }, { rootMargin: '800px 0px' });
  }
  var fragment = document.createDocumentFragment();
  var folders = {}, folderCount = 0, lastFolder = null;
  model.features.forEach(function (feature) { var d = folderOf(feature.uri); if (!folders[d]) { folders[d] = []; folderCount++; } });
  model.features.forEach(function (feature, f) {
    var folder = folderOf(feature.uri);
    if (folderCount > 1 && folder !== lastFolder) {
      var group = model.features.filter(function (other) { return folderOf(other.uri) === folder; });
      var failed = group.filter(function (other) { return other.scenarios.some(function (sc) { return isProblem(sc.s); }); }).length;
      var heading = el('h3', 'folder-heading');
      add(heading, el('span', 'mono', folder + '/'), el('span', 'folder-count', ' ' + plural(group.length, 'feature') + (failed ? ' \u00B7 ' + failed + ' not passing' : '')));
      add(fragment, heading);
      folderNodes.push({ heading: heading, features: [] });
    }
    lastFolder = folder;
    if (folderNodes.length) folderNodes[folderNodes.length - 1].features.push(f);
    var section = el('section', 'feature');
    section.dataset.feature = String(f);
    var status = worst(feature.scenarios.map(function (sc) { return sc.s; }));
    section.classList.add('s-' + status);
    var heading = el('h3', 'feature-heading');
    var head = button('feature-head');
    head.setAttribute('aria-expanded', 'false');
    var title = el('span', 'feature-title');
    add(title, el('span', 'kw', feature.keyword + ': '), feature.name);
    var mini = el('span', 'mini-counts');
    add(head, el('span', 'chevron', '\u25B8'), badge(status), title, mini, statusBar(feature.scenarios));
    add(heading, head);
    var meta = el('div', 'feature-meta');
    add(meta, el('span', 'uri mono', feature.uri));
    if (feature.tags.length) add(meta, tagChips(feature.tags));
    var body = el('div', 'feature-body');
    body.hidden = true;
    head.addEventListener('click', function () {
      state.open[f] = !state.open[f];
      var node = featureNodes[f];
      node.wasOpen = state.open[f];
      refreshFeature(f);
      renderFeatureBody(f, true);
    });
    add(section, heading, meta, body);
    add(fragment, section);
    featureNodes.push({ section: section, head: head, body: body, mini: mini, rendered: false, near: false, visible: feature.scenarios });
    if (nearObserver) nearObserver.observe(section);
  });
  add(container, fragment);
}

var folderNodes = [];

function folderOf(uri) { var at = uri.lastIndexOf('/'); return at > 0 ? uri.slice(0, at) : '.'; }

/** A folder's heading shows while one of its features does. */
function refreshFolders() {
  folderNodes.forEach(function (folder) {
    folder.heading.hidden = folder.features.every(function (f) { return featureNodes[f].section.hidden; });
  });
}

/** After the filters changed or the card opened or closed: counts, visibility, and a body to build again. */
function refreshFeature(f) {
  var node = featureNodes[f], feature = model.features[f], open = !!state.open[f];
  node.section.hidden = node.visible.length === 0;
  node.section.classList.toggle('open', open);
  node.head.setAttribute('aria-expanded', open ? 'true' : 'false');
  var passed = 0;
  for (var i = 0; i < node.visible.length; i++) if (node.visible[i].s === 'passed') passed++;
  node.mini.textContent = (filtering() ? node.visible.length + ' of ' + feature.scenarios.length + ' shown \u00B7 ' : '') +
    passedWording(passed, node.visible.length);
  node.body.hidden = !open;
  if (node.rendered) { clear(node.body); node.rendered = false; }
  if (open) {
    node.body.style.minHeight = Math.min(featureItems(feature, node.visible).length, CHUNK) * 44 + 'px';
  }
}

/** Builds the open cards that are within reach of the viewport now, in page order, measuring as it goes (the
 *  observer's view of which cards are near is from before the cards changed size). */
function renderNear() {
  var reach = window.innerHeight + 800, budget = 3 * CHUNK;
  for (var f = 0; f < featureNodes.length && budget > 0; f++) {
    var node = featureNodes[f];
    if (!state.open[f] || node.rendered || node.section.hidden) continue;
    var top = node.section.getBoundingClientRect().top;
    if (top > reach) break;
    if (node.section.getBoundingClientRect().bottom < -800) continue;
    budget -= renderFeatureBody(f, true) || 0;
  }
}

/** Builds an open card's body when it is near the viewport (or now, when `force`). */
function renderFeatureBody(f, force) {
  var node = featureNodes[f], feature = model.features[f];
  if (!state.open[f] || node.rendered || node.section.hidden) return;
  if (!force && nearObserver && !node.near) return;
  node.rendered = true;
  node.body.style.minHeight = '';
  clear(node.body);
  // A search or a filter shows the matching scenarios first, the description and Background folded after them.
  var narrowing = filtering();
  if (narrowing) {
    add(node.body, el('p', 'shown-count', node.visible.length + ' of ' + plural(feature.scenarios.length, 'scenario') + ' shown'));
  } else {
    if (feature.description) add(node.body, markdown(feature.description));
    if (feature.background) add(node.body, renderBackground(feature.background));
  }
  var items = featureItems(feature, node.visible);
  var limit = state.shown[f] || CHUNK, lastRule = -1;
  var list = el('div', 'scenarios');
  items.slice(0, limit).forEach(function (item) {
    var rule = item.sc ? item.sc.r : feature.outlines[item.outline].rule;
    if (rule !== undefined && rule >= 0 && rule !== lastRule) add(list, renderRule(feature.rules[rule]));
    lastRule = rule === undefined ? -1 : rule;
    add(list, item.sc ? renderScenario(item.sc, feature) : renderOutline(feature, item.outline, item.rows));
  });
  add(node.body, list);
  markHits(list);
  var built = Math.min(items.length, limit);
  if (items.length > limit) {
    var more = button('more', 'Show ' + Math.min(CHUNK * 5, items.length - limit) + ' more (' + (items.length - limit) + ' not shown)');
    more.addEventListener('click', function () {
      state.shown[f] = limit + CHUNK * 5;
      node.rendered = false;
      clear(node.body);
      renderFeatureBody(f, true);
    });
    add(node.body, more);
  }
  if (narrowing && (feature.description || feature.background)) {
    var about = el('details', 'fold about-feature');
    add(about, el('summary', null, 'About this feature'));
    if (feature.description) add(about, markdown(feature.description));
    if (feature.background) add(about, renderBackground(feature.background));
    add(node.body, about);
  }
  return built;
}

function renderRule(rule) {
  var box = el('div', 'rule'), h = el('h4', 'rule-title');
  add(h, el('span', 'kw', rule.keyword + ': '), rule.name);
  add(box, h);
  if (rule.tags.length) add(box, tagChips(rule.tags));
  if (rule.description) add(box, markdown(rule.description));
  if (rule.background) add(box, renderBackground(rule.background));
  return box;
}

/** Renders every open card now (printing, deep links). */
function renderAllOpen() {
  featureNodes.forEach(function (node, f) {
    if (state.open[f]) {
      state.shown[f] = Infinity;
      node.rendered = false;
      renderFeatureBody(f, true);
    }
  });
}
