"""Gherkin inputs for tools/differential: features from a small grammar in the dialect file's languages (plain and
Markdown), line soups, and mutations of the shared conformance files."""
import json
import os

LANGUAGES = ["en", "fr", "de", "es", "ru", "ja", "zh-CN", "ar", "he", "em", "nl", "pt", "uk", "ko", "hi", "tlh",
             "en-pirate", "en-lol", "sv", "cy-GB"]  # not en-tx: its "Rule " differs in the PyPI release
TEXT = ["a step", "I have 5 cucumbers", "the <name> is <value>", "ünïcödé ✓", "日本語", "tab\there", "a | b",
        "x \\| y", "<a><b>", "emoji 😀 <name>", "a\u00a0b", "", "  spaced  ", "@notatag", "# not a comment", "\"quoted\"", "trailing\\"]
CELLS = ["a", "", " ", "b c", "\\|", "\\\\", "\\n", "x\\ny", "\\t", "é", "<name>", "<value>", "1", "\\", "日本",
         "  padded  ", "a\\|b\\\\c", "😀", "\u00a0x\u00a0", "a\u3000", "a\\", "\\x", "<>", "\\\\|"]


class Dialects:
    def __init__(self, shared):
        with open(os.path.join(shared, "conformance", "gherkin", "gherkin-languages.json"), encoding="utf-8") as f:
            self.data = json.load(f)
        self.languages = sorted(name for name in self.data if name != "en-tx")

    def keyword(self, r, language, kind):
        return r.choice(self.data[language][kind])


def ws(r):
    if r.random() < 0.03:
        return r.choice(["\u00a0", "\u3000", "\u2003", "\x0b", "\x0c", "\u0085", "\ufeff"])
    return r.choice(["", "", "", " ", "  ", "    ", "\t", " \t"])


def trail(r):
    if r.random() < 0.03:
        return r.choice(["\u00a0", "\u3000", "\u2003", "\x0b", "\x0c", "\u0085", "\ufeff"])
    return r.choice(["", "", "", "", " ", "\t", "  "])


