// Markdown in descriptions, rendered to DOM nodes (never markup): a safe subset.
function dedent(text) {
  var lines = text.replace(/\r\n?/g, '\n').split('\n');
  var min = Infinity;
  lines.forEach(function (line) { if (line.trim()) min = Math.min(min, line.match(/^[ \t]*/)[0].length); });
  if (min === Infinity) min = 0;
  return lines.map(function (line) { return line.slice(min); });
}
function inline(parent, text) {
  var pattern = /(`[^`]+`)|(\*\*[^*]+\*\*)|(__[^_]+__)|(\*[^*\s][^*]*\*)|(\b_[^_\s][^_]*_\b)|(\[[^\]]+\]\([^)\s]+\))/g;
  var last = 0, match;
  while ((match = pattern.exec(text)) !== null) {
    if (match.index > last) add(parent, text.slice(last, match.index));
    var token = match[0];
    if (match[1]) add(parent, el('code', null, token.slice(1, -1)));
    else if (match[2] || match[3]) inline(add(parent, el('strong')).lastChild, token.slice(2, -2));
    else if (match[4] || match[5]) inline(add(parent, el('em')).lastChild, token.slice(1, -1));
    else {
      var label = token.slice(1, token.indexOf(']('));
      var href = safeHref(token.slice(token.indexOf('](') + 2, -1));
      if (href) {
        var a = el('a', null, label);
        a.href = href; a.rel = 'noopener noreferrer'; a.target = '_blank';
        add(parent, a);
      } else add(parent, label);
    }
    last = match.index + token.length;
  }
  if (last < text.length) add(parent, text.slice(last));
  return parent;
}
function cells(line) {
  return line.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map(function (c) { return c.trim(); });
}
// Gherkin narratives keep their lines ("As a …", "I want …", "So that …"); wrapped prose joins up.
var NARRATIVE = /^(as an?|i want|i would like|i'd like|so that|in order to|given|when|then)\b/i;
function markdown(text) {
  var box = el('div', 'description');
  var lines = dedent(text), i = 0, paragraph = [];
  function flush() {
    if (!paragraph.length) return;
    var p = el('p');
    paragraph.forEach(function (line, n) {
      if (n > 0) {
        if (/[.!?:;]$/.test(paragraph[n - 1]) || NARRATIVE.test(line)) add(p, el('br')); else add(p, ' ');
      }
      inline(p, line);
    });
    add(box, p);
    paragraph = [];
  }
  while (i < lines.length) {
    var line = lines[i], trimmed = line.trim(), m;
    if (!trimmed) { flush(); i++; continue; }
    if (/^```/.test(trimmed)) {
      flush();
      var code = [];
      i++;
      while (i < lines.length && !/^```/.test(lines[i].trim())) code.push(lines[i++]);
      i++;
      add(box, add(el('pre'), el('code', null, code.join('\n'))));
      continue;
    }
    if ((m = trimmed.match(/^(#{1,6})\s+(.*)$/))) {
      flush();
      add(box, inline(el('h' + Math.min(6, m[1].length + 3)), m[2]));
      i++; continue;
    }
    if (/^\|/.test(trimmed) && i + 1 < lines.length && /^\|?\s*:?-{2,}/.test(lines[i + 1].trim())) {
      flush();
      var table = el('table'), head = add(el('tr'));
      cells(trimmed).forEach(function (c) { add(head, inline(el('th'), c)); });
      add(table, head);
      i += 2;
      while (i < lines.length && /^\|/.test(lines[i].trim())) {
        var row = el('tr');
        cells(lines[i]).forEach(function (c) { add(row, inline(el('td'), c)); });
        add(table, row);
        i++;
      }
      add(box, table);
      continue;
    }
    if ((m = trimmed.match(/^([-*+]|\d+[.)])\s+(.*)$/))) {
      flush();
      var ordered = /\d/.test(m[1]), list = el(ordered ? 'ol' : 'ul');
      while (i < lines.length && (m = lines[i].trim().match(/^([-*+]|\d+[.)])\s+(.*)$/))) {
        add(list, inline(el('li'), m[2]));
        i++;
      }
      add(box, list);
      continue;
    }
    paragraph.push(trimmed);
    i++;
  }
  flush();
  return box;
}
