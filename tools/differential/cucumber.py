"""Cucumber expressions: generated and mutated expressions with texts that should or should not match, ours
(CucumberExpressionsTests.DifferentialCasesTests) against `cucumber-expressions`: the tokens or the tokenizer's
error, the syntax tree or the parser's error, the error of building the expression, the regular expression, and each text's arguments; and regular expressions with groups, their arguments."""
import decimal
import glob
import json
import os
import re

from cucumber_expressions.expression import CucumberExpression
from cucumber_expressions.expression_parser import CucumberExpressionParser
from cucumber_expressions.expression_tokenizer import CucumberExpressionTokenizer
from cucumber_expressions.parameter_type_registry import ParameterTypeRegistry
from cucumber_expressions.regular_expression import RegularExpression

import common

REGISTRY = ParameterTypeRegistry()
WORDS = ["I", "have", "cucumber", "belly", "a", "the", "x", "ünï", "日本", "1", "-", "'", "\"", ".", "?", "*", "^",
         "$", "[", "]", "|", "+", "€"]
PARAMETERS = ["{int}", "{word}", "{string}", "{}", "{float}", "{double}", "{biginteger}", "{bigdecimal}", "{long}",
              "{short}", "{byte}", "{unknown}", "{ int }", "{a(b}", "{x\\}"]
ESCAPES = ["\\(", "\\)", "\\{", "\\}", "\\/", "\\\\", "\\ ", "\\a", "\\", "\\\t", "\\\u00a0", "\\😀"]
STRAY = ["(", ")", "{", "}", "/", " ", "  ", "()", "{}", "( )", "((a))", "({int})", "(a/b)", "a/", "/b", "//",
         "\t", "\u00a0", "😀", "(\\))", "(a\\/b)", "{int}/x", "x/{int}", "(a)/b", "a/(b)", "{int}(s)", "(s){int}",
         "{in t}", "{😀}", "{\\}", "(\\()"]
# Parameter types whose regexps the Python port writes differently from the official ones: regexps and numbers
# are compared only without them.
PORT_REGEXPS = ("{float}", "{double}", "{bigdecimal}", "{string}")
PORT_NUMBERS = ("{float}", "{double}", "{bigdecimal}")
PORT_KNOWN = "known: the port's float regexp is not the official one (other matches and splits of the text)"


def piece(r):
    roll = r.random()
    if roll < 0.35:
        return [("text", r.choice(WORDS))]
    if roll < 0.5:
        return [("param", r.choice(PARAMETERS[:11] if r.random() < 0.9 else PARAMETERS))]
    if roll < 0.62:
        return [("optional", r.choice(WORDS[:9]))]
    if roll < 0.75:
        return [("alternation", [r.choice(WORDS[:9]) for _ in range(r.randint(2, 3))])]
    if roll < 0.87:
        return [("raw", r.choice(ESCAPES))]
    return [("raw", r.choice(STRAY))]


def render(pieces):
    out = ""
    for kind, value in pieces:
        if kind in ("text", "param", "raw"):
            out += value
        elif kind == "optional":
            out += f"({value})"
        else:
            out += "/".join(value)
    return out


def sample_text(r, pieces):
    """A text the expression probably matches."""
    out = ""
    for kind, value in pieces:
        if kind == "text":
            out += value
        elif kind == "param":
            out += {"{int}": r.choice(["0", "42", "-7", "007"]), "{word}": r.choice(["abc", "ü", "x1", "a\u00a0b", "a\tb", "😀"]),
                    "{string}": r.choice(['"a b"', "'c'", '""', '"a\\"b"', "'it\\'s'"]),
                    "{}": r.choice(["", "any thing", "4", "\n", "a\u2028b"]), "{float}": r.choice(["1.5", "-2", ".5", "3"]),
                    "{double}": r.choice(["2.25", "-1"]), "{biginteger}": r.choice(["123456789012345678901234567890"]),
                    "{bigdecimal}": r.choice(["1.25", "-0.5"]), "{long}": "-9", "{short}": "12", "{byte}": "7"
                    }.get(value, "x")
        elif kind == "optional":
            out += value if r.random() < 0.5 else ""
        elif kind == "alternation":
            out += r.choice(value)
        elif kind == "raw":
            out += value[1:] if value.startswith("\\") and len(value) > 1 else value
    return out


def shared_expressions(shared):
    out = []
    for path in sorted(glob.glob(os.path.join(shared, "conformance", "cucumber-expressions", "cucumber-expression",
                                               "*", "*.json"))):
        with open(path, encoding="utf-8") as f:
            case = json.load(f)
        out.append((case["expression"], case.get("text")))
    return out


REGEX_PARTS = ["(\\d+)", "(-?\\d+)", "(.*)", "([^\\s]+)", "(\\w+)", "(a|b)", "(?:x|y)", "( not)?", "(b )?",
               "((a)(b))", "(\\()", "[()]", "\\(", "(?=a)", "(x(?:y)?)", "([a-z]*)", "(\\d+)?", "()", "I have ", "cukes",
               " ", "ü", "😀", "(?i)"]