class Grammar:
    def __init__(self, r, dialects, language):
        self.r, self.d, self.lang = r, dialects, language
        self.lines = []

    def kw(self, kind):
        return self.d.keyword(self.r, self.lang, kind)

    def add(self, text, indent=True):
        self.lines.append((ws(self.r) if indent else "") + text + trail(self.r))

    def tags(self):
        r = self.r
        for _ in range(r.choice([0, 0, 1, 2])):
            good = ["@a", "@b", "@tag-1", "@ü", "@x:y", "@a@b", "@a#b", "@@", "@😀", "@<name>"]
            tags = [r.choice(good if r.random() < 0.97 else ["@with space", "@", "a"]) for _ in range(r.randint(1, 3))]
            line = " ".join(tags)
            if r.random() < 0.2:
                line += " #comment"
            self.add(line)

    def description(self):
        r = self.r
        for _ in range(r.choice([0, 0, 0, 1, 2])):
            self.add(r.choice(["Some description", "  more text  ", "", "with | pipe", "# comment inside",
                               "\"\"\" not a docstring", "ünï"]))

    def comment(self):
        if self.r.random() < 0.15:
            self.add(self.r.choice(["# a comment", "#", "#language: fr", "   # indented"]), indent=False)

    def table(self, width=None):
        r = self.r
        width = width or r.randint(1, 3)
        for _ in range(r.randint(1, 3)):
            w = width if r.random() < 0.97 else width + r.choice([-1, 1])
            cells = [r.choice(CELLS) for _ in range(max(w, 0))]
            line = "|" + "|".join(r.choice(["", " ", "  "]) + c + r.choice(["", " "]) for c in cells) + "|"
            if r.random() < 0.02:
                line = line[:-1]
            self.add(line)

    def docstring(self):
        r = self.r
        delimiter = r.choice(['"""', "```", '"""', "````"])
        indent = r.choice(["", "  ", "    "])
        content_type = r.choice(["", "", "json", "text/plain", " markdown ", "type with space", "<name>", "x<value>"])
        self.lines.append(indent + delimiter + content_type + trail(r))
        for _ in range(r.randint(0, 3)):
            self.lines.append(r.choice(["", " "]) + indent + r.choice(
                ["content", "  deeper", '\\"\\"\\"', "\\`\\`\\`", '"""x', "```y", "<name>", "\ttab", "ünï", "|a|",
                 "Feature: not", "@tag", "# hash", "less", '\\"""', "\\```"]) + r.choice(["", " "]))
        if r.random() < 0.98:
            self.lines.append(r.choice(["", " ", indent]) + delimiter + trail(r))

    def steps(self, outline=False):
        r = self.r
        for _ in range(r.choice([0, 1, 2, 3])):
            kind = r.choice(["given", "when", "then", "and", "but"])
            keyword = self.kw(kind)
            text = r.choice(TEXT)
            if outline and r.random() < 0.5:
                text += r.choice([" <name>", " <name><value>", " <<name>>", " <name", " <>", " <na me>", " <😀>",
                                  " <a\\|b>", " <other> <name>"])
            self.add(keyword + text)
            roll = r.random()
            if roll < 0.2:
                self.table()
            elif roll < 0.35:
                self.docstring()
            self.comment()

    def scenario(self):
        r = self.r
        self.tags()
        outline = r.random() < 0.4
        keyword = self.kw("scenarioOutline" if outline and r.random() < 0.7 else "scenario")
        name = r.choice(["a scenario", "", " <name> ", "ünï", "name: with colon"])
        self.add(f"{keyword}:{r.choice([' ', '', '  '])}{name}")
        self.description()
        self.steps(outline)
        if outline or r.random() < 0.1:
            for _ in range(r.choice([0, 1, 1, 2])):
                self.tags()
                self.add(f"{self.kw('examples')}:{r.choice([' ', ''])}{r.choice(['', 'some examples'])}")
                self.description()
                if r.random() < 0.85:
                    width = r.randint(1, 5)
                    header = r.sample(["name", "value", "other", "", "name", "na me", "<name>", "a\\|b", "😀"], width)
                    self.add("| " + " | ".join(header) + " |")
                    if r.random() < 0.85:
                        self.table(width)

    def background(self):
        self.add(f"{self.kw('background')}:{self.r.choice([' ', ''])}{self.r.choice(['', 'bg'])}")
        self.description()
        self.steps()

    def feature(self):
        r = self.r
        if self.lang != "en" or r.random() < 0.2:
            self.lines.append(r.choice(["# language: ", "#language:", "  #  language:  "]) + self.lang + trail(r))
        self.comment()
        self.tags()
        self.add(f"{self.kw('feature')}:{r.choice([' ', ''])}{r.choice(['A feature', '', 'ünï  '])}")
        self.description()
        if r.random() < 0.3:
            self.background()
        for _ in range(r.randint(0, 3)):
            if r.random() < 0.25:
                self.tags()
                self.add(f"{self.kw('rule')}:{r.choice([' ', ''])}{r.choice(['a rule', ''])}")
                self.description()
                if r.random() < 0.3:
                    self.background()
                for _ in range(r.randint(0, 2)):
                    self.scenario()
            else:
                self.scenario()
            if r.random() < 0.3:
                self.lines.append("")
        return self.lines


def markdown(r, lines):
    """The lines as Markdown with Gherkin: headings for keyword lines, bullets for steps, tags in backticks, tables
    indented by 0 to 7 (2 to 5 make a Gherkin table), GFM separator rows and prose between."""
    out = []
    for line in lines:
        stripped = line.strip()
        if stripped.startswith("|"):
            out.append(r.choice(["", " ", "  ", "   ", "    ", "     ", "      ", "\t", "  "]) + stripped)
            if r.random() < 0.3:
                cells = stripped.count("|") - 1
                out.append("  |" + "|".join(r.choice(["---", ":-:", "-", ":--", "x-"]) for _ in range(max(cells, 1))) + "|")
        elif not stripped or stripped.startswith(("#", '"""', "```")):
            out.append(line)
        elif stripped.startswith("@"):
            out.append(r.choice(["", "  ", "text "]) + " ".join(f"`{t}`" for t in stripped.split()))
        elif ":" in stripped and not stripped.startswith(("Given", "When", "Then", "And", "But", "*")):
            out.append("#" * r.choice([1, 2, 3, 4, 6, 7]) + r.choice([" ", " ", "  ", "\t", ""]) + stripped)
        elif stripped.startswith(("Given", "When", "Then", "And", "But", "*")):
            out.append(r.choice(["* ", "- ", "  - ", "*", "+ ", "\t- ", "-"]) + stripped)
        else:
            out.append(line)
        if r.random() < 0.05:
            out.append(r.choice(["Some *prose* here.", "> quote", "1. numbered", "---", "<!-- html -->"]))
    return out


