// CommonMark blocks for descriptions: paragraphs, ATX and setext headings, thematic breaks, fenced and indented
// code, block quotes (with lazy continuation), bullet and ordered lists (nested, tight or loose), plus GFM
// tables. Raw HTML blocks stay text. Gherkin descriptions are indented as a whole: `markdown` removes the
// common indentation first. Options: `headingOffset` (the page shows `#` as h4 inside a card) and `narrative`
// (keep the line breaks of "As a … / I want … / So that …" paragraphs, by CSS: the nodes stay CommonMark's).
var NARRATIVE = /^(as an?|i want|i would like|i'd like|so that|in order to)\b/i;
var THEMATIC = /^ {0,3}(?:(?:\*[ \t]*){3,}|(?:-[ \t]*){3,}|(?:_[ \t]*){3,})$/;
var ATX = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
var FENCE = /^( {0,3})(`{3,}|~{3,})(.*)$/;
var BULLET = /^( {0,3})([-+*])([ \t]+|$)(.*)$/;
var ORDERED = /^( {0,3})(\d{1,9})([.)])([ \t]+|$)(.*)$/;
var QUOTE = /^ {0,3}> ?(.*)$/;

/** Tabs in the indentation as spaces to the next multiple of 4 (tabs elsewhere stay). */
function expandTabs(line) {
  var out = '', i = 0;
  for (; i < line.length && (line.charAt(i) === ' ' || line.charAt(i) === '\t'); i++) {
    if (line.charAt(i) === '\t') out += '    '.slice(out.length % 4); else out += ' ';
  }
  return out + line.slice(i);
}

function isBlank(line) { return /^[ \t]*$/.test(line); }
function indentOf(line) { return /^ */.exec(line)[0].length; }

function listMarker(line) {
  var m = BULLET.exec(line);
  if (m && !THEMATIC.test(line)) return { ordered: false, bullet: m[2], indent: m[1].length, width: m[1].length + 1, gap: m[3], rest: m[4] };
  m = ORDERED.exec(line);
  if (m) return { ordered: true, start: parseInt(m[2], 10), delimiter: m[3], indent: m[1].length, width: m[1].length + m[2].length + 1, gap: m[4], rest: m[5] };
  return null;
}

/** Whether a line starts a block that interrupts a paragraph. */
function interrupts(line) {
  if (THEMATIC.test(line) || ATX.test(line) || FENCE.test(line) || QUOTE.test(line)) return true;
  var marker = listMarker(line);
  return !!marker && marker.rest.trim() !== '' && (!marker.ordered || marker.start === 1);
}

/** The blocks of some lines, as nodes appended to `parent`; returns whether the blocks were separated by blank lines. */
function blocks(parent, lines, options) {
  var i = 0, paragraph = null, sawBlankBetween = false, lastWasBlank = false, any = false;
  function closeParagraph() {
    if (!paragraph) return;
    var text = paragraph.join('\n').replace(/[ \t]+$/, '');
    var p = el('p');
    if (options.narrative && paragraph.length > 1 && paragraph.slice(1).some(function (l) { return NARRATIVE.test(l); })) p.className = 'narrative';
    add(parent, inlines(p, text));
    paragraph = null;
  }
  function start() { if (lastWasBlank && any) sawBlankBetween = true; lastWasBlank = false; any = true; }
  while (i < lines.length) {
    var line = lines[i], m;
    if (isBlank(line)) { closeParagraph(); lastWasBlank = true; i++; continue; }
    if (paragraph && /^ {0,3}(=+|-+)[ \t]*$/.test(line)) {
      var level = line.trim().charAt(0) === '=' ? 1 : 2, text = paragraph.join('\n').replace(/[ \t]+$/, '');
      paragraph = null;
      add(parent, inlines(el('h' + Math.min(6, level + (options.headingOffset || 0))), text));
      i++; continue;
    }
    if (paragraph && indentOf(line) >= 4) { paragraph.push(line.replace(/^ +/, '')); i++; continue; }
    if (paragraph && !interrupts(line)) { paragraph.push(line.replace(/^ +/, '')); i++; continue; }
    closeParagraph();
    if (indentOf(line) >= 4) {
      start();
      var code = [];
      while (i < lines.length && (indentOf(lines[i]) >= 4 || isBlank(lines[i]))) { code.push(lines[i].slice(4)); i++; }
      while (code.length && isBlank(code[code.length - 1])) code.pop();
      add(parent, add(el('pre'), el('code', null, code.join('\n') + '\n')));
      continue;
    }
    if (THEMATIC.test(line)) { start(); add(parent, el('hr')); i++; continue; }
    if ((m = ATX.exec(line))) {
      start();
      add(parent, inlines(el('h' + Math.min(6, m[1].length + (options.headingOffset || 0))), (m[2] || '').replace(/^#+$/, '')));
      i++; continue;
    }
    if ((m = FENCE.exec(line)) && !(m[2].charAt(0) === '`' && m[3].indexOf('`') >= 0)) {
      start();
      var fence = m[2], indent = m[1].length, info = unescapeText(m[3].trim()).split(/\s+/)[0], body = [];
      i++;
      while (i < lines.length) {
        var close = new RegExp('^ {0,3}' + fence.charAt(0) + '{' + fence.length + ',}[ \\t]*$');
        if (close.test(lines[i])) { i++; break; }
        body.push(lines[i].replace(new RegExp('^ {0,' + indent + '}'), ''));
        i++;
      }
      var codeNode = el('code', null, body.length ? body.join('\n') + '\n' : '');
      if (info) codeNode.className = 'language-' + info;
      add(parent, add(el('pre'), codeNode));
      continue;
    }
    if (QUOTE.test(line)) {
      start();
      var quoted = [], inParagraph = false;
      while (i < lines.length) {
        var q = QUOTE.exec(lines[i]);
        if (q) { quoted.push(q[1]); inParagraph = !isBlank(q[1]) && !THEMATIC.test(q[1]) && !FENCE.test(q[1]); i++; continue; }
        if (inParagraph && !isBlank(lines[i]) && !interrupts(lines[i])) { quoted.push(lines[i]); i++; continue; }
        break;
      }
      var quote = el('blockquote');
      blocks(quote, quoted, options);
      add(parent, quote);
      continue;
    }
    if (/^\|/.test(line.trim()) && i + 1 < lines.length && /^\|?\s*:?-{2,}/.test(lines[i + 1].trim())) {
      start();
      i = table(parent, lines, i);
      continue;
    }
    var marker = listMarker(line);
    if (marker) { start(); i = list(parent, lines, i, marker, options); continue; }
    start();
    paragraph = [line.replace(/^ +/, '')];
    i++;
  }
  closeParagraph();
  return sawBlankBetween;
}

function sameKindOfList(marker, first) {
  return !!marker && marker.ordered === first.ordered &&
    (marker.ordered ? marker.delimiter === first.delimiter : marker.bullet === first.bullet);
}

/** A list from line `i`: its items while they have the same kind of marker. Returns the line after it (blank
 *  lines after the last item are left to the caller, which decides whether they separate its blocks). */
function list(parent, lines, i, first, options) {
  var node = el(first.ordered ? 'ol' : 'ul'), items = [], loose = false;
  if (first.ordered && first.start !== 1) node.start = first.start;
  while (i < lines.length) {
    var marker = listMarker(lines[i]);
    if (!sameKindOfList(marker, first)) break;
    var gap = marker.gap.length, blankStart = marker.rest.trim() === '';
    var width = marker.width + (blankStart ? 1 : (gap > 4 ? 1 : gap));
    var content = blankStart ? [] : [(gap > 4 ? ' '.repeat(gap - 1) : '') + marker.rest];
    i++;
    var blankRun = 0;
    while (i < lines.length) {
      var line = lines[i];
      if (isBlank(line)) {
        if (!content.length) break;
        blankRun++; content.push(''); i++; continue;
      }
      if (indentOf(line) >= width) { content.push(line.slice(width)); blankRun = 0; i++; continue; }
      if (blankRun === 0 && content.length && !interrupts(line) && !listMarker(line) && !isBlank(content[content.length - 1])) {
        content.push(line); i++; continue;
      }
      break;
    }
    while (content.length && isBlank(content[content.length - 1])) { content.pop(); i--; }
    var li = el('li');
    if (blocks(li, content, options)) loose = true;
    items.push(li);
    add(node, li);
    var next = i;
    while (next < lines.length && isBlank(lines[next])) next++;
    if (next > i && next < lines.length && sameKindOfList(listMarker(lines[next]), first)) { loose = true; i = next; }
    else if (next > i) break;
  }
  if (!loose) {
    // Tight: the paragraphs of the items show as their text.
    items.forEach(function (li) {
      Array.prototype.slice.call(li.childNodes).forEach(function (child) {
        if (child.tagName === 'P') { while (child.firstChild) li.insertBefore(child.firstChild, child); li.removeChild(child); }
      });
    });
  }
  add(parent, node);
  return i;
}

function table(parent, lines, i) {
  function cells(line) { return line.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map(function (c) { return c.trim(); }); }
  var box = el('table'), head = el('tr');
  cells(lines[i]).forEach(function (c) { add(head, inlines(el('th'), c)); });
  add(box, head);
  i += 2;
  while (i < lines.length && /^\|/.test(lines[i].trim())) {
    var row = el('tr');
    cells(lines[i]).forEach(function (c) { add(row, inlines(el('td'), c)); });
    add(box, row);
    i++;
  }
  add(parent, add(el('div', 'table-scroll'), box));
  return i;
}

/** A description's Markdown as DOM nodes in a `div.description`; by default the common indentation of a Gherkin
 *  description is removed first (`dedent`). */
function markdown(text, options) {
  options = options || { headingOffset: 3, narrative: true, dedent: true };
  var lines = String(text).replace(/\r\n?/g, '\n').split('\n').map(expandTabs);
  var common = Infinity;
  lines.forEach(function (line) { if (!isBlank(line)) common = Math.min(common, indentOf(line)); });
  if (options.dedent && common !== Infinity && common > 0) lines = lines.map(function (line) { return line.slice(Math.min(common, indentOf(line))); });
  var box = el('div', 'description');
  blocks(box, lines, options);
  return box;
}
