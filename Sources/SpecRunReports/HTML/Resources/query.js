// The search box: one query, read one way, never two silently.
// - A tag expression (`@a and not @b`, `(@x or @y)`) means what it means to `--tags`: tags match whole.
// - Words (or "quoted phrases") must all appear in the scenario's name, feature, rule, location or step text; a
//   bare word also matches a tag of that name (`QUIZ-ST-2-AC-2` finds the scenarios tagged `@QUIZ-ST-2-AC-2`, and a
//   story id such as `QUIZ-ST-2` those tagged with any of its criteria).
// - Both together are one expression: `@quiz and not @slow and counter`, `login @smoke` (side by side means and).
// A query that cannot be read is refused with a hint, and filters nothing. Hits are marked in the cards.

var OPERATORS = { and: 1, or: 1, not: 1 };

/** Parses the search text into {expression, words, error, hits}; `expression.evaluate(sc)` decides a scenario. */
function parseQuery(text) {
  var query = { expression: null, words: [], error: null, text: text, hits: { words: [], tags: [] } };
  var trimmed = text.trim();
  if (!trimmed) return query;
  var tokens;
  try {
    tokens = tokenizeQuery(trimmed);
  } catch (e) {
    return refuse(query, e.message);
  }
  var atoms = tokens.filter(function (t) { return t.kind === 'atom'; });
  var onlyTags = atoms.length && atoms.every(function (t) { return !t.phrase && t.text.charAt(0) === '@'; });
  if (onlyTags) {
    // The exact meaning of --tags (escapes included) when it reads as one.
    try {
      var tagExpression = parseTagExpression(trimmed);
      query.expression = { evaluate: function (sc) { return tagExpression.evaluate(sc.t); } };
      collectHits(tokens, query.hits);
      return query;
    } catch (e) { /* `@a @b`: side by side, read below as @a and @b */ }
  }
  try {
    var parser = { tokens: tokens, at: 0 };
    var node = parseOr(parser);
    if (parser.at < tokens.length) throw new Error('unexpected "' + tokens[parser.at].text + '"');
    query.expression = { evaluate: node };
  } catch (e) {
    return refuse(query, e.message);
  }
  query.words = atoms.filter(function (t) { return t.text.charAt(0) !== '@' || t.phrase; }).map(function (t) { return t.text.toLowerCase(); });
  collectHits(tokens, query.hits);
  return query;
}

function refuse(query, problem) {
  query.error = 'Could not read this search (' + problem + '). Search for words, a tag expression such as ' +
    '@smoke and not @slow, or both joined with and, or, not and parentheses; put "quotes" around words such as and. ' +
    'Nothing is filtered meanwhile.';
  return query;
}

