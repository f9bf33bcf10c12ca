// DOM helpers and the words of the page. Every piece of user text goes through textContent, never markup.
var STATUSES = ['passed', 'failed', 'pending', 'undefined', 'ambiguous', 'skipped', 'unknown'];
var LABEL = { passed: 'passed', failed: 'failed', pending: 'pending', undefined: 'undefined', ambiguous: 'ambiguous', skipped: 'skipped', unknown: 'not run' };
var SEVERITY = { unknown: 0, passed: 1, skipped: 2, pending: 3, undefined: 4, ambiguous: 5, failed: 6 };
// One icon per status, so no status is told by its colour alone (pending is paused work, undefined a missing step).
var ICON = { passed: '\u2714', failed: '\u2718', pending: '\u2016', undefined: '?', ambiguous: '\u2248', skipped: '\u21B7', unknown: '\u00B7' };
var SVG_NS = 'http://www.w3.org/2000/svg';

function el(tag, className, text) {
  var node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

function add(parent) {
  for (var i = 1; i < arguments.length; i++) {
    var child = arguments[i];
    if (child === null || child === undefined) continue;
    parent.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  }
  return parent;
}

function clear(node) { node.textContent = ''; }

function button(className, text, title) {
  var node = el('button', className, text);
  node.type = 'button';
  if (title) node.title = title;
  return node;
}

function svg(tag, attrs) {
  var node = document.createElementNS(SVG_NS, tag);
  for (var key in attrs) node.setAttribute(key, attrs[key]);
  return node;
}

function plural(n, word, words) { return n + ' ' + (n === 1 ? word : (words || word + 's')); }

/** "5 of 6 scenarios passed", "all 6 scenarios passed", "1 scenario passed". */
function passedWording(passed, total, noun) {
  noun = noun || 'scenario';
  if (total === 0) return 'No ' + noun + 's';
  if (passed === total) return total === 1 ? 'The ' + noun + ' passed' : 'All ' + plural(total, noun) + ' passed';
  return passed + ' of ' + plural(total, noun) + ' passed';
}

function duration(nanos) {
  if (!nanos) return '';
  var ms = nanos / 1e6;
  if (ms < 1) return '<1 ms';
  if (ms < 1000) return Math.round(ms) + ' ms';
  var s = ms / 1000;
  if (s < 60) return s.toFixed(2) + ' s';
  return Math.floor(s / 60) + ' min ' + Math.round(s % 60) + ' s';
}

function worst(statuses) {
  var result = null;
  for (var i = 0; i < statuses.length; i++) if (result === null || SEVERITY[statuses[i]] > SEVERITY[result]) result = statuses[i];
  return result || 'unknown';
}

function isProblem(status) { return SEVERITY[status] >= SEVERITY.pending; }

/**
 * The href a link may get, or null: http(s), mailto, a #fragment or a relative path, judged on what a browser's URL
 * parser makes of it, not on its text. The parser removes ASCII tab and newlines anywhere, trims C0 controls and
 * spaces, and reads the scheme case-insensitively, so `java\tscript:`, `\x01javascript:` and `JaVaScRiPt:` are all
 * `javascript:`. The probe goes further (entities decoded again, every control, space, zero-width or format
 * character removed, compatibility forms folded): anything that could be read as a scheme other than the allowed
 * ones is refused. The href returned is the parser's cleaned form.
 */
function safeHref(url) {
  if (typeof url !== 'string') return null;
  var href = url.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  var probe = href;
  for (var round = 0; round < 4; round++) {
    var decoded = probe.replace(/&(?:#[xX]([0-9a-fA-F]{1,6})|#([0-9]{1,7})|([A-Za-z][A-Za-z0-9]{1,31}));?/g, function (all, hex, dec, name) {
      if (name) return name.toLowerCase() === 'colon' ? ':' : name.toLowerCase() === 'tab' || name.toLowerCase() === 'newline' ? '' : all;
      var code = hex ? parseInt(hex, 16) : parseInt(dec, 10);
      return code > 0 && code <= 0x10FFFF && (code < 0xD800 || code > 0xDFFF) ? String.fromCodePoint(code) : '';
    });
    if (decoded === probe) break;
    probe = decoded;
  }
  if (probe.normalize) probe = probe.normalize('NFKC');
  probe = probe.replace(/[\u0000-\u0020\u007F-\u00A0\u00AD\u061C\u180E\u200B-\u200F\u2028-\u202F\u205F-\u206F\u3000\uFEFF]/g, '').toLowerCase();
  var colon = probe.indexOf(':'), end = probe.search(/[\/?#]/);
  if (colon < 0 || (end >= 0 && end < colon)) return href;      // no scheme: a relative path or a #fragment
  if (!/^[a-z][a-z0-9+.\-]*$/.test(probe.slice(0, colon))) return href;  // `foo):` is no scheme to a URL parser either: a relative path
  return /^(https?|mailto):/.test(probe) ? href : null;
}

function badge(status, text) {
  var icon = el('span', 'badge-icon', ICON[status] || '');
  icon.setAttribute('aria-hidden', 'true');
  return add(el('span', 'badge s-' + status), icon, text || LABEL[status]);
}

function statusIcon(status) {
  var icon = el('span', 'icon s-' + status, ICON[status] || '?');
  icon.setAttribute('aria-hidden', 'true');
  return icon;
}

/** Text only screen readers read. */
function hiddenText(text) { return el('span', 'sr-only', text); }

function link(text, href) {
  var a = el('a', null, text);
  a.href = href;
  return a;
}

/** A scenario's name; an outline's row adds its Examples row values. */
function scenarioTitle(sc) {
  if (sc.o === undefined) return sc.n;
  var outline = model.features[sc.f].outlines[sc.o], examples = outline && outline.examples[sc.e];
  var row = examples && examples.rows[sc.w];
  return sc.n + (row ? ' (' + examples.header.map(function (h, i) { return h + ' = ' + row[i]; }).join(', ') + ')' : '');
}

function scenarioLink(sc) { return link(scenarioTitle(sc), '#' + encodeURIComponent(sc.id)); }