def regular_case(r):
    """A regular expression of groups (nested, optional, non-capturing, escaped parentheses) and texts."""
    parts = [r.choice(REGEX_PARTS) for _ in range(r.randint(1, 5))]
    pattern = r.choice(["^", "", "^"]) + "".join(parts) + r.choice(["$", "", "$"])
    if "(?i)" in pattern:
        pattern = "(?i)" + pattern.replace("(?i)", "")
    fills = {"(\\d+)": ["42", "007"], "(-?\\d+)": ["-3", "5"], "(.*)": ["", "any thing"], "([^\\s]+)": ["w"],
             "(\\w+)": ["abc"], "(a|b)": ["a", "b"], "(?:x|y)": ["x"], "( not)?": ["", " not"], "(b )?": ["", "b "],
             "((a)(b))": ["ab"], "(\\()": ["("], "[()]": ["(", ")"], "\\(": ["("], "(?=a)": [""],
             "(x(?:y)?)": ["x", "xy"], "([a-z]*)": ["", "q"], "(\\d+)?": ["", "9"], "()": [""], "(?i)": [""]}
    texts = ["".join(r.choice(fills.get(p, [p])) for p in parts) for _ in range(3)]
    return {"expression": pattern, "texts": texts, "regular": True}


def generate(r, count, shared):
    seeds = shared_expressions(shared)
    cases = []
    for _ in range(count):
        if r.random() < 0.2:
            cases.append(regular_case(r))
            continue
        if r.random() < 0.3:
            expression, text = r.choice(seeds)
            chars = list(expression)
            for _ in range(r.randint(0, 2)):
                i = r.randrange(len(chars) + 1)
                if r.random() < 0.5 and chars:
                    del chars[min(i, len(chars) - 1)]
                else:
                    chars.insert(i, r.choice(["(", ")", "{", "}", "/", "\\", " ", "a", "{int}"]))
            expression = "".join(chars)
            texts = [t for t in [text, expression] if t is not None]
        else:
            pieces = []
            for _ in range(r.randint(1, 6)):
                pieces += piece(r)
                if r.random() < 0.6:
                    pieces.append(("text", " "))
            expression = render(pieces)
            texts = [sample_text(r, pieces) for _ in range(3)] + [expression]
        cases.append({"expression": expression, "texts": texts})
    return cases


def value(v):
    if v is None:
        return {"kind": "null"}
    if isinstance(v, bool):
        return {"kind": "bool", "value": str(v)}
    if isinstance(v, int):
        return {"kind": "int", "value": str(v)}
    if isinstance(v, float):
        return {"kind": "float", "value": repr(v)}
    if isinstance(v, decimal.Decimal):
        return {"kind": "decimal", "value": str(v)}
    if isinstance(v, str):
        return {"kind": "string", "value": v}
    return {"kind": type(v).__name__, "value": str(v)}


def oracle(case):
    result = {}
    if case.get("regular"):
        try:
            expression = RegularExpression(case["expression"], REGISTRY)
        except Exception as e:  # noqa: BLE001
            return {"error": str(e)}
        result["regexp"] = expression.regexp
        result["matches"] = [match(expression, text) for text in case["texts"]]
        return result
    try:
        result["tokens"] = [t.to_json() for t in CucumberExpressionTokenizer().tokenize(case["expression"])]
    except Exception as e:  # noqa: BLE001
        result["tokenError"] = str(e)
    try:
        result["ast"] = CucumberExpressionParser().parse(case["expression"]).to_json()
    except Exception as e:  # noqa: BLE001 - every error is a result to compare
        result["parseError"] = str(e)
    try:
        expression = CucumberExpression(case["expression"], REGISTRY)
    except Exception as e:  # noqa: BLE001
        result["error"] = str(e)
        return result
    result["regexp"] = expression.regexp
    result["matches"] = [match(expression, text) for text in case["texts"]]
    return result


def match(expression, text):
    try:
        arguments = expression.match(text)
        return {"arguments": None if arguments is None else [value(a.value) for a in arguments]}
    except Exception as e:  # noqa: BLE001
        return {"error": str(e)}


def normalize_ast(node):
    node = dict(node)
    if node.get("token") is not None:
        node.pop("nodes", None)
    elif "nodes" in node:
        node["nodes"] = [normalize_ast(n) for n in node["nodes"]]
    node.pop("token", None) if node.get("token") is None else None
    return node


def same_number(a, b):
    if a["kind"] != b["kind"] or a["kind"] not in ("float", "decimal"):
        return a == b
    try:
        x, y = float(a["value"]), float(b["value"])
    except ValueError:
        return False
    return abs(x - y) <= 1e-6 * max(1.0, abs(x), abs(y))


