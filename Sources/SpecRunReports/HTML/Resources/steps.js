// Steps: keyword and text on their own line (parameters highlighted), status, where the step definition is,
// data tables (scrolling inside themselves), doc strings, errors, snippets, ambiguous candidates, attachments.

/** The step text with its matched parameters (code point offsets) or <placeholders> highlighted. */
function stepText(text, parameters, outline) {
  var box = el('span', 'step-text');
  if (parameters && parameters.length) {
    var chars = Array.from(text), at = 0;
    parameters.slice().sort(function (a, b) { return a[0] - b[0]; }).forEach(function (p) {
      if (p[0] < at) return;
      add(box, chars.slice(at, p[0]).join(''), el('span', 'param', chars.slice(p[0], p[0] + p[1]).join('')));
      at = p[0] + p[1];
    });
    add(box, chars.slice(at).join(''));
  } else if (outline) {
    var last = 0, pattern = /<[^<>]+>/g, match;
    while ((match = pattern.exec(text)) !== null) {
      add(box, text.slice(last, match.index), el('span', 'param placeholder', match[0]));
      last = pattern.lastIndex;
    }
    add(box, text.slice(last));
  } else {
    add(box, text);
  }
  return box;
}

function dataTable(rows, header) {
  var scroll = el('div', 'table-scroll'), table = el('table', 'data');
  scroll.tabIndex = 0;
  scroll.setAttribute('role', 'region');
  scroll.setAttribute('aria-label', 'Data table');
  rows.forEach(function (row, r) {
    var tr = el('tr');
    row.forEach(function (cell) { add(tr, el(header && r === 0 ? 'th' : 'td', null, cell)); });
    add(table, tr);
  });
  return add(scroll, table);
}

function extra(title, content, className) {
  var box = el('div', 'extra' + (className ? ' ' + className : ''));
  if (title) add(box, el('div', 'extra-title', title));
  return add(box, content);
}

function copyButton(text) {
  if (!navigator.clipboard) return null;
  var copy = button('copy', 'Copy', 'Copy to the clipboard');
  copy.addEventListener('click', function () {
    navigator.clipboard.writeText(text).then(function () { copy.textContent = 'Copied'; }, function () {});
  });
  return copy;
}

/** A step of a scenario, or a step as written (Background, outline) when `written` is true. */
function renderStep(step, written, outline) {
  var status = stepStatus(step);
  var item = el('li', 'step' + (step.h ? ' hook' : '') + (written ? ' written' : ' s-' + status));
  var line = el('div', 'step-line');
  if (!written) add(line, statusIcon(status), hiddenText(LABEL[status] + ': '));
  var text = el('span', 'text');
  if (step.h) add(text, step.h);
  else add(text, el('span', 'kw', step.k), stepText(step.x, step.g, outline));
  add(line, text);
  if (!written) {
    var facts = el('span', 'step-facts');
    if (step.l) add(facts, el('span', 'where mono', step.l));
    add(facts, el('span', 'dur', status === 'passed' ? duration(step.d) : LABEL[status] + (step.d ? ' \u00B7 ' + duration(step.d) : '')));
    add(line, facts);
  }
  add(item, line);
  if (step.tb) add(item, extra(null, dataTable(step.tb)));
  if (step.ds) add(item, extra(step.ds.m ? 'Doc string (' + step.ds.m + ')' : null, el('pre', 'doc', step.ds.c)));
  if (step.e) add(item, extra(status === 'failed' ? 'Error' : LABEL[status], el('pre', status === 'failed' ? 'error' : 'message', step.e)));
  if (step.sn) {
    var title = el('div', 'extra-title', 'Undefined: implement it with this snippet ');
    add(title, copyButton(step.sn));
    add(item, add(el('div', 'extra'), title, el('pre', 'snippet', step.sn)));
  }
  if (step.am) add(item, extra('Ambiguous: these step definitions all match', el('pre', 'error', step.am.join('\n'))));
  if (step.at) step.at.forEach(function (attachment) { add(item, renderAttachment(attachment)); });
  return item;
}

/** The failing (or first not passed) step of a scenario, for the problems list. */
function failingStep(sc) {
  var found = null;
  sc.p.forEach(function (step) {
    if (!found && isProblem(stepStatus(step))) found = step;
  });
  return found;
}
