// CommonMark inlines rendered to DOM nodes (never markup): backslash escapes, entities, code spans, emphasis and
// strong emphasis (the spec's delimiter-run algorithm), links with balanced parentheses and titles, autolinks,
// hard and soft line breaks. Raw HTML stays text. Links get an href only for http(s), mailto, #fragments and
// relative paths, so no script ever runs.
var ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00A0', copy: '\u00A9', reg: '\u00AE',
  trade: '\u2122', hellip: '\u2026', mdash: '\u2014', ndash: '\u2013', lsquo: '\u2018', rsquo: '\u2019', ldquo: '\u201C',
  rdquo: '\u201D', laquo: '\u00AB', raquo: '\u00BB', euro: '\u20AC', pound: '\u00A3', yen: '\u00A5', cent: '\u00A2',
  sect: '\u00A7', para: '\u00B6', middot: '\u00B7', deg: '\u00B0', plusmn: '\u00B1', times: '\u00D7', divide: '\u00F7',
  frac12: '\u00BD', frac14: '\u00BC', frac34: '\u00BE', auml: '\u00E4', ouml: '\u00F6', uuml: '\u00FC', Auml: '\u00C4',
  Ouml: '\u00D6', Uuml: '\u00DC', szlig: '\u00DF', eacute: '\u00E9', egrave: '\u00E8', aacute: '\u00E1', agrave: '\u00E0',
  ccedil: '\u00E7', ntilde: '\u00F1', AElig: '\u00C6', Dcaron: '\u010E', HilbertSpace: '\u210B', DifferentialD: '\u2146',
  ClockwiseContourIntegral: '\u2232', ngE: '\u2267\u0338', rarr: '\u2192', larr: '\u2190', check: '\u2713', bull: '\u2022' };
