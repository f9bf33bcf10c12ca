// Tag expressions with the meaning of `specrun --tags` (a port of Sources/TagExpressions: the official
// tokenizer and shunting-yard parser). parseTagExpression(text) returns {evaluate(tags), toString()} or throws
// an Error whose message is the official one.
var parseTagExpression = (function () {
  var PRECEDENCE = { '(': -2, ')': -1, or: 0, and: 1, not: 2 };
  var WHITESPACE = /[\s\uFEFF]/;

  function fail(source, problem) {
    return new Error('Tag expression "' + source + '" could not be parsed because of syntax error: ' + problem + '.');
  }

  function tokenize(source) {
    var tokens = [], token = '', escaped = false, chars = Array.from(source);
    function flush() { if (token) { tokens.push(token); token = ''; } }
    for (var i = 0; i < chars.length; i++) {
      var c = chars[i];
      if (escaped) {
        if (c !== '(' && c !== ')' && c !== '\\' && !WHITESPACE.test(c)) throw fail(source, 'Illegal escape before "' + c + '"');
        token += c;
        escaped = false;
      } else if (c === '\\') {
        escaped = true;
      } else if (c === '(' || c === ')' || WHITESPACE.test(c)) {
        flush();
        if (!WHITESPACE.test(c)) tokens.push(c);
      } else {
        token += c;
      }
    }
    // (A backslash that ends the expression escapes nothing and is dropped, as the official implementations do.)
    flush();
    return tokens;
  }

  function escapeLiteral(name) {
    return Array.from(name).map(function (c) {
      if (c === '\\') return '\\\\';
      if (c === '(' || c === ')') return '\\' + c;
      return WHITESPACE.test(c) ? '\\' + c : c;
    }).join('');
  }

  function literal(name) {
    return { evaluate: function (tags) { return tags.indexOf(name) >= 0; }, toString: function () { return escapeLiteral(name); } };
  }
  function and(left, right) {
    return { evaluate: function (tags) { return left.evaluate(tags) && right.evaluate(tags); },
      toString: function () { return '( ' + left + ' and ' + right + ' )'; } };
  }
  function or(left, right) {
    return { evaluate: function (tags) { return left.evaluate(tags) || right.evaluate(tags); },
      toString: function () { return '( ' + left + ' or ' + right + ' )'; } };
  }
  function not(operand) {
    return { evaluate: function (tags) { return !operand.evaluate(tags); }, binary: false,
      toString: function () { return operand.binary ? 'not ' + operand : 'not ( ' + operand + ' )'; } };
  }
  var always = { evaluate: function () { return true; }, toString: function () { return ''; } };

  return function parse(source) {
    var tokens = tokenize(source);
    if (!tokens.length) return always;
    var expressions = [], operators = [], expected = 'operand';
    function check(actual) { if (expected !== actual) throw fail(source, 'Expected ' + expected); }
    function push(op) {
      if (op === 'and' || op === 'or') {
        if (expressions.length < 2) throw fail(source, 'Expected operand');
        var right = expressions.pop(), left = expressions.pop();
        var node = op === 'and' ? and(left, right) : or(left, right);
        node.binary = true;
        expressions.push(node);
      } else if (op === 'not') {
        if (!expressions.length) throw fail(source, 'Expected operand');
        expressions.push(not(expressions.pop()));
      } else {
        throw fail(source, 'Unmatched ' + op);
      }
    }
    function isOperator(op) { return op === 'and' || op === 'or' || op === 'not'; }
    tokens.forEach(function (token) {
      if (token === 'not') {
        check('operand');
        operators.push('not');
        expected = 'operand';
      } else if (token === 'and' || token === 'or') {
        check('operator');
        while (operators.length && isOperator(operators[operators.length - 1]) &&
               PRECEDENCE[token] <= PRECEDENCE[operators[operators.length - 1]]) push(operators.pop());
        operators.push(token);
        expected = 'operand';
      } else if (token === '(') {
        check('operand');
        operators.push('(');
        expected = 'operand';
      } else if (token === ')') {
        check('operator');
        while (operators.length && operators[operators.length - 1] !== '(') push(operators.pop());
        if (!operators.length) throw fail(source, 'Unmatched )');
        operators.pop();
        expected = 'operator';
      } else {
        check('operand');
        expressions.push(literal(token));
        expected = 'operator';
      }
    });
    while (operators.length) {
      var top = operators.pop();
      if (top === '(') throw fail(source, 'Unmatched (');
      push(top);
    }
    if (expressions.length !== 1) throw fail(source, 'Expected operand');
    return expressions[0];
  };
})();