/** Tokens: `(`, `)`, operators, atoms (a tag, a word, or a "quoted phrase"). */
function tokenizeQuery(text) {
  var tokens = [], i = 0;
  while (i < text.length) {
    var c = text.charAt(i);
    if (/\s/.test(c)) { i++; continue; }
    if (c === '(' || c === ')') { tokens.push({ kind: c, text: c }); i++; continue; }
    if (c === '"') {
      var end = text.indexOf('"', i + 1);
      if (end < 0) throw new Error('a quote is not closed');
      var phrase = text.slice(i + 1, end).trim();
      if (phrase) tokens.push({ kind: 'atom', text: phrase, phrase: true });
      i = end + 1;
      continue;
    }
    var start = i;
    while (i < text.length && !/[\s()"]/.test(text.charAt(i))) i += text.charAt(i) === '\\' ? 2 : 1;
    var word = text.slice(start, i).replace(/\\(.)/g, '$1');
    tokens.push(OPERATORS[word] ? { kind: word, text: word } : { kind: 'atom', text: word });
  }
  return tokens;
}

function peek(p) { return p.tokens[p.at]; }

function parseOr(p) {
  var left = parseAnd(p);
  while (peek(p) && peek(p).kind === 'or') {
    p.at++;
    left = (function (a, b) { return function (sc) { return a(sc) || b(sc); }; })(left, parseAnd(p));
  }
  return left;
}

function parseAnd(p) {
  var left = parseNot(p);
  for (;;) {
    var next = peek(p);
    if (!next || next.kind === 'or' || next.kind === ')') return left;
    if (next.kind === 'and') p.at++;
    left = (function (a, b) { return function (sc) { return a(sc) && b(sc); }; })(left, parseNot(p));
  }
}

function parseNot(p) {
  var next = peek(p);
  if (!next) throw new Error('it ends where a word or tag should follow');
  if (next.kind === 'not') {
    p.at++;
    var inner = parseNot(p);
    return function (sc) { return !inner(sc); };
  }
  if (next.kind === '(') {
    p.at++;
    var group = parseOr(p);
    if (!peek(p) || peek(p).kind !== ')') throw new Error('a parenthesis is not closed');
    p.at++;
    return group;
  }
  if (next.kind !== 'atom') throw new Error('"' + next.text + '" where a word or tag should be');
  p.at++;
  return atomMatcher(next);
}

/** A tag matches whole (as --tags); a word is looked for in the text, and matches a tag or criterion of that name. */
function atomMatcher(token) {
  if (!token.phrase && token.text.charAt(0) === '@') {
    var tag = token.text;
    return function (sc) { return sc.t.indexOf(tag) >= 0; };
  }
  var word = token.text.toLowerCase(), asTag = '@' + word, storyPrefix = asTag + '-';
  return function (sc) {
    if (searchText(sc).indexOf(word) >= 0) return true;
    var tags = sc.tl || (sc.tl = sc.t.map(function (t) { return t.toLowerCase(); }));
    for (var i = 0; i < tags.length; i++) {
      if (tags[i] === asTag || (tags[i].lastIndexOf(storyPrefix, 0) === 0 && isCriterionTag(sc.t[i]))) return true;
    }
    return false;
  };
}

function isCriterionTag(tag) { return !!criteriaById()[tag.slice(1)]; }

/** The words and tags to mark: those not under a `not`. */
function collectHits(tokens, hits) {
  for (var i = 0; i < tokens.length; i++) {
    var t = tokens[i];
    if (t.kind === 'not') {
      while (i + 1 < tokens.length && tokens[i + 1].kind === 'not') i++;
      if (i + 1 < tokens.length && tokens[i + 1].kind === '(') {
        var depth = 0;
        do {
          i++;
          if (tokens[i].kind === '(') depth++;
          else if (tokens[i].kind === ')') depth--;
        } while (depth > 0 && i + 1 < tokens.length);
      } else {
        i++;
      }
    } else if (t.kind === 'atom') {
      if (!t.phrase && t.text.charAt(0) === '@') hits.tags.push(t.text); else hits.words.push(t.text.toLowerCase());
    }
  }
}

/** The lower-cased text a scenario's words are looked for in (built once, on the first search). */
function searchText(sc) {
  if (sc.q === undefined) {
    var feature = model.features[sc.f], parts = [sc.n, feature.name, feature.uri + ':' + sc.l];
    if (sc.r !== undefined && sc.r >= 0) parts.push(feature.rules[sc.r].name);
    if (sc.o !== undefined) parts.push(feature.outlines[sc.o].name);
    for (var i = 0; i < sc.p.length; i++) {
      var step = sc.p[i];
      parts.push((step.k || '') + (step.x || step.h || ''));
    }
    sc.q = parts.join('\n').toLowerCase();
  }
  return sc.q;
}

function queryMatches(query, sc) {
  if (query.error || !query.expression) return true;
  return query.expression.evaluate(sc);
}

var HIT_PLACES = '.scenario-name, .step-text, .rule-title, .feature-title, .outline-name, .facts, .tag';

/** Marks the current query's hits inside a freshly built part of the page. */
function markHits(root) {
  var hits = state.query.hits;
  if (!root || !hits || (!hits.words.length && !hits.tags.length)) return;
  Array.prototype.forEach.call(root.querySelectorAll(HIT_PLACES), function (node) {
    if (node.classList.contains('tag')) {
      var tag = node.textContent, lower = tag.toLowerCase();
      if (hits.tags.indexOf(tag) >= 0 || hits.words.some(function (w) { return lower === '@' + w || lower.indexOf(w) >= 0; })) node.classList.add('hit');
      return;
    }
    if (hits.words.length) markWords(node, hits.words);
  });
}

function markWords(node, words) {
  var walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT), texts = [];
  while (walker.nextNode()) texts.push(walker.currentNode);
  texts.forEach(function (textNode) {
    var text = textNode.nodeValue, lower = text.toLowerCase(), ranges = [];
    words.forEach(function (w) {
      for (var at = lower.indexOf(w); w && at >= 0; at = lower.indexOf(w, at + w.length)) ranges.push([at, at + w.length]);
    });
    if (!ranges.length) return;
    ranges.sort(function (a, b) { return a[0] - b[0]; });
    var fragment = document.createDocumentFragment(), last = 0;
    ranges.forEach(function (r) {
      if (r[0] < last) return;
      fragment.appendChild(document.createTextNode(text.slice(last, r[0])));
      fragment.appendChild(el('mark', 'hit', text.slice(r[0], r[1])));
      last = r[1];
    });
    fragment.appendChild(document.createTextNode(text.slice(last)));
    textNode.parentNode.replaceChild(fragment, textNode);
  });
}
