// The search box: a tag expression (`@a and not @b`, `(@x or @y)`) means what it means to `--tags`, tags
// matching whole; other words (or "quoted phrases") must all appear in the scenario's name, feature, rule,
// location or step text. `login @smoke` is both: the tag and the word.

/** Parses the search text into {expression, words, error}. */
function parseQuery(text) {
  var query = { expression: null, words: [], error: null, text: text };
  var trimmed = text.trim();
  if (!trimmed) return query;
  var rest = trimmed.replace(/"([^"]*)"/g, function (all, phrase) {
    if (phrase.trim()) query.words.push(phrase.trim().toLowerCase());
    return ' ';
  });
  var words = rest.split(/\s+/).filter(Boolean);
  var operators = { and: 1, or: 1, not: 1 };
  var tagLike = words.filter(function (w) { return w.replace(/^[()]+|[()]+$/g, '').charAt(0) === '@'; });
  var looksLikeExpression = tagLike.length && words.every(function (w) {
    var bare = w.replace(/^[()]+|[()]+$/g, '');
    return !bare || bare.charAt(0) === '@' || operators[bare];
  });
  if (looksLikeExpression) {
    try {
      query.expression = parseTagExpression(rest);
      return query;
    } catch (e) {
      query.error = e.message;
    }
  }
  var tags = [];
  words.forEach(function (w) {
    var bare = w.replace(/^[()]+|[()]+$/g, '');
    if (!bare || (looksLikeExpression && operators[bare])) return;
    if (bare.charAt(0) === '@') tags.push(bare); else query.words.push(bare.toLowerCase());
  });
  if (tags.length) {
    query.expression = { evaluate: function (scenarioTags) {
      return tags.every(function (t) { return scenarioTags.indexOf(t) >= 0; });
    } };
  }
  return query;
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
  if (query.expression && !query.expression.evaluate(sc.t)) return false;
  if (!query.words.length) return true;
  var text = searchText(sc);
  for (var i = 0; i < query.words.length; i++) if (text.indexOf(query.words[i]) < 0) return false;
  return true;
}