def random_line(r, d, language):
    g = Grammar(r, d, language)
    roll = r.random()
    if roll < 0.5:
        kind = r.choice(["feature", "background", "scenario", "scenarioOutline", "examples", "rule"])
        return g.kw(kind) + ":" + r.choice(["", " x"])
    if roll < 0.7:
        return g.kw(r.choice(["given", "when", "then", "and", "but"])) + r.choice(TEXT)
    return r.choice(["| a | b |", "|", "| \\| |", '"""', "```", "@tag", "# comment", "", "text", "\t", "@a @b"])


def soup(r, d):
    """A feature line, then lines of any kind in any order: every state of the parser meets every token, and
    the error recovery (several errors in a file) is exercised."""
    language = r.choice(LANGUAGES)
    g = Grammar(r, d, language)
    lines = [f"# language: {language}", f"{g.kw('feature')}: soup"]
    for _ in range(r.randint(1, 25)):
        roll = r.random()
        if roll < 0.5:
            lines.append(ws(r) + random_line(r, d, language if r.random() < 0.9 else r.choice(LANGUAGES)) + trail(r))
        elif roll < 0.6:
            g.lines = []
            g.table()
            lines += g.lines
        elif roll < 0.7:
            g.lines = []
            g.docstring()
            lines += g.lines
        elif roll < 0.8:
            lines.append(ws(r) + r.choice(["@a", "@b @c", "@a #c", "@x@y", "@ bad", "@"]) + trail(r))
        else:
            lines.append(ws(r) + r.choice(["text", "# c", "", "Scenario", "Given", "*x", "Examples", "|", "\\|"]))
    return lines


def mutate(r, d, text):
    crlf = "\r\n" in text
    lines = text.replace("\r\n", "\n").split("\n")
    for _ in range(r.randint(1, 3)):
        op = r.random()
        if not lines:
            lines = [""]
        i = r.randrange(len(lines))
        if op < 0.2:
            del lines[i]
        elif op < 0.3:
            lines.insert(i, lines[i])
        elif op < 0.4 and i + 1 < len(lines):
            lines[i], lines[i + 1] = lines[i + 1], lines[i]
        elif op < 0.6:
            lines.insert(i, ws(r) + random_line(r, d, r.choice(LANGUAGES)))
        elif op < 0.7:
            lines[i] = ws(r) + lines[i].lstrip()
        elif op < 0.8:
            lines[i] += r.choice([" ", "\t", "  ", "\u00a0", "\u3000"])
        elif op < 0.9 and lines[i]:
            j = r.randrange(len(lines[i]) + 1)
            lines[i] = lines[i][:j] + r.choice(["\\|", "\\\\", "\\n", "|", "é", "\t", "<x>", "\\"]) + lines[i][j:]
        else:
            crlf = not crlf
    return ("\r\n" if crlf else "\n").join(lines)


def shared_sources(shared):
    out = []
    for d in ("good", "bad"):
        folder = os.path.join(shared, "conformance", "gherkin", d)
        for name in sorted(os.listdir(folder)):
            if name.endswith((".feature", ".feature.md")):
                with open(os.path.join(folder, name), encoding="utf-8", newline="") as f:
                    out.append((name, f.read()))
    return out


def generate(r, count, shared):
    d = Dialects(shared)
    seeds = shared_sources(shared)
    inputs = []
    for _ in range(count):
        if r.random() < 0.15:
            text, suffix = "\n".join(soup(r, d)) + "\n", ".feature"
        elif r.random() < 0.4:
            name, text = r.choice(seeds)
            text = mutate(r, d, text)
            suffix = ".feature.md" if name.endswith(".md") else ".feature"
        else:
            as_markdown = r.random() < 0.2  # Markdown files have no language header: English
            language = "en" if as_markdown else r.choice(LANGUAGES if r.random() < 0.5 else d.languages)
            lines = Grammar(r, d, language).feature()
            if r.random() < 0.2:
                lines = mutate(r, d, "\n".join(lines)).split("\n")
            suffix = ".feature"
            if as_markdown:
                lines, suffix = markdown(r, [l for l in lines if not l.lstrip().startswith("#")]), ".feature.md"
            if r.random() < 0.05:
                lines.insert(r.randrange(len(lines) + 1), f"# language: {r.choice(LANGUAGES + ['no-such'])}")
            newline = "\r\n" if r.random() < 0.1 else "\n"
            text = newline.join(lines) + (newline if r.random() < 0.8 else "")
        inputs.append({"text": text, "suffix": suffix})
    return inputs