def compare(case, ours, theirs):
    ours = {k: v for k, v in ours.items() if v is not None}
    if case.get("regular"):
        if ("error" in ours) != ("error" in theirs):
            return "regular: error vs expression" if "error" in ours else "regular: expression vs error"
        if "error" in ours:
            return None  # the messages are the regular expression engines' own
        return compare_matches(case, ours, theirs, "regular: ")
    if ("tokenError" in ours) != ("tokenError" in theirs):
        return "token error vs tokens" if "tokenError" in ours else "tokens vs token error"
    if ours.get("tokenError") != theirs.get("tokenError"):
        return "different token error"
    if ours.get("tokens") != theirs.get("tokens"):
        return "different tokens"
    if ("parseError" in ours) != ("parseError" in theirs):
        return "parse error vs tree" if "parseError" in ours else "tree vs parse error"
    if ours.get("parseError") != theirs.get("parseError"):
        return "different parse error"
    if "ast" in ours and normalize_ast(ours["ast"]) != normalize_ast(theirs["ast"]):
        return "different syntax tree"
    if ("error" in ours) != ("error" in theirs):
        return "error vs expression" if "error" in ours else "expression vs error"
    if ours.get("error") != theirs.get("error"):
        return "different error"
    if "error" in ours:
        return None
    ported = any(p in case["expression"] for p in PORT_REGEXPS)
    if not ported and ours["regexp"] != theirs["regexp"]:
        return "different regexp"
    return compare_matches(case, ours, theirs, "")


def compare_matches(case, ours, theirs, prefix):
    ported = any(p in case["expression"] for p in PORT_REGEXPS)
    numbers = any(p in case["expression"] for p in PORT_NUMBERS)
    for text, mine, its in zip(case["texts"], ours["matches"], theirs["matches"]):
        mine = {k: v for k, v in mine.items() if v is not None or k == "arguments"}
        if "error" in mine or "error" in its:
            if "can not be represented as" in str(mine.get("error")) and its.get("arguments"):
                return "known: a number out of its type's range is an error here, the port does not check ranges"
            if not ported and mine != its:
                return prefix + "different match error"
            continue
        a, b = mine.get("arguments"), its.get("arguments")
        if (a is None) != (b is None):
            if a is None and any(c in text for c in "\r\u0085\u2028\u2029"):
                return ("known: the port's `.` matches \\r, U+0085, U+2028 and U+2029 (Java's does not, nor "
                        "JavaScript's but for U+0085)")
            if case.get("regular") and re.search(case["expression"], text) and not re.match(case["expression"], text):
                return "known: the port matches a regular expression at the start of the text only (re.match)"
            if numbers:
                return PORT_KNOWN
            return prefix + ("match vs no match" if a is not None else "no match vs match")
        if a is not None and (len(a) != len(b) or not all(same_number(x, y) for x, y in zip(a, b))):
            return PORT_KNOWN if numbers else prefix + "different arguments"
    return None


def ours(cases, context):
    return common.run_xctest(context["package"], "CucumberExpressionsTests.DifferentialCasesTests",
                             "SPECRUN_DIFFERENTIAL_CUCUMBER_CASES", cases)


def signatures(cases, context):
    return [compare(c, o, oracle(c)) for c, o in zip(cases, ours(cases, context))]


def skipped(case):
    return False


def candidates(case):
    text, texts = case["expression"], case["texts"]
    extra = {"regular": True} if case.get("regular") else {}
    out = [{"expression": text, "texts": texts[:i] + texts[i + 1:], **extra}
           for i in range(len(texts)) if len(texts) > 1]
    out += [{"expression": text[:i] + text[i + 1:], "texts": texts, **extra} for i in range(len(text))]
    out += [{"expression": text, "texts": texts[:i] + [t[:j] + t[j + 1:]] + texts[i + 1:], **extra}
            for i, t in enumerate(texts) for j in range(len(t))]
    return out[:150]


def describe(cases, context):
    out = []
    for case, mine in zip(cases, ours(cases, context)):
        theirs = oracle(case)
        mine = {k: v for k, v in mine.items() if v is not None}
        lines = [f"expression {json.dumps(case['expression'], ensure_ascii=False)}, "
                 f"texts {json.dumps(case['texts'], ensure_ascii=False)}"]
        for key in ("tokenError", "tokens", "parseError", "error", "regexp", "matches"):
            if mine.get(key) != theirs.get(key):
                lines.append(f"  {key}: ours   {json.dumps(mine.get(key), ensure_ascii=False)}")
                lines.append(f"  {key}: oracle {json.dumps(theirs.get(key), ensure_ascii=False)}")
        if len(lines) == 1:
            lines.append(f"  ast: ours   {json.dumps(mine.get('ast'), ensure_ascii=False)}")
            lines.append(f"  ast: oracle {json.dumps(theirs.get('ast'), ensure_ascii=False)}")
        out.append("\n".join(lines))
    return out
