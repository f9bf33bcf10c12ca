"""Tag expressions: generated and mutated expressions, ours (TagExpressionsTests.DifferentialCasesTests) against
`cucumber-tag-expressions`."""
import json
import os

from cucumber_tag_expressions import parse as oracle_parse
from cucumber_tag_expressions.parser import TagExpressionError

import common

NAMES = ["@a", "@b", "@c", "x", "y", "@wip", "@slow", "@ä", "@日本", "@a-b_c", "@a.b", "@@", "a@b", "@a\\(1\\)",
         "@a\\\\b", "\\(", "@x\\)", "@a\\ b", "nota", "@and", "andor", "@or", "NOT", "And", "@a'b", "@a\"b", "#x"]
OPERATORS = ["and", "or", "not", "(", ")"]
BAD = ["\\y", "\\", "\\@a", "@a\\", "\\\\\\", "@a\\b", "\\ ", "\\)", "\\(", "\\\t"]


def unescape(name):
    out, escaped = "", False
    for c in name:
        if escaped:
            out += c
            escaped = False
        elif c == "\\":
            escaped = True
        else:
            out += c
    return out


def expression(r, depth=0):
    """A random well-formed expression as a list of tokens."""
    roll = r.random()
    if depth > 4 or roll < 0.35:
        return [r.choice(NAMES)]
    if roll < 0.5:
        return ["not"] + expression(r, depth + 1)
    if roll < 0.65:
        return ["("] + expression(r, depth + 1) + [")"]
    return expression(r, depth + 1) + [r.choice(["and", "or"])] + expression(r, depth + 1)


def join(r, tokens):
    text = ""
    for i, token in enumerate(tokens):
        if i:
            prev = tokens[i - 1]
            tight = (prev == "(" or token == ")") and r.random() < 0.5
            text += "" if tight else r.choice([" ", " ", " ", "  ", "   "])
        text += token
    lead = r.choice(["", "", "", " ", "  "])
    trail = r.choice(["", "", "", " ", "  "])
    return lead + text + trail


def mutate(r, tokens):
    tokens = list(tokens)
    for _ in range(r.randint(1, 3)):
        op = r.random()
        i = r.randrange(len(tokens) + 1)
        if op < 0.3 and tokens:
            del tokens[min(i, len(tokens) - 1)]
        elif op < 0.6:
            tokens.insert(i, r.choice(OPERATORS + NAMES))
        elif op < 0.8:
            tokens.insert(i, r.choice(BAD))
        elif tokens:
            j = r.randrange(len(tokens))
            tokens[j] = r.choice(OPERATORS + NAMES + BAD)
    return tokens


def shared_expressions(shared):
    folder = os.path.join(shared, "conformance", "tag-expressions")
    out = []
    for name in ("evaluations.json", "parsing.json", "errors.json"):
        with open(os.path.join(folder, name), encoding="utf-8") as f:
            out += [c["expression"] for c in json.load(f)]
    return out


def generate(r, count, shared):
    seeds = shared_expressions(shared)
    cases = []
    for _ in range(count):
        roll = r.random()
        if roll < 0.2:
            text = r.choice(seeds)
            chars = list(text)
            for _ in range(r.randint(1, 3)):
                i = r.randrange(len(chars) + 1)
                if r.random() < 0.5 and chars:
                    del chars[min(i, len(chars) - 1)]
                else:
                    chars.insert(i, r.choice([" ", "(", ")", "\\", "a", "@", "x"]))
            text = "".join(chars)
        else:
            tokens = expression(r)
            if roll < 0.5:
                tokens = mutate(r, tokens)
            text = join(r, tokens)
        cases.append({"expression": text, "variables": variables(r, text)})
    return cases


def variables(r, text):
    names = sorted({unescape(n) for n in NAMES if n in text} | {"@a", "x"})
    sets = [[], names]
    for _ in range(4):
        sets.append(sorted(n for n in names if r.random() < 0.5))
    return sets


ORACLE_KINDS = [("Syntax error. Expected operand", "Expected operand"),
                ("Syntax error. Expected operator", "Expected operator"),
                ("Missing '('", "Unmatched )"), ("Unclosed '('", "Unmatched ("),
                ("Too few operands", "Expected operand")]


def oracle(case):
    text = case["expression"]
    try:
        expression = oracle_parse(text)
    except TagExpressionError as e:
        message = str(e)
        if message.startswith("Tag expression "):  # the official wording already (an illegal escape)
            return {"error": message}
        for marker, kind in ORACLE_KINDS:
            if marker in message:
                return {"error": f'Tag expression "{text}" could not be parsed because of syntax error: {kind}.'}
        return {"error": message}
    return {"formatted": str(expression), "results": [bool(expression(set(v))) for v in case["variables"]]}


def oracle_unreliable(text):
    """The Python tokenizer drops only " " and keeps any other unescaped whitespace as a token of its own (the
    other implementations drop all whitespace): such inputs say nothing."""
    escaped = False
    for c in text:
        if escaped:
            escaped = False
        elif c == "\\":
            escaped = True
        elif c.isspace() and c != " ":
            return True
    return False


def compare(ours, theirs):
    ours = {k: v for k, v in ours.items() if v is not None}
    if ("error" in ours) != ("error" in theirs):
        return "error vs no error" if "error" in ours else "no error vs error"
    found = common.first_difference(ours, theirs)
    return found and f"different {found.strip('.[] count')}"


def ours(cases, context):
    return common.run_xctest(context["package"], "TagExpressionsTests.DifferentialCasesTests",
                             "SPECRUN_DIFFERENTIAL_TAG_CASES", cases)


def signatures(cases, context):
    """One signature per case: None when both sides agree (or the oracle cannot tell), else what differs."""
    results = ours(cases, context)
    return [(None if oracle_unreliable(c["expression"]) else compare(o, oracle(c))) for c, o in zip(cases, results)]


def skipped(case):
    return oracle_unreliable(case["expression"])


def candidates(case):
    text = case["expression"]
    words = text.split(" ")
    out = [{"expression": " ".join(words[:i] + words[i + 1:]), "variables": case["variables"]}
           for i in range(len(words)) if len(words) > 1]
    for i in range(len(text)):
        shorter = text[:i] + text[i + 1:]
        out.append({"expression": shorter, "variables": case["variables"]})
    return out[:120]


def describe(cases, context):
    """Both sides' outputs for each case, for the report."""
    out = []
    for case, mine in zip(cases, ours(cases, context)):
        out.append(f"expression {json.dumps(case['expression'], ensure_ascii=False)}\n"
                   f"  ours   {json.dumps({k: v for k, v in mine.items() if v is not None}, ensure_ascii=False)}\n"
                   f"  oracle {json.dumps(oracle(case), ensure_ascii=False)}\n"
                   f"  variables {json.dumps(case['variables'], ensure_ascii=False)}")
    return out