var PUNCTUATION = /[!-\/:-@\[-`{-~\u00A1-\u00BF\u2010-\u2027\u2030-\u205E\u3000-\u303F]/;
var ESCAPABLE = /[!-\/:-@\[-`{-~]/;

function decodeEntity(text, at) {
  var m = /^&(?:#[xX]([0-9a-fA-F]{1,6})|#([0-9]{1,7})|([A-Za-z][A-Za-z0-9]{1,31}));/.exec(text.slice(at));
  if (!m) return null;
  if (m[3]) return ENTITIES[m[3]] !== undefined ? { text: ENTITIES[m[3]], length: m[0].length } : null;
  var code = m[1] ? parseInt(m[1], 16) : parseInt(m[2], 10);
  if (code === 0 || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) code = 0xFFFD;
  return { text: String.fromCodePoint(code), length: m[0].length };
}

/** Backslash escapes and entities resolved (link destinations and titles). */
function unescapeText(text) {
  var out = '';
  for (var i = 0; i < text.length; i++) {
    var c = text.charAt(i);
    if (c === '\\' && ESCAPABLE.test(text.charAt(i + 1))) { out += text.charAt(++i); continue; }
    if (c === '&') { var e = decodeEntity(text, i); if (e) { out += e.text; i += e.length - 1; continue; } }
    out += c;
  }
  return out;
}

/** The href of a Markdown link (entities and escapes already resolved): by `safeHref`'s allowlist. */
function markdownHref(url) { return safeHref(url); }

/** `(dest "title")` after `](` at `at`: {href, title, end} or null. Destinations may nest balanced parentheses. */
function linkTail(text, at) {
  var i = at;
  while (/[ \t\n]/.test(text.charAt(i))) i++;
  var dest = '', title = null;
  if (text.charAt(i) === '<') {
    var close = i + 1;
    while (close < text.length && text.charAt(close) !== '>' && text.charAt(close) !== '\n' && text.charAt(close) !== '<') {
      if (text.charAt(close) === '\\') close++;
      close++;
    }
    if (text.charAt(close) !== '>') return null;
    dest = text.slice(i + 1, close);
    i = close + 1;
  } else {
    var depth = 0, start = i;
    while (i < text.length) {
      var c = text.charAt(i);
      if (c === '\\' && ESCAPABLE.test(text.charAt(i + 1))) { i += 2; continue; }
      if (c === '(') depth++;
      else if (c === ')') { if (depth === 0) break; depth--; }
      else if (/[\s\u0000-\u001F]/.test(c)) break;
      i++;
    }
    if (depth !== 0) return null;
    dest = text.slice(start, i);
  }
  var beforeTitle = i;
  while (/[ \t\n]/.test(text.charAt(i))) i++;
  var open = text.charAt(i);
  if (i > beforeTitle && (open === '"' || open === "'" || open === '(')) {
    var closer = open === '(' ? ')' : open, j = i + 1;
    while (j < text.length && text.charAt(j) !== closer) { if (text.charAt(j) === '\\') j++; j++; }
    if (j >= text.length) return null;
    title = text.slice(i + 1, j);
    i = j + 1;
    while (/[ \t\n]/.test(text.charAt(i))) i++;
  }
  if (text.charAt(i) !== ')') return null;
  return { href: unescapeText(dest), title: title === null ? null : unescapeText(title), end: i + 1 };
}

/** Appends the inlines of `text` to `parent`. */
function inlines(parent, text) {
  var nodes = [], delimiters = [], brackets = [], buffer = '';
  function flush() { if (buffer) { nodes.push({ text: buffer }); buffer = ''; } }
  var i = 0;
  while (i < text.length) {
    var c = text.charAt(i);
    if (c === '\\') {
      if (text.charAt(i + 1) === '\n') { flush(); nodes.push({ br: true }, { text: '\n' }); i += 2; while (text.charAt(i) === ' ') i++; continue; }
      if (ESCAPABLE.test(text.charAt(i + 1))) { buffer += text.charAt(i + 1); i += 2; continue; }
      buffer += c; i++; continue;
    }
    if (c === '&') { var entity = decodeEntity(text, i); if (entity) { buffer += entity.text; i += entity.length; continue; } }
    if (c === '`') {
      var run = /^`+/.exec(text.slice(i))[0], end = i + run.length, found = -1;
      while ((end = text.indexOf(run, end)) >= 0) {
        if (text.charAt(end + run.length) !== '`' && text.charAt(end - 1) !== '`') { found = end; break; }
        end += /^`+/.exec(text.slice(end))[0].length;
      }
      if (found < 0) { buffer += run; i += run.length; continue; }
      var code = text.slice(i + run.length, found).replace(/\n/g, ' ');
      if (/^ .*[^ ].* $/.test(code) || (/^ [^ ]* $/.test(code) && code.length > 2) || /^ [^ ] $/.test(code)) code = code.slice(1, -1);
      flush(); nodes.push({ code: code }); i = found + run.length; continue;
    }
    if (c === '<') {
      var auto = /^<([a-zA-Z][a-zA-Z0-9+.\-]{1,31}:[^\s<>]*)>/.exec(text.slice(i)) ||
        /^<([a-zA-Z0-9.!#$%&'*+\/=?^_`{|}~\-]+@[a-zA-Z0-9](?:[a-zA-Z0-9\-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9\-]{0,61}[a-zA-Z0-9])?)*)>/.exec(text.slice(i));
      if (auto) {
        flush();
        var target = auto[1].indexOf(':') < 0 || /^[^:]*@/.test(auto[1]) && !/^[a-zA-Z][a-zA-Z0-9+.\-]*:/.test(auto[1]) ? 'mailto:' + auto[1] : auto[1];
        nodes.push({ link: markdownHref(target), title: null, children: [{ text: auto[1] }] });
        i += auto[0].length; continue;
      }
    }
    if (c === '*' || c === '_') {
      var delim = /^(\*+|_+)/.exec(text.slice(i))[0];
      var before = i === 0 ? ' ' : text.charAt(i - 1), after = text.charAt(i + delim.length) || ' ';
      var leftFlanking = !/\s/.test(after) && (!PUNCTUATION.test(after) || /\s/.test(before) || PUNCTUATION.test(before));
      var rightFlanking = !/\s/.test(before) && (!PUNCTUATION.test(before) || /\s/.test(after) || PUNCTUATION.test(after));
      var canOpen = c === '*' ? leftFlanking : leftFlanking && (!rightFlanking || PUNCTUATION.test(before));
      var canClose = c === '*' ? rightFlanking : rightFlanking && (!leftFlanking || PUNCTUATION.test(after));
      flush();
      var node = { text: delim };
      nodes.push(node);
      if (canOpen || canClose) delimiters.push({ node: node, char: c, count: delim.length, original: delim.length, open: canOpen, close: canClose });
      i += delim.length; continue;
    }
    if (c === '[') { flush(); var opener = { text: '[' }; nodes.push(opener); brackets.push({ node: opener, delimiters: delimiters.length, active: true }); i++; continue; }
    if (c === ']') {
      var bracket = brackets.pop();
      if (bracket && bracket.active && text.charAt(i + 1) === '(') {
        var tail = linkTail(text, i + 2);
        if (tail) {
          flush();
          var start = nodes.indexOf(bracket.node), children = nodes.splice(start + 1);
          processEmphasis(children, delimiters, bracket.delimiters);
          nodes.splice(start, 1, { link: markdownHref(tail.href), title: tail.title, children: children });
          brackets.forEach(function (b) { b.active = false; });
          i = tail.end; continue;
        }
      }
      buffer += ']'; i++; continue;
    }
    if (c === '\n') {
      var hard = / {2,}$/.test(buffer);
      buffer = buffer.replace(/ +$/, '');
      flush();
      if (hard) nodes.push({ br: true });
      nodes.push({ text: '\n' });
      i++; while (text.charAt(i) === ' ') i++; continue;
    }
    buffer += c; i++;
  }
  flush();
  processEmphasis(nodes, delimiters, 0);
  emit(parent, nodes);
  return parent;
}

/** The spec's "process emphasis": pairs delimiter runs above `bottom`, wrapping what is between them in `list`. */
function processEmphasis(list, stack, bottom) {
  var openersBottom = {}, current = bottom;
  while (current < stack.length) {
    var closer = stack[current];
    if (!closer.close) { current++; continue; }
    var key = closer.char + (closer.open ? '1' : '0') + (closer.original % 3);
    var floor = Math.max(bottom, openersBottom[key] === undefined ? bottom : openersBottom[key]);
    var j = current - 1, opener = null;
    for (; j >= floor; j--) {
      var o = stack[j];
      if (!o.open || o.char !== closer.char) continue;
      if ((o.close || closer.open) && (o.original + closer.original) % 3 === 0 && !(o.original % 3 === 0 && closer.original % 3 === 0)) continue;
      opener = o;
      break;
    }
    if (!opener) {
      openersBottom[key] = current;
      if (!closer.open) stack.splice(current, 1); else current++;
      continue;
    }
    var use = closer.count >= 2 && opener.count >= 2 ? 2 : 1;
    opener.count -= use;
    closer.count -= use;
    opener.node.text = opener.node.text.slice(use);
    closer.node.text = closer.node.text.slice(use);
    var from = list.indexOf(opener.node), to = list.indexOf(closer.node);
    var wrapped = { tag: use === 2 ? 'strong' : 'em', children: list.splice(from + 1, to - from - 1) };
    list.splice(from + 1, 0, wrapped);
    stack.splice(j + 1, current - j - 1);
    current = j + 1;
    if (opener.count === 0) { stack.splice(j, 1); current--; }
    if (closer.count === 0) stack.splice(current, 1);
  }
  stack.splice(bottom);
}

function emit(parent, nodes) {
  nodes.forEach(function (node) {
    if (node.text !== undefined) { if (node.text) add(parent, node.text); return; }
    if (node.br) { add(parent, el('br')); return; }
    if (node.code !== undefined) { add(parent, el('code', null, node.code)); return; }
    if (node.tag) { emit(add(parent, el(node.tag)).lastChild, node.children); return; }
    if (node.link !== undefined) {
      if (node.link === null) { emit(parent, node.children); return; }
      var a = el('a');
      a.href = node.link;
      if (node.title) a.title = node.title;
      a.rel = 'noopener noreferrer';
      emit(a, node.children);
      add(parent, a);
    }
  });
}
